//! hb-peers-rs: the crates.io implementations of tools/oracle-rs as speed
//! peers, behind a small C ABI so that bench/peers.c times them in the same
//! process and the same interleaving as hashbench, OpenSSL and libsodium.
//!
//!   size_t      hb_rs_count(void);
//!   const char *hb_rs_name(size_t i);   hashbench registry name, or NULL
//!   const char *hb_rs_crate(size_t i);  crate that computes it, or NULL
//!   long        hb_rs_find(const char *name);   index, or -1
//!   size_t      hb_rs_hash(size_t i, const uint8_t *msg, size_t len,
//!                          uint8_t *out, size_t out_len);
//!
//! hb_rs_hash is one-shot, like hb_hash: it writes the digest (a fixed
//! hash: exactly its digest size, else nothing) or out_len bytes of an XOF
//! (out_len 0: the XOF's usual 32 or 64 bytes), and returns the number of
//! bytes written, 0 on a bad index or length.  All hashing is done by the
//! crates (versions pinned in Cargo.toml); this file is only glue.

use std::ffi::{c_char, CStr};

use digest::{Digest, ExtendableOutput, Update, XofReader};

type HashFn = fn(&[u8], &mut [u8]) -> bool;

fn fixed<D: Digest>(m: &[u8], out: &mut [u8]) -> bool {
    let d = D::digest(m);
    out.len() == d.len() && {
        out.copy_from_slice(&d);
        true
    }
}

// blake-hash implements the older digest 0.9 traits
fn fixed09<D: blake_hash::Digest>(m: &[u8], out: &mut [u8]) -> bool {
    let d = D::digest(m);
    out.len() == d.len() && {
        out.copy_from_slice(&d);
        true
    }
}

fn cubehash(bits: i32, m: &[u8], out: &mut [u8]) -> bool {
    // revision 2 = CubeHash16/32 with i = f = 160, as hashbench's cubehash_*;
    // the crate's run-time choice of AVX2 / SSE2 / scalar, its fastest (the
    // oracle pins the scalar backend, the reference it checks)
    let p = cubehash::CubeHashParams { revision: 2, hash_len_bits: bits };
    let mut h = cubehash::CubeHash::<cubehash::AutoBackend>::new(p);
    h.update(m);
    let d = h.finalize();
    out.len() == d.len() && {
        out.copy_from_slice(&d);
        true
    }
}

fn xof<X: Default + Update + ExtendableOutput>(m: &[u8], out: &mut [u8]) -> bool {
    let mut x = X::default();
    x.update(m);
    x.finalize_xof().read(out);
    true
}

fn cxof<X: digest::TryCustomizedInit + Update + ExtendableOutput>(m: &[u8], out: &mut [u8]) -> bool {
    match X::try_new_customized(b"") {
        Ok(mut x) => {
            x.update(m);
            x.finalize_xof().read(out);
            true
        }
        Err(_) => false,
    }
}

fn c224(m: &[u8], o: &mut [u8]) -> bool { cubehash(224, m, o) }
fn c256(m: &[u8], o: &mut [u8]) -> bool { cubehash(256, m, o) }
fn c384(m: &[u8], o: &mut [u8]) -> bool { cubehash(384, m, o) }
fn c512(m: &[u8], o: &mut [u8]) -> bool { cubehash(512, m, o) }

/// (NUL-terminated hashbench name, crate, default output bytes, XOF?, function)
struct Entry(&'static str, &'static str, usize, bool, HashFn);

