"""Known-answer tests in Python: the same tests/vectors/*.kat files the C
tests read (format: tools/import_kat.py), run through the binding."""
from __future__ import annotations

import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import native as N
from .core import Hash

ROOT = Path(__file__).resolve().parents[2]


def vector_dir() -> Path:
    return Path(os.environ.get("HASHBENCH_VECTORS", ROOT / "tests" / "vectors"))


@lru_cache(maxsize=1)
def pool() -> dict[str, str]:
    p = vector_dir() / "msgpool.txt"
    out = {}
    if p.exists():
        for line in p.read_text().splitlines():
            if line and not line.startswith("#"):
                k, v = line.split()
                out[k] = v
    return out


def pattern(n: int) -> bytes:
    """ptn(n): bytes i mod 251 (RFC 9861, BLAKE3 test vectors)."""
    return bytes(i % 251 for i in range(n))


def message(field: str) -> bytes:
    if field.startswith("@"):
        return bytes.fromhex(pool()[field[1:]])
    if field.startswith("ptn:"):
        return pattern(int(field[4:]))
    return bytes.fromhex(field)


def records(name: str) -> Iterator[dict[str, str]]:
    p = vector_dir() / f"{name}.kat"
    if not p.exists():
        return
    for line in p.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        yield dict(f.split("=", 1) for f in line.split())


def _one(a: N.Algo, rec: dict[str, str], msg: bytes, out_len: int) -> bytes:
    kw: dict[str, Any] = {}
    for k, kk in (("key", "key"), ("custom", "customization"), ("salt", "salt"), ("pers", "person")):
        if k in rec:
            kw[kk] = message(rec[k])  # hex, or ptn:<n> (long K12 customisations)
    if a.flags & N.HB_VAROUT:
        kw["digest_size"] = out_len
    h = Hash(a.name.decode(), msg, **kw)
    return h.digest(out_len) if a.flags & N.HB_XOF else h.digest()


def monte(a: N.Algo, rec: dict[str, str]) -> bool:
    kind, seed = rec["mc"], bytes.fromhex(rec["seed"])
    want = rec["md"].split(",")
    d = a.digest_size
    if kind == "comp":
        msg = seed
        for j in range(100):
            for _ in range(1000):
                md = _one(a, rec, msg, d)
                msg = md + msg[: 128 - d]
            if md.hex() != want[j]:
                return False
    elif kind == "sha2":
        md = seed
        for j in range(100):
            m0 = m1 = m2 = md
            for _ in range(1000):
                md = _one(a, rec, m0 + m1 + m2, d)
                m0, m1, m2 = m1, m2, md
            if md.hex() != want[j]:
                return False
    elif kind == "sha3":
        md = seed
        for j in range(100):
            for _ in range(1000):
                md = _one(a, rec, md, d)
            if md.hex() != want[j]:
                return False
    elif kind == "shake":
        lo, hi = int(rec["minout"], 16), int(rec["maxout"], 16)
        out, n = seed, hi
        for j in range(100):
            for _ in range(1000):
                msg = (out[:16] + bytes(16))[:16]
                out = _one(a, rec, msg, n)
                n = lo + (int.from_bytes(out[-2:], "big") % (hi - lo + 1))
            if out.hex() != want[j]:
                return False
    else:
        raise ValueError(f"unknown Monte Carlo kind {kind}")
    return True


def run(name: str, monte_carlo: bool = True) -> tuple[int, int, list[str]]:
    """(passed, failed, first failure descriptions) for one algorithm."""
    a = N.find(name)
    if a is None:
        raise KeyError(name)
    ok = bad = 0
    notes = []
    for rec in records(a.name.decode()):
        if "mc" in rec:
            if not monte_carlo:
                continue
            good = monte(a, rec)
        else:
            want = bytes.fromhex(rec["md"])
            skip = int(rec.get("skip", "0"))
            out_len = skip + len(want) if a.flags & (N.HB_XOF | N.HB_VAROUT) else a.digest_size
            try:
                got = _one(a, rec, message(rec["msg"]), out_len)[skip:]
                n = int(rec["trunc"]) if "trunc" in rec else len(want)
                good = got[:n] == want[:n]
            except ValueError as e:
                good = False
                notes.append(str(e))
        if good:
            ok += 1
        else:
            bad += 1
            if len(notes) < 3:
                notes.append(f"msg {rec.get('msg', rec.get('mc', ''))[:32]}")
    return ok, bad, notes


def available() -> list[str]:
    return [n for n in N.registry() if (vector_dir() / f"{n}.kat").exists()]
