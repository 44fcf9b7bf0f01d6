//! hb-oracle: independent reference outputs for hashbench differential tests.
//!
//! Protocol (line oriented, one answer line per request line):
//!   request:  <algo> <msg-hex> [<outlen>] [<custom-hex>]
//!   answer:   <digest-hex>            or   ERR <reason>
//!   request:  speed <algo> <bytes> <reps>
//!   answer:   <best nanoseconds of one hash of <bytes> zero bytes over <reps> runs>
//! (`speed` makes the same crates a performance peer: `hashbench peers`.)
//! `<msg-hex>` / `<custom-hex>` may be `-` for the empty string; `<outlen>`
//! (bytes) may be `-` for the algorithm's default.  Fixed-length hashes accept
//! an `<outlen>` only if it equals their digest size.  Algorithm names are the
//! hashbench registry names (src/algos.def); `list` prints all of them.
//!
//! All hashing is done by crates.io implementations (RustCrypto and others,
//! versions pinned in Cargo.toml / Cargo.lock); this file is only glue.

use std::io::{self, BufRead, BufWriter, Write};

use digest::{Digest, ExtendableOutput, Update, XofReader};

type Res = Result<Vec<u8>, String>;

fn fixed<D: Digest>(msg: &[u8]) -> Vec<u8> {
    D::digest(msg).to_vec()
}

fn fixed09<D: blake_hash::Digest>(msg: &[u8]) -> Vec<u8> {
    D::digest(msg).to_vec()
}

fn cubehash(bits: i32, msg: &[u8]) -> Vec<u8> {
    // revision 2 = CubeHash16/32 with i = f = 160 (round-2 normal parameters)
    let p = cubehash::CubeHashParams { revision: 2, hash_len_bits: bits };
    let mut h = cubehash::CubeHash::<cubehash::Scalar>::new(p);
    h.update(msg);
    h.finalize()
}

fn xof<X: Default + Update + ExtendableOutput>(msg: &[u8], n: usize) -> Vec<u8> {
    let mut x = X::default();
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    out
}

fn xof_custom<X: digest::TryCustomizedInit + Update + ExtendableOutput>(
    msg: &[u8],
    n: usize,
    custom: &[u8],
) -> Res {
    let mut x = X::try_new_customized(custom).map_err(|_| "invalid customization".to_string())?;
    x.update(msg);
    let mut out = vec![0u8; n];
    x.finalize_xof().read(&mut out);
    Ok(out)
}

/// Fixed-output algorithms: (name, digest bytes, function).
fn fixed_table() -> Vec<(&'static str, usize, fn(&[u8]) -> Vec<u8>)> {
    use digest::consts::*;
    vec![
        ("groestl_224", 28, fixed::<groestl::Groestl224>),
        ("groestl_256", 32, fixed::<groestl::Groestl256>),
        ("groestl_384", 48, fixed::<groestl::Groestl384>),
        ("groestl_512", 64, fixed::<groestl::Groestl512>),
        ("jh_224", 28, fixed::<jh::Jh224>),
        ("jh_256", 32, fixed::<jh::Jh256>),
        ("jh_384", 48, fixed::<jh::Jh384>),
        ("jh_512", 64, fixed::<jh::Jh512>),
        ("shabal_192", 24, fixed::<shabal::Shabal192>),
        ("shabal_224", 28, fixed::<shabal::Shabal224>),
        ("shabal_256", 32, fixed::<shabal::Shabal256>),
        ("shabal_384", 48, fixed::<shabal::Shabal384>),
        ("shabal_512", 64, fixed::<shabal::Shabal512>),
        ("skein256_128", 16, fixed::<skein::Skein256<U16>>),
        ("skein256_160", 20, fixed::<skein::Skein256<U20>>),
        ("skein256_224", 28, fixed::<skein::Skein256<U28>>),
        ("skein256_256", 32, fixed::<skein::Skein256<U32>>),
        ("skein512_128", 16, fixed::<skein::Skein512<U16>>),
        ("skein512_160", 20, fixed::<skein::Skein512<U20>>),
        ("skein512_224", 28, fixed::<skein::Skein512<U28>>),
        ("skein512_256", 32, fixed::<skein::Skein512<U32>>),
        ("skein512_384", 48, fixed::<skein::Skein512<U48>>),
        ("skein512_512", 64, fixed::<skein::Skein512<U64>>),
        ("skein1024_384", 48, fixed::<skein::Skein1024<U48>>),
        ("skein1024_512", 64, fixed::<skein::Skein1024<U64>>),
        ("skein1024_1024", 128, fixed::<skein::Skein1024<U128>>),
        ("cubehash_224", 28, |m| cubehash(224, m)),
        ("cubehash_256", 32, |m| cubehash(256, m)),
        ("cubehash_384", 48, |m| cubehash(384, m)),
        ("cubehash_512", 64, |m| cubehash(512, m)),
        ("blake_224", 28, fixed09::<blake_hash::Blake224>),
        ("blake_256", 32, fixed09::<blake_hash::Blake256>),
        ("blake_384", 48, fixed09::<blake_hash::Blake384>),
        ("blake_512", 64, fixed09::<blake_hash::Blake512>),
        ("ascon_hash256", 32, fixed::<ascon_hash256::AsconHash256>),
    ]
}

