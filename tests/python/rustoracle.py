"""The Rust differential oracle (tools/oracle-rs, binary `hb-oracle`).

    from rustoracle import oracle
    differential("jh_256", oracle("jh_256"))
    differential("ascon_cxof128", oracle("ascon_cxof128"), out_len=...,
                 make_kwargs=lambda rng: {"customization": rng.randbytes(5)})

The binary is built on first use with cargo (release profile, pinned
Cargo.lock); if cargo is missing, or the build fails (e.g. no registry
access), the calling test is skipped with the reason.  One long-lived
subprocess serves all requests of a pytest session.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "tools" / "oracle-rs" / "Cargo.toml"
TARGET_DIR = Path(os.environ.get("HB_ORACLE_TARGET_DIR", ROOT / "tools" / "oracle-rs" / "target"))
BINARY = TARGET_DIR / "release" / ("hb-oracle.exe" if os.name == "nt" else "hb-oracle")

_lock = threading.Lock()
_proc: subprocess.Popen | None = None
_build_error: str | None = None
_built = False


def _skip(reason: str):
    import pytest
    pytest.skip(f"Rust oracle unavailable: {reason}")


def _ensure_built() -> None:
    global _built, _build_error
    if _built:
        return
    if _build_error is not None:
        _skip(_build_error)
    cargo = shutil.which("cargo")
    if cargo is None:
        _build_error = "cargo not found (install Rust to run the Rust differential tests)"
        _skip(_build_error)
    # cargo is fast when nothing changed, so always ask it (keeps the binary
    # in step with src/main.rs and Cargo.lock).
    r = subprocess.run([cargo, "build", "--release", "--locked", "--quiet",
                        "--manifest-path", str(MANIFEST), "--target-dir", str(TARGET_DIR)],
                       capture_output=True, text=True)
    if r.returncode != 0 or not BINARY.exists():
        _build_error = "cargo build of tools/oracle-rs failed:\n" + r.stderr[-2000:]
        _skip(_build_error)
    _built = True


def _process() -> subprocess.Popen:
    global _proc
    if _proc is None or _proc.poll() is not None:
        _ensure_built()
        _proc = subprocess.Popen([str(BINARY)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True, bufsize=1)
    return _proc


def query(algo: str, msg: bytes, outlen: int | None = None, custom: bytes | None = None) -> bytes:
    """One request to hb-oracle; raises RuntimeError on an oracle error."""
    fields = [algo, msg.hex() or "-", "-" if outlen is None else str(int(outlen))]
    if custom is not None:
        fields.append(custom.hex() or "-")
    line = " ".join(fields)
    with _lock:
        p = _process()
        p.stdin.write(line + "\n")
        p.stdin.flush()
        ans = p.stdout.readline().strip()
    if not ans and p.poll() is not None:
        raise RuntimeError(f"hb-oracle exited ({p.returncode}) on: {line[:200]}")
    if ans.startswith("ERR"):
        raise RuntimeError(f"hb-oracle: {ans[4:]} (request {line[:200]})")
    return bytes.fromhex(ans)


def names() -> list[str]:
    """Every algorithm name the oracle knows."""
    with _lock:
        p = _process()
        p.stdin.write("list\n")
        p.stdin.flush()
        return p.stdout.readline().split()


def oracle(algo: str):
    """fn(msg, outlen=None, custom=None) -> bytes for `algo`; also accepts
    diffutil's keyword names `length` and `customization`."""
    def fn(msg: bytes, outlen: int | None = None, custom: bytes | None = None, *,
           length: int | None = None, customization: bytes | None = None) -> bytes:
        n = outlen if outlen is not None else length
        c = custom if custom is not None else customization
        return query(algo, bytes(msg), n, c)
    fn.__name__ = f"hb_oracle_{algo}"
    return fn
