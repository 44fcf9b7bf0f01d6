"""Seed 004: seven SHA-3 round-2 candidates on the Intel 8051 and the
ARM7TDMI (Figure 1: cycles per block and cycles/byte; Figures 2-3 and 5:
rankings; Figure 4: the 8051/ARM ratio; Figure 7: beside XBX's ATmega1281).

Ours are the slope of HTime(N) = c_fixed + c_block * N over whole blocks
(portable C, on-target checksum first) on mcs51 (s51, exact clocks, also
given in machine cycles = clocks / 12), avr (simavr, exact cycles) and
arm7tdmi (Unicorn + cycle model).  Measuring the 8051 takes minutes per
algorithm, so rows already in the store are reused unless asked not to."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .. import native
from ..analysis import htime_fit, rank
from ..core import lookup
from . import load

if TYPE_CHECKING:
    from ..store import Store

TARGETS = ("mcs51", "avr", "arm7tdmi")
CLOCKS_PER_MACHINE_CYCLE = 12   # classic 8051: targets/mcs51 (docs/targets-mcs51.md)
BLOCKS = {"mcs51": 3, "avr": 4, "arm7tdmi": 4}


def algorithms() -> list[str]:
    pub = load("seed004")
    names = [r["algo"] for r in pub["figure1"]]
    names += [a for s in pub["ranking_sets"].values() for a in s.values()] + pub["extra"]
    return [n for n in dict.fromkeys(names) if native.find(n) is not None]


def summarise(rows: list[dict[str, Any]], block_size: int) -> dict[str, Any]:
    """One algorithm on one target: c_block from its 'blocks' rows, or the error."""
    err = next((r["error"] for r in rows if r.get("error")), None)
    fit = htime_fit(rows, block_size)
    if fit is None:
        return {"error": err or "no whole-block measurements"}
    ok = [r for r in rows if r.get("kind") == "blocks"]
    return {"c_block": fit["c_block"], "cpb": fit["cycles_per_byte"], "r2": fit["r2"],
            "code_bytes": ok[-1].get("code_bytes"), "ram_bytes": ok[-1].get("ram_bytes"),
            "count_kind": ok[-1].get("count_kind")}


def current_count_kind(target: str) -> str | None:
    """What an emulated target's rows must say to be reused: the current
    model and rule version (None for targets counting exact cycles)."""
    from ..emu.cycle_models import MODELS
    m = MODELS.get(target)
    return f"cycles_model:{m.tag}" if m is not None else None


def from_store(store: Store, target: str, algo: str) -> dict[str, Any] | None:
    """The newest successful whole-block measurement of algo on target; rows
    of an older cycle model are measured again, never mixed in."""
    rows = store.rows("r.target = ? AND r.algo = ? AND r.kind = 'blocks' AND r.error IS NULL",
                      (target, algo))
    kind = current_count_kind(target)
    if kind is not None:
        rows = [r for r in rows if r.get("count_kind") == kind]
    if not rows:
        return None
    last = rows[-1]["run_id"]
    mine = [r for r in rows if r["run_id"] == last]
    s = summarise(mine, lookup(algo).block_size)
    if "error" in s:
        return None
    s["from"] = f"store, run of {mine[-1]['started']}"
    return s


def measure(targets: Iterable[str] = TARGETS, algos: list[str] | None = None, store: Store | None = None,
            run_ids: dict[str, int] | None = None, reuse: bool = True, timeout: float = 900.0,
            progress: Callable[[str, str], object] | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """{target: {algo: summary}}; every row measured now goes to the store
    the moment it is taken."""
    from ..targets import get
    algos = algos or algorithms()
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for t in targets:
        out[t] = {}
        todo = []
        for a in algos:
            got = from_store(store, t, a) if (store is not None and reuse) else None
            if got:
                out[t][a] = got
            else:
                todo.append(a)
        if not todo:
            continue
        tg = get(t)
        kw: dict[str, float] = {"timeout": timeout} if t in ("mcs51", "avr") else {}
        for a in todo:
            if progress:
                progress(t, a)
            rows = []
            for row in tg.run([a], [], blocks=BLOCKS.get(t, 4), **kw):
                if store is not None:
                    assert run_ids is not None, "a store needs the runs the rows belong to"
                    store.add(run_ids[t], row)
                rows.append(row)
            out[t][a] = summarise(rows, lookup(a).block_size)
            out[t][a]["from"] = "measured now"
    return out


def _c(m: dict[str, Any], t: str, a: str, key: str = "c_block") -> Any:
    """m[t][a][key], 8051 cycle figures in machine cycles (None where not measured)."""
    v = m.get(t, {}).get(a, {}).get(key)
    if v is not None and t == "mcs51" and key in ("c_block", "cpb"):
        v = v / CLOCKS_PER_MACHINE_CYCLE
    return v


def figure1(measured: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """Figure 1 beside ours: 8051 in machine cycles, AVR and ARM7TDMI in cycles."""
    pub = load("seed004")
    head = ["seed 004", "ours", "block B", "8051 pub. cycles/block", "8051 ours m.c./block",
            "8051 pub. c/B", "8051 ours m.c./B", "ours/pub. 8051", "AVR ours cycles/block", "AVR ours c/B",
            "ARM7 pub. c/B", "ARM7 ours c/B", "8051/ARM pub.", "8051/ARM ours"]
    rows = []
    for r in pub["figure1"]:
        a = r["algo"]
        blk = lookup(a).block_size
        m51, m51b = _c(measured, "mcs51", a, "cpb"), _c(measured, "mcs51", a)
        arm = _c(measured, "arm7tdmi", a, "cpb")
        err = measured.get("mcs51", {}).get(a, {}).get("error")
        rows.append([r["label"], a, blk, r["i8051_cycles"], m51b if m51b is not None else (err or "-"),
                     r["i8051_cpb"], m51, (m51 / r["i8051_cpb"]) if m51 else None,
                     _c(measured, "avr", a), _c(measured, "avr", a, "cpb"),
                     r["arm7_cpb"], arm, r["ratio"], (m51 / arm) if (m51 and arm) else None])
    return head, rows


def rankings(measured: dict[str, Any]) -> dict[str, Any]:
    """Per output size: the published 8051 ranking, ours on each target, XBX's ATmega1281."""
    pub = load("seed004")
    fig = {(r["family"], r["out"]): r for r in pub["figure1"]}
    out = {}
    for size, fams in pub["ranking_sets"].items():
        pub51 = {f: fig[(f, int(size)) if (f, int(size)) in fig else (f, 256)]["i8051_cpb"] for f in fams}
        cols = {"8051 published": [n for _, n, _ in rank(pub51)],
                "ATmega1281 XBX": [n for _, n, _ in rank(pub["xbx_atmega1281_cpb"][size])]}
        for t in measured:
            vals = {f: _c(measured, t, a, "cpb") for f, a in fams.items()}
            have = {f: v for f, v in vals.items() if v is not None}
            cols[f"{t} ours"] = [n for _, n, _ in rank(have)] + [f"({f}: not measured)"
                                                                 for f in fams if f not in have]
        out[size] = cols
    return out


