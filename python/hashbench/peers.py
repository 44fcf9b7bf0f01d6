"""Side-by-side speed of hashbench and the implementations a user could
install instead, measured in one run on this machine (a benchmark, not a
test).

ratios() (`hashbench peers`): ours / peer time at a few sizes, interleaved,
medians of runs, every peer's digest checked equal to ours first.  OpenSSL,
libsodium, libb2 and the Rust crates (tools/peers-rs: the crates of the
differential oracle as a cdylib, built with cargo into build/peers-rs) are
timed inside one C process with ours (bench/peers.c, which also keys the
MACs: HMAC against OpenSSL's EVP_MAC and libsodium, keyed BLAKE2 against
libsodium and libb2); Python packages whose
hashing runs in native code (blake3, pycryptodome) from Python, ours through
hashbench.hash (the extension's C entry point: the call a user makes).

compare() (`hashbench peers --mbps`): MB/s at 1 MiB of each, each with its
own clock: `openssl speed -evp`, time.perf_counter around the packages, and
the oracle binary (tools/oracle-rs) timing the crates with
std::time::Instant (best of several repetitions)."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypedDict

from .targets.host import HostTarget

SIZE = 1 << 20

#: hashbench name -> openssl -evp digest name
OPENSSL = {"sha256": "sha256", "sha512": "sha512", "sha3_256": "sha3-256", "sha3_512": "sha3-512",
           "shake_128": "shake128", "blake2b": "blake2b512", "blake2s": "blake2s256"}


#: one hash of a message by a peer (the result is not looked at)
HashFn = Callable[[bytes], object]


class Speed(TypedDict):
    algo: str
    implementation: str
    mbps: float
    method: str


class PeerLine(TypedDict):
    """One run of ours beside one peer at one size."""
    algo: str
    peer: str
    run: int
    size: int
    ours_ns: float
    peer_ns: float
    method: str


class PeerRatio(TypedDict):
    algo: str
    peer: str
    size: int
    kernel: str      # the implementation of ours that ran
    runs: int
    ratio: float     # median over runs of ours / peer time
    ours_ns: float
    peer_ns: float
    method: str


def _py_peers() -> dict[str, list[tuple[str, HashFn]]]:
    """hashbench name -> (peer label, callable(bytes))"""
    peers: dict[str, list[tuple[str, HashFn]]] = {}
    import hashlib

    def by_hashlib(h: str) -> HashFn:
        return lambda m: hashlib.new(h, m).digest()
    for n, h in (("sha256", "sha256"), ("sha3_256", "sha3_256"), ("blake2b", "blake2b"), ("blake2s", "blake2s")):
        peers.setdefault(n, []).append((f"hashlib.{h}", by_hashlib(h)))
    try:
        import blake3
        peers.setdefault("blake3", []).append(("blake3 (PyPI, 1 thread)", lambda m: blake3.blake3(m).digest()))
    except ImportError:
        pass
    try:
        from Crypto.Hash import KangarooTwelve, TurboSHAKE128, keccak
        peers.setdefault("kt128", []).append(("pycryptodome KangarooTwelve",
                                              lambda m: KangarooTwelve.new(data=m).read(32)))
        peers.setdefault("turboshake128", []).append(("pycryptodome TurboSHAKE128",
                                                      lambda m: TurboSHAKE128.new(data=m).read(32)))
        peers.setdefault("keccak_512", []).append(("pycryptodome keccak",
                                                   lambda m: keccak.new(data=m, digest_bits=512).digest()))
    except ImportError:
        pass
    return peers


ORACLE_DIR = Path(__file__).resolve().parents[2] / "tools" / "oracle-rs"
#: registry-name prefix -> crate of the Rust oracle (versions pinned in its Cargo.toml)
RUST_CRATES = {"groestl": "groestl", "jh": "jh", "shabal": "shabal", "skein": "skein",
               "blake_": "blake-hash", "cubehash": "cubehash", "ascon_hash": "ascon-hash256",
               "ascon_xof": "ascon-xof128", "ascon_cxof": "ascon-xof128", "kt": "k12"}


def rust_oracle() -> Path | None:
    """The hb-oracle binary, built with cargo on first use (None without cargo)."""
    binary = ORACLE_DIR / "target" / "release" / "hb-oracle"
    if not binary.exists():
        if shutil.which("cargo") is None:
            return None
        r = subprocess.run(["cargo", "build", "--release", "--locked", "--manifest-path",
                            str(ORACLE_DIR / "Cargo.toml")], capture_output=True, text=True, timeout=900)
        if r.returncode != 0 or not binary.exists():
            return None
    return binary


def rust_mbps(binary: Path, name: str, reps: int = 101) -> float | None:
    # about as many repetitions as hb-bench makes of ours in its 0.3 s, so
    # that both best times have the same chances of a quiet time slice on a
    # shared machine (7 were all preempted at a load average of 15)
    r = subprocess.run([str(binary)], input=f"speed {name} {SIZE} {reps}\n", capture_output=True,
                       text=True, timeout=300)
    ans = r.stdout.strip()
    return SIZE / (int(ans) * 1e-9) / 1e6 if ans.isdigit() and int(ans) > 0 else None


def rust_crate(name: str) -> str | None:
    return next((c for p, c in RUST_CRATES.items() if name.startswith(p)), None)


def openssl_mbps(name: str, seconds: int = 1) -> float | None:
    if shutil.which("openssl") is None:
        return None
    r = subprocess.run(["openssl", "speed", "-evp", name, "-bytes", str(SIZE), "-seconds", str(seconds)],
                       capture_output=True, text=True, timeout=120)
    m = re.search(rf"^{re.escape(name)}\s+([\d.]+)k", r.stdout, re.M | re.I)
    return float(m.group(1)) * 1000 / 1e6 if m else None


def py_mbps(fn: HashFn, reps: int = 7) -> float:
    m = bytes(SIZE)
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        fn(m)
        best = min(best, time.perf_counter() - t)
    return SIZE / best / 1e6


def compare(names: list[str]) -> Iterator[Speed]:
    """Yield dicts: algo, implementation, mbps, method."""
    host = HostTarget()
    peers = _py_peers()
    rust = rust_oracle() if any(rust_crate(n) for n in names) else None
    for name in names:
        for row in host.run([name], [SIZE], 0, seconds=0.3, min_reps=11):
            # the fastest repetition, as every peer's figure here is its best
            # (on a loaded machine the median of a 1 MiB hash is mostly waits)
            if row.get("min") and row.get("clock_hz"):
                yield {"algo": name, "implementation": f"hashbench {row['impl']} (-O2)",
                       "mbps": SIZE / (row["min"] / row["clock_hz"]) / 1e6, "method": "hb-bench minimum, TSC"}
        if name in OPENSSL:
            v = openssl_mbps(OPENSSL[name])
            if v:
                yield {"algo": name, "implementation": "OpenSSL " + _openssl_version(), "mbps": v,
                       "method": "openssl speed -evp, 1 MiB"}
        for label, fn in peers.get(name, []):
            yield {"algo": name, "implementation": label, "mbps": py_mbps(fn),
                   "method": "best of 7, perf_counter, 1 MiB"}
        crate = rust_crate(name)
        if rust and crate:
            v = rust_mbps(rust, name)
            if v:
                yield {"algo": name, "implementation": f"Rust crate {crate} (opt-level 2)", "mbps": v,
                       "method": "best of 101, Instant, 1 MiB"}


def _openssl_version() -> str:
    try:
        return subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.split()[1]
    except (OSError, IndexError):
        return "?"


# ---- ratios: ours / peer, interleaved, at a few sizes -----------------------

RATIO_SIZES = (64, 1024, 1 << 20)
#: the names bench/peers.c gives our BLAKE2 keyed with its 32-byte MAC key
KEYED = {"blake2b_keyed": "blake2b", "blake2s_keyed": "blake2s"}

#: the algorithms bench/peers.c has a C peer for (OpenSSL, libsodium, libb2:
#: its ALGOS and MACS tables), Python-package peers (_py_peer_lines) aside
C_PEER_ALGOS = ("sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256", "sha3_224", "sha3_256",
                "sha3_384", "sha3_512", "shake_128", "shake_256", "blake2b", "blake2s", "hmac_sha224",
                "hmac_sha256", "hmac_sha384", "hmac_sha512", "hmac_sha3_256", "hmac_sha3_512", "kmac128",
                "kmac256", "kmacxof128", "kmacxof256")
PY_PEER_ALGOS = ("blake3", "kt128", "turboshake128", "turboshake256", "cshake128", "cshake256", "kmac128",
                 "kmac256", "keccak_224", "keccak_256", "keccak_384", "keccak_512", "blake2b_256", "blake2b_384",
                 "blake2s_128", "aes128_cmac")


def peered_algos(names: Sequence[str]) -> list[str]:
    """Those of `names` (registry names) that have a peer this tool can
    run: C libraries, Python packages or a Rust crate."""
    return [n for n in names if n in C_PEER_ALGOS or n in PY_PEER_ALGOS or rust_crate(n)]
PEERS_C = Path(__file__).resolve().parents[2] / "build" / "hb-peers"
PEERS_RS_DIR = Path(__file__).resolve().parents[2] / "tools" / "peers-rs"
#: cargo's output, beside the C build (never in the source tree)
PEERS_RS_TARGET = PEERS_C.parent / "peers-rs"
CARGO_MISSING = ("cargo not found: the Rust-crate peers need it. Install Rust with rustup "
                 "(curl https://sh.rustup.rs -sSf | sh) or `apt-get install cargo`, then run again")


class PeerError(RuntimeError):
    """A peer could not be built or disagrees with hashbench."""


def cargo() -> str | None:
    """cargo on PATH, or where rustup puts it (a shell that has not sourced
    ~/.cargo/env has not got it on PATH)."""
    home = Path.home() / ".cargo" / "bin" / "cargo"
    return shutil.which("cargo") or (str(home) if home.exists() else None)


def rust_peer_lib() -> Path:
    """tools/peers-rs built as a cdylib (cargo decides whether anything is
    stale; about a second when nothing is).  PeerError without cargo or
    when the build fails."""
    exe = cargo()
    if exe is None:
        raise PeerError(CARGO_MISSING)
    r = subprocess.run([exe, "build", "--release", "--locked", "--manifest-path", str(PEERS_RS_DIR / "Cargo.toml")],
                       capture_output=True, text=True, timeout=1800,
                       env={**os.environ, "CARGO_TARGET_DIR": str(PEERS_RS_TARGET)})
    lib = PEERS_RS_TARGET / "release" / "libhb_peers_rs.so"
    if r.returncode != 0 or not lib.exists():
        raise PeerError(f"building {PEERS_RS_DIR} failed:\n{r.stderr[-2000:]}")
    return lib


def crate_versions(lock: Path = PEERS_RS_DIR / "Cargo.lock") -> dict[str, str]:
    """crate name -> version, from the Cargo.lock the build is --locked to"""
    return dict(re.findall(r'^name = "([^"]+)"\nversion = "([^"]+)"', lock.read_text(), re.M))


def _c_peer_lines(names: list[str], runs: int, sizes: Sequence[int], rust: Path | None = None,
                  ms: float = 20) -> list[PeerLine]:
    """bench/peers.c: ours beside libcrypto, libsodium and (given the
    cdylib `rust`) the Rust crates inside one C process (no interpreter in
    the timed loop); [] without a compiler.  PeerError when a peer's digest
    differs from ours."""
    # make: rebuilt whenever the library changed (a stale binary would
    # measure the old kernels)
    r = subprocess.run(["make", "-C", str(PEERS_C.parents[1]), "build/hb-peers"], capture_output=True, text=True)
    if r.returncode != 0 or not PEERS_C.exists():
        return []
    r = subprocess.run([str(PEERS_C), "-r", str(runs), "-s", ",".join(map(str, sizes)), "-t", str(ms),
                        *(["-R", str(rust)] if rust else []), *names],
                       capture_output=True, text=True, timeout=1800)
    if r.returncode != 0:
        raise PeerError(r.stderr.strip() or f"hb-peers exited with {r.returncode}")
    versions = crate_versions() if rust else {}
    rows: list[PeerLine] = []
    for ln in r.stdout.splitlines():
        kv: dict[str, str] = dict(re.findall(r"(\w+)=(\S+)", ln))
        if "algo" in kv:
            peer = kv["peer"]
            if peer.startswith("rust:"):
                peer = f"Rust {peer[5:]} {versions.get(peer[5:], '?')}"
            rows.append({"algo": kv["algo"], "peer": {"openssl": "OpenSSL " + _openssl_version(),
                                                       "openssl-per-message": f"OpenSSL {_openssl_version()} "
                                                                              "(key given per message)",
                                                       "openssl-keyed": f"OpenSSL {_openssl_version()} "
                                                                        "(key kept in a reused EVP_MAC_CTX)",
                                                       "libsodium": "libsodium", "libb2": "libb2"}.get(peer, peer),
                         "run": int(kv["run"]), "size": int(kv["size"]),
                         "ours_ns": float(kv["ours_ns"]), "peer_ns": float(kv["peer_ns"]),
                         "method": "C, one process (bench/peers.c)"})
    return rows


def _best_ns(fn: HashFn, buf: bytes, budget_s: float = 0.02, bursts: int = 11) -> float:
    """ns per call of fn(buf): best of `bursts` bursts within about budget_s."""
    t = time.perf_counter()
    fn(buf)
    one = max(time.perf_counter() - t, 1e-7)
    reps = max(1, int(budget_s / bursts / one))
    best = float("inf")
    for _ in range(bursts):
        t = time.perf_counter()
        for _ in range(reps):
            fn(buf)
        best = min(best, (time.perf_counter() - t) / reps)
    return best * 1e9


#: the key of the keyed peers (KMAC; its first 16 bytes for AES-128-CMAC), the same on both sides
PY_PEER_KEY = bytes(range(32))


def _ours_oneshot(name: str, key: bytes | None = None) -> HashFn:
    """hashbench.hash(name, m): the one-shot call a user makes, one C call
    (the extension's CPython entry point, _native_module.c) returning a new
    bytes object, as the peers' one call into their C or Rust does; the
    lambda is the peers' too."""
    from . import hash as hb_hash
    if key is not None:
        return lambda m: hb_hash(name, m, key=key)
    return lambda m: hb_hash(name, m)


def _py_peer_lines(names: list[str], runs: int, sizes: Sequence[int]) -> list[PeerLine]:
    """Python packages whose hashing runs in native code, ours through
    hashbench.hash, interleaved the same way (the order swapped every run)."""
    peers: dict[str, list[tuple[str, HashFn]]] = {}
    try:
        import blake3
        peers["blake3"] = [("blake3 (PyPI, Rust, 1 thread)", lambda m: blake3.blake3(m).digest())]
    except ImportError:
        pass
    try:
        from Crypto.Hash import (
            KMAC128,
            KMAC256,
            KangarooTwelve,
            TurboSHAKE128,
            TurboSHAKE256,
            cSHAKE128,
            cSHAKE256,
            keccak,
        )
        peers["kt128"] = [("pycryptodome", lambda m: KangarooTwelve.new(data=m).read(32))]
        peers["turboshake128"] = [("pycryptodome", lambda m: TurboSHAKE128.new(data=m).read(32))]
        peers["turboshake256"] = [("pycryptodome", lambda m: TurboSHAKE256.new(data=m).read(32))]
        peers["cshake128"] = [("pycryptodome", lambda m: cSHAKE128.new(data=m).read(32))]
        peers["cshake256"] = [("pycryptodome", lambda m: cSHAKE256.new(data=m).read(32))]
        peers["kmac128"] = [("pycryptodome", lambda m: KMAC128.new(key=PY_PEER_KEY, data=m, mac_len=32).digest())]
        peers["kmac256"] = [("pycryptodome", lambda m: KMAC256.new(key=PY_PEER_KEY, data=m, mac_len=64).digest())]
        def by_keccak(bits: int) -> HashFn:
            return lambda m: keccak.new(data=m, digest_bits=bits).digest()
        for bits in (224, 256, 384, 512):
            peers[f"keccak_{bits}"] = [("pycryptodome", by_keccak(bits))]
    except ImportError:
        pass
    try:
        from Crypto.Cipher import AES
        from Crypto.Hash import CMAC
        peers["aes128_cmac"] = [("pycryptodome", lambda m: CMAC.new(PY_PEER_KEY[:16], msg=m, ciphermod=AES).digest())]
    except ImportError:
        pass
    # hashlib's BLAKE2 at the output lengths the C peers are not set up for
    peers["blake2b_256"] = [("hashlib", lambda m: hashlib.blake2b(m, digest_size=32).digest())]
    peers["blake2b_384"] = [("hashlib", lambda m: hashlib.blake2b(m, digest_size=48).digest())]
    peers["blake2s_128"] = [("hashlib", lambda m: hashlib.blake2s(m, digest_size=16).digest())]
    rows: list[PeerLine] = []
    for name in names:
        for label, fn in peers.get(name, []):
            key = PY_PEER_KEY[:16] if name == "aes128_cmac" else PY_PEER_KEY if name.startswith("kmac") else None
            ours = _ours_oneshot(name, key)
            for run in range(runs):
                for size in sizes:
                    buf = bytes((i * 131 + 7) & 0xFF for i in range(size))
                    if run == 0 and ours(buf) != fn(buf):
                        # timing two functions that compute different things
                        # compares nothing
                        raise PeerError(f"{name}: hashbench and {label} disagree on {size} bytes")
                    if run & 1:
                        p, o = _best_ns(fn, buf), _best_ns(ours, buf)
                    else:
                        o, p = _best_ns(ours, buf), _best_ns(fn, buf)
                    rows.append({"algo": name, "peer": label, "run": run, "size": size, "ours_ns": o,
                                 "peer_ns": p, "method": "Python, one call each (hashbench.hash for ours)"})
    return rows


def ratios(names: list[str], runs: int = 3, sizes: Sequence[int] = RATIO_SIZES,
           rust: Path | None = None) -> list[PeerRatio]:
    """Per (algorithm, peer, size): the median over `runs` interleaved runs
    of ours/peer time (< 1: we are faster), with the kernel that ran.
    `rust`: the tools/peers-rs cdylib (rust_peer_lib()), None for no Rust
    peers."""
    from statistics import median

    from .targets.host import host_impl
    raw = _c_peer_lines(names, runs, sizes, rust) + _py_peer_lines(names, runs, sizes)
    groups: dict[tuple[str, str, int], list[PeerLine]] = {}
    for r in raw:
        groups.setdefault((r["algo"], r["peer"], r["size"]), []).append(r)
    out: list[PeerRatio] = []
    for (algo, peer, size), rs in groups.items():
        out.append({"algo": algo, "peer": peer, "size": size, "kernel": host_impl(KEYED.get(algo, algo)),
                    "runs": len(rs),
                    "ratio": median(r["ours_ns"] / r["peer_ns"] for r in rs),
                    "ours_ns": median(r["ours_ns"] for r in rs), "peer_ns": median(r["peer_ns"] for r in rs),
                    "method": rs[0]["method"]})
    return out