static TABLE: &[Entry] = {
    use digest::consts::*;
    &[
        Entry("groestl_224\0", "groestl\0", 28, false, fixed::<groestl::Groestl224>),
        Entry("groestl_256\0", "groestl\0", 32, false, fixed::<groestl::Groestl256>),
        Entry("groestl_384\0", "groestl\0", 48, false, fixed::<groestl::Groestl384>),
        Entry("groestl_512\0", "groestl\0", 64, false, fixed::<groestl::Groestl512>),
        Entry("jh_224\0", "jh\0", 28, false, fixed::<jh::Jh224>),
        Entry("jh_256\0", "jh\0", 32, false, fixed::<jh::Jh256>),
        Entry("jh_384\0", "jh\0", 48, false, fixed::<jh::Jh384>),
        Entry("jh_512\0", "jh\0", 64, false, fixed::<jh::Jh512>),
        Entry("shabal_192\0", "shabal\0", 24, false, fixed::<shabal::Shabal192>),
        Entry("shabal_224\0", "shabal\0", 28, false, fixed::<shabal::Shabal224>),
        Entry("shabal_256\0", "shabal\0", 32, false, fixed::<shabal::Shabal256>),
        Entry("shabal_384\0", "shabal\0", 48, false, fixed::<shabal::Shabal384>),
        Entry("shabal_512\0", "shabal\0", 64, false, fixed::<shabal::Shabal512>),
        Entry("skein256_128\0", "skein\0", 16, false, fixed::<skein::Skein256<U16>>),
        Entry("skein256_160\0", "skein\0", 20, false, fixed::<skein::Skein256<U20>>),
        Entry("skein256_224\0", "skein\0", 28, false, fixed::<skein::Skein256<U28>>),
        Entry("skein256_256\0", "skein\0", 32, false, fixed::<skein::Skein256<U32>>),
        Entry("skein512_128\0", "skein\0", 16, false, fixed::<skein::Skein512<U16>>),
        Entry("skein512_160\0", "skein\0", 20, false, fixed::<skein::Skein512<U20>>),
        Entry("skein512_224\0", "skein\0", 28, false, fixed::<skein::Skein512<U28>>),
        Entry("skein512_256\0", "skein\0", 32, false, fixed::<skein::Skein512<U32>>),
        Entry("skein512_384\0", "skein\0", 48, false, fixed::<skein::Skein512<U48>>),
        Entry("skein512_512\0", "skein\0", 64, false, fixed::<skein::Skein512<U64>>),
        Entry("skein1024_384\0", "skein\0", 48, false, fixed::<skein::Skein1024<U48>>),
        Entry("skein1024_512\0", "skein\0", 64, false, fixed::<skein::Skein1024<U64>>),
        Entry("skein1024_1024\0", "skein\0", 128, false, fixed::<skein::Skein1024<U128>>),
        Entry("cubehash_224\0", "cubehash\0", 28, false, c224),
        Entry("cubehash_256\0", "cubehash\0", 32, false, c256),
        Entry("cubehash_384\0", "cubehash\0", 48, false, c384),
        Entry("cubehash_512\0", "cubehash\0", 64, false, c512),
        Entry("blake_224\0", "blake-hash\0", 28, false, fixed09::<blake_hash::Blake224>),
        Entry("blake_256\0", "blake-hash\0", 32, false, fixed09::<blake_hash::Blake256>),
        Entry("blake_384\0", "blake-hash\0", 48, false, fixed09::<blake_hash::Blake384>),
        Entry("blake_512\0", "blake-hash\0", 64, false, fixed09::<blake_hash::Blake512>),
        Entry("ascon_hash256\0", "ascon-hash256\0", 32, false, fixed::<ascon_hash256::AsconHash256>),
        Entry("ascon_xof128\0", "ascon-xof128\0", 32, true, xof::<ascon_xof128::AsconXof128>),
        Entry("ascon_cxof128\0", "ascon-xof128\0", 32, true, cxof::<ascon_xof128::AsconCxof128>),
        Entry("kt128\0", "k12\0", 32, true, cxof::<k12::CustomKt128>),
        Entry("kt256\0", "k12\0", 64, true, cxof::<k12::CustomKt256>),
    ]
};

#[no_mangle]
pub extern "C" fn hb_rs_count() -> usize {
    TABLE.len()
}

#[no_mangle]
pub extern "C" fn hb_rs_name(i: usize) -> *const c_char {
    TABLE.get(i).map_or(std::ptr::null(), |e| e.0.as_ptr().cast())
}

#[no_mangle]
pub extern "C" fn hb_rs_crate(i: usize) -> *const c_char {
    TABLE.get(i).map_or(std::ptr::null(), |e| e.1.as_ptr().cast())
}

/// # Safety
/// `name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn hb_rs_find(name: *const c_char) -> isize {
    if name.is_null() {
        return -1;
    }
    let n = CStr::from_ptr(name).to_bytes();
    TABLE
        .iter()
        .position(|e| &e.0.as_bytes()[..e.0.len() - 1] == n)
        .map_or(-1, |i| i as isize)
}

/// # Safety
/// `msg` points to `len` readable bytes (or `len` is 0), `out` to `out_len`
/// writable bytes (or the algorithm's digest size when `out_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn hb_rs_hash(i: usize, msg: *const u8, len: usize, out: *mut u8, out_len: usize) -> usize {
    let Some(e) = TABLE.get(i) else { return 0 };
    if out.is_null() || (msg.is_null() && len != 0) {
        return 0;
    }
    let n = if out_len == 0 { e.2 } else { out_len };
    if !e.3 && n != e.2 {
        return 0;
    }
    let m = if len == 0 { &[][..] } else { std::slice::from_raw_parts(msg, len) };
    let o = std::slice::from_raw_parts_mut(out, n);
    if (e.4)(m, o) {
        n
    } else {
        0
    }
}