const XOFS: &[(&str, usize)] = &[
    ("ascon_xof128", 32),
    ("ascon_cxof128", 32),
    ("kt128", 32),
    ("kt256", 64),
];

fn run(line: &str) -> Res {
    let f: Vec<&str> = line.split(' ').collect();
    let unhex = |s: &str| -> Result<Vec<u8>, String> {
        if s.is_empty() || s == "-" {
            return Ok(Vec::new());
        }
        if s.len() % 2 != 0 {
            return Err("odd hex length".into());
        }
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| e.to_string()))
            .collect()
    };
    let algo = f[0];
    let msg = unhex(f.get(1).copied().unwrap_or(""))?;
    let outlen: Option<usize> = match f.get(2).copied() {
        None | Some("") | Some("-") => None,
        Some(s) => Some(s.parse().map_err(|_| format!("bad outlen {s}"))?),
    };
    let custom = unhex(f.get(3).copied().unwrap_or(""))?;
    if f.len() > 4 {
        return Err("too many fields".into());
    }
    let custom_given = f.len() == 4 && !custom.is_empty();

    for (name, dlen, func) in fixed_table() {
        if name == algo {
            if outlen.is_some_and(|n| n != dlen) {
                return Err(format!("{algo} has a fixed {dlen}-byte output"));
            }
            if custom_given {
                return Err(format!("{algo} takes no customization"));
            }
            return Ok(func(&msg));
        }
    }
    if let Some(&(_, dflt)) = XOFS.iter().find(|(n, _)| *n == algo) {
        let n = outlen.unwrap_or(dflt);
        if custom_given && !matches!(algo, "ascon_cxof128" | "kt128" | "kt256") {
            return Err(format!("{algo} takes no customization"));
        }
        return match algo {
            "ascon_xof128" => Ok(xof::<ascon_xof128::AsconXof128>(&msg, n)),
            "ascon_cxof128" => xof_custom::<ascon_xof128::AsconCxof128>(&msg, n, &custom),
            "kt128" => xof_custom::<k12::CustomKt128>(&msg, n, &custom),
            "kt256" => xof_custom::<k12::CustomKt256>(&msg, n, &custom),
            _ => unreachable!(),
        };
    }
    Err(format!("unknown algorithm {algo}"))
}

/// Best time in ns of hashing `bytes` zero bytes, over `reps` runs.
fn speed(args: &str) -> Result<u128, String> {
    let f: Vec<&str> = args.split(' ').collect();
    if f.len() != 3 {
        return Err("usage: speed <algo> <bytes> <reps>".into());
    }
    let bytes: usize = f[1].parse().map_err(|_| format!("bad size {}", f[1]))?;
    let reps: usize = f[2].parse().map_err(|_| format!("bad reps {}", f[2]))?;
    let msg = vec![0u8; bytes];
    let hash: Box<dyn Fn(&[u8]) -> Vec<u8>> = if let Some(t) = fixed_table().into_iter().find(|t| t.0 == f[0]) {
        Box::new(t.2)
    } else {
        let algo = f[0].to_string();
        if !XOFS.iter().any(|t| t.0 == algo) {
            return Err(format!("unknown algorithm {algo}"));
        }
        Box::new(move |m: &[u8]| match algo.as_str() {
            "ascon_xof128" => xof::<ascon_xof128::AsconXof128>(m, 32),
            "ascon_cxof128" => xof_custom::<ascon_xof128::AsconCxof128>(m, 32, b"").unwrap(),
            "kt128" => xof_custom::<k12::CustomKt128>(m, 32, b"").unwrap(),
            _ => xof_custom::<k12::CustomKt256>(m, 64, b"").unwrap(),
        })
    };
    let mut best = u128::MAX;
    for _ in 0..reps.max(1) {
        let t = std::time::Instant::now();
        std::hint::black_box(hash(std::hint::black_box(&msg)));
        best = best.min(t.elapsed().as_nanos());
    }
    Ok(best)
}

fn main() {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            continue;
        }
        if line == "list" {
            let mut names: Vec<&str> = fixed_table().iter().map(|t| t.0).collect();
            names.extend(XOFS.iter().map(|t| t.0));
            writeln!(out, "{}", names.join(" ")).unwrap();
        } else if let Some(args) = line.strip_prefix("speed ") {
            match speed(args) {
                Ok(ns) => writeln!(out, "{ns}").unwrap(),
                Err(e) => writeln!(out, "ERR {e}").unwrap(),
            }
        } else {
            match run(line) {
                Ok(d) => {
                    let mut s = String::with_capacity(2 * d.len());
                    for b in d {
                        s.push_str(&format!("{b:02x}"));
                    }
                    writeln!(out, "{s}").unwrap();
                }
                Err(e) => writeln!(out, "ERR {e}").unwrap(),
            }
        }
        out.flush().unwrap();
    }
}
