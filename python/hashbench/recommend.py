"""`hashbench recommend`: constraints in, a ranked choice out.

    recommend(rows, target="cortex-m0", size=46, max_rom=8192, security=128)

ranks every (algorithm, implementation) measured on the target that meets
the constraints by cycles for one message of `size` bytes, and says why
each other one was left out.  What an algorithm is (its standing, its
security level, the source of both) is data: data/algorithms.toml."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from . import native
from .analysis import Form, forms

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

if TYPE_CHECKING:
    from .store import Row

DATA = Path(__file__).resolve().parent / "data" / "algorithms.toml"
STANDARDISED = ("nist", "rfc")


class Facts(TypedDict):
    status: str | None     # key of [status] in data/algorithms.toml
    category: str          # "nist", "rfc", ... or "unknown"
    label: str
    source: str
    security: int | None   # bits, None where the data file does not say
    basis: str
    note: str
    mac: bool


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    with open(DATA, "rb") as f:
        return tomllib.load(f)


def facts(algo: str) -> Facts:
    """{status, category, label, source, security, basis, note, mac} of one
    algorithm; security None where the data file does not say."""
    d = _data()
    e = d.get("algo", {}).get(algo)
    if e is None:
        fam = algo.rsplit("_", 1)[0]
        fe = d.get("family", {}).get(fam)
        if fe is None:
            return {"status": None, "category": "unknown", "label": "not in data/algorithms.toml",
                    "source": "", "security": None, "basis": "", "note": "", "mac": False}
        a = native.registry().get(algo)
        e = dict(fe, security=(a.digest_size * 8 // 2) if a and a.digest_size else None)
    st = d["status"][e["status"]]
    return {"status": e["status"], "category": st["category"], "label": st["label"], "source": st["source"],
            "security": e.get("security"), "basis": e.get("basis", ""), "note": e.get("note", ""),
            "mac": bool(e.get("mac"))}


@dataclass
class Choice:
    algo: str
    impl: str
    facts: Facts
    cycles: float | None = None
    how: str = ""
    time_us: float | None = None
    energy_uj: float | None = None
    code_bytes: int | None = None
    ram_bytes: int | None = None
    unstable: str | None = None
    excluded: list[str] = field(default_factory=list)


def _cycles_at(f: Form, size: int) -> tuple[float | None, str]:
    """Cycles for one message of `size` bytes: measured, or interpolated
    between the two nearest sizes measured on each side."""
    c = {s: v for s, v in f["cycles"].items() if v is not None}
    if size in c:
        return c[size], "measured"
    lo = max((s for s in c if s < size), default=None)
    hi = min((s for s in c if s > size), default=None)
    if lo is None or hi is None:
        return None, ""
    return c[lo] + (c[hi] - c[lo]) * (size - lo) / (hi - lo), f"interpolated {lo}-{hi} B"


def recommend(rows: list[Row], target: str, size: int, max_rom: int | None = None,
              max_ram: int | None = None, security: int | None = None, mac: bool = False,
              standardised: bool = False) -> tuple[list[Choice], list[Choice], list[str]]:
    """(ranked choices best first, excluded with reasons, algorithms with no
    usable measurement at this size on this target)."""
    fs = [f for f in forms(rows) if f["target"] == target]
    ok: list[Choice] = []
    out: list[Choice] = []
    for f in fs:
        fa = facts(f["algo"])
        ch = Choice(f["algo"], f["impl"], code_bytes=f["code_bytes"], ram_bytes=f["ram_bytes"],
                    unstable=f["unstable"], facts=fa)
        if f["error"] and not f["cycles"]:
            ch.excluded.append(f"not measured: {f['error'][:80]}")
        else:
            ch.cycles, ch.how = _cycles_at(f, size)
            if ch.cycles is None:
                ch.excluded.append(f"no measurement around {size} B")
            elif f["clock_hz"]:
                ch.time_us = ch.cycles / f["clock_hz"] * 1e6
            e = f["energy_uj"]
            if ch.cycles is not None and size in e and e[size] is not None:
                ch.energy_uj = e[size]
        reg = native.registry().get(f["algo"])
        only_mac = bool(reg and reg.flags & native.HB_MAC)
        if mac and not (fa["mac"] or only_mac):
            ch.excluded.append("not a MAC (--mac)")
        if not mac and only_mac:
            ch.excluded.append("a MAC, not a hash (--mac for MACs)")
        if standardised and fa["category"] not in STANDARDISED:
            ch.excluded.append(f"not standardised: {fa['label']}")
        if security is not None:
            if fa["security"] is None:
                ch.excluded.append("security level unknown")
            elif fa["security"] < security:
                ch.excluded.append(f"security {fa['security']} < {security} bits")
        if max_rom is not None:
            if ch.code_bytes is None:
                ch.excluded.append("ROM not measured on this target")
            elif ch.code_bytes > max_rom:
                ch.excluded.append(f"ROM {ch.code_bytes:,} > {max_rom:,} B")
        if max_ram is not None:
            if ch.ram_bytes is None:
                ch.excluded.append("RAM not measured on this target")
            elif ch.ram_bytes > max_ram:
                ch.excluded.append(f"RAM {ch.ram_bytes:,} > {max_ram:,} B")
        (out if ch.excluded else ok).append(ch)
    # every choice kept has cycles (one without is excluded above)
    ok.sort(key=lambda c: (c.cycles or 0.0, c.code_bytes or 0))
    measured = {f["algo"] for f in fs if f["cycles"]}
    missing = [n for n in native.registry() if n not in measured]
    return ok, out, missing


def parse_bytes(s: str | None) -> int | None:
    """'8K', '1KiB', '512', '2M' -> bytes."""
    if s is None:
        return None
    t = s.strip().lower()
    for suf, m in (("kib", 1024), ("mib", 1 << 20), ("kb", 1024), ("mb", 1 << 20), ("k", 1024), ("m", 1 << 20),
                   ("b", 1)):
        if t.endswith(suf):
            return int(float(t[: -len(suf)]) * m)
    return int(t)