def avr_vs_xbx(measured: dict[str, Any]) -> list[list[Any]]:
    pub = load("seed004")
    rows = []
    for size, fams in pub["ranking_sets"].items():
        for f, a in fams.items():
            ours = _c(measured, "avr", a, "cpb")
            x = pub["xbx_atmega1281_cpb"][size][f]
            rows.append([f"{f} ({size})", a, x, ours, (ours / x) if ours else None])
    return rows


def others(measured: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """The algorithms seed 004 did not measure (SHA-2, SHA-3, BLAKE2s, JH, ...)."""
    pub = load("seed004")
    done = {r["algo"] for r in pub["figure1"]}
    head = ["algorithm", "block B", "8051 m.c./block", "8051 m.c./B", "8051 code B", "8051 RAM B",
            "AVR cycles/block", "AVR c/B", "ARM7 c/B"]
    rows = []
    for a in algorithms():
        if a in done:
            continue
        err = measured.get("mcs51", {}).get(a, {}).get("error")
        rows.append([a, lookup(a).block_size, _c(measured, "mcs51", a) or err or "-",
                     _c(measured, "mcs51", a, "cpb"), _c(measured, "mcs51", a, "code_bytes"),
                     _c(measured, "mcs51", a, "ram_bytes"), _c(measured, "avr", a),
                     _c(measured, "avr", a, "cpb"), _c(measured, "arm7tdmi", a, "cpb")])
    return head, rows
