"""Seed 000, Table 1: cycles of ten 256-bit hashes at 30, 46 and 78-byte
inputs (CAN frame + counter + key) on Cortex-A9, and their ranking."""
from __future__ import annotations

from .. import native
from ..analysis import rank
from . import load

TARGET = "cortex-a9"


def measure(target=TARGET, store=None, run_id=None, algos=None):
    from ..targets import get
    pub = load("seed000")
    names = [n for n in (algos or pub["table1"]) if native.find(n) is not None]
    out = {}
    for row in get(target).run(names, pub["sizes"], blocks=0):
        if store is not None:
            store.add(run_id, row)
        if row.get("error"):
            out.setdefault(row["algo"], {})["error"] = row["error"]
        else:
            out.setdefault(row["algo"], {})[row["size"]] = row["median"]
    return out


def table(measured: dict):
    pub = load("seed000")
    head = ["algorithm"] + [f"published {n} B" for n in pub["sizes"]] + \
           [f"hashbench {n} B" for n in pub["sizes"]] + ["ratio @78 B", "rank published", "rank ours"]
    pr = {n: r for r, n, _ in rank({k: v[2] for k, v in pub["table1"].items()})}
    ours78 = {k: v[78] for k, v in measured.items() if 78 in v}
    orr = {n: r for r, n, _ in rank(ours78)}
    rows = []
    for k, vals in pub["table1"].items():
        m = measured.get(k, {})
        mine = [m.get(n) for n in pub["sizes"]]
        note = m.get("error") or ("not in the registry yet" if native.find(k) is None else "")
        rows.append([pub["labels"][k] + f" ({k})", *vals, *mine,
                     (mine[2] / vals[2]) if mine[2] else None, pr[k], orr.get(k, note or "-")])
    return head, rows
