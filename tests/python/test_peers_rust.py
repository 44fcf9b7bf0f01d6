"""The Rust crates as speed peers (tools/peers-rs, timed by bench/peers.c):
the crate's digest is ours, and a peer whose digest differs is refused
rather than timed."""
from __future__ import annotations

import ctypes
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import hashbench
from hashbench import peers


@pytest.fixture(scope="module")
def rust_lib() -> Path:
    try:
        return peers.rust_peer_lib()
    except peers.PeerError as e:
        pytest.skip(f"Rust-crate peers unavailable: {e}")


def _load(lib: Path) -> ctypes.CDLL:
    so = ctypes.CDLL(str(lib))
    so.hb_rs_count.restype = ctypes.c_size_t
    so.hb_rs_name.restype = ctypes.c_char_p
    so.hb_rs_name.argtypes = [ctypes.c_size_t]
    so.hb_rs_find.restype = ctypes.c_long
    so.hb_rs_find.argtypes = [ctypes.c_char_p]
    so.hb_rs_hash.restype = ctypes.c_size_t
    so.hb_rs_hash.argtypes = [ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
    return so


def test_every_crate_digest_equals_ours(rust_lib: Path) -> None:
    so = _load(rust_lib)
    names = [so.hb_rs_name(i).decode() for i in range(so.hb_rs_count())]
    assert {"ascon_hash256", "groestl_256", "blake_256", "kt128"} <= set(names)
    rng = random.Random(18)
    for i, name in enumerate(names):
        if name not in hashbench.algorithms():      # shabal_192
            continue
        h = hashbench.new(name)
        n = h.digest_size or 32
        for size in (0, 1, 63, 64, 65, 200, 1000, 8193):
            msg = rng.randbytes(size)
            out = ctypes.create_string_buffer(n)
            assert so.hb_rs_hash(i, msg, size, out, n) == n, name
            assert out.raw == hashbench.new(name, msg).digest(*([] if h.digest_size else [n])), (name, size)


def test_bad_requests_write_nothing(rust_lib: Path) -> None:
    so = _load(rust_lib)
    out = ctypes.create_string_buffer(64)
    assert so.hb_rs_find(b"no_such_hash") == -1
    i = so.hb_rs_find(b"groestl_256")
    assert i >= 0
    assert so.hb_rs_hash(i, b"abc", 3, out, 31) == 0      # a fixed hash has one length
    assert so.hb_rs_hash(so.hb_rs_count(), b"abc", 3, out, 32) == 0
    assert so.hb_rs_hash(i, b"abc", 3, out, 0) == 32      # 0: the digest size


def test_hb_peers_times_the_crate(rust_lib: Path) -> None:
    rows = peers._c_peer_lines(["ascon_hash256", "kt128"], 1, [64, 1024], rust_lib, ms=1)
    got = {(r["algo"], r["peer"], r["size"]) for r in rows}
    v = peers.crate_versions()
    assert ("ascon_hash256", f"Rust ascon-hash256 {v['ascon-hash256']}", 1024) in got
    assert ("kt128", f"Rust k12 {v['k12']}", 64) in got
    assert all(r["ours_ns"] > 0 and r["peer_ns"] > 0 for r in rows)


FAKE_PEER = r"""
#include <stddef.h>
#include <string.h>
#include <stdint.h>
/* the hb-peers-rs ABI with a hash that is not groestl_256: every digest
 * byte zero but the last */
static const char *NAME = "groestl_256";
size_t hb_rs_count(void) { return 1; }
const char *hb_rs_name(size_t i) { return i == 0 ? NAME : NULL; }
const char *hb_rs_crate(size_t i) { return i == 0 ? "fake" : NULL; }
long hb_rs_find(const char *n) { return strcmp(n, NAME) == 0 ? 0 : -1; }
size_t hb_rs_hash(size_t i, const uint8_t *m, size_t len, uint8_t *out, size_t n)
{
    (void)i; (void)m;
    memset(out, 0, n);
    out[n - 1] = (uint8_t)len;
    return n;
}
"""


def test_a_peer_with_another_digest_is_refused(tmp_path: Path) -> None:
    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (cc) to build the fake peer")
    (tmp_path / "fake.c").write_text(FAKE_PEER)
    lib = tmp_path / "libfake.so"
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(lib), str(tmp_path / "fake.c")], check=True)
    with pytest.raises(peers.PeerError, match="groestl_256 and rust:fake differ at 64 bytes"):
        peers._c_peer_lines(["groestl_256"], 1, [64], lib, ms=1)


def test_missing_cargo_names_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(peers.shutil, "which", lambda _name: None)
    monkeypatch.setattr(peers.Path, "home", lambda: tmp_path)
    with pytest.raises(peers.PeerError, match="rustup"):
        peers.rust_peer_lib()
