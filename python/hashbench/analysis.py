"""Statistics over measured rows: the HTime(N) fit, rankings, geometric
means and platform ratios."""
from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np


def htime_fit(rows: Iterable[dict], block_size: int) -> dict | None:
    """Least-squares fit of HTime(N) = c_fixed + c_block * N over rows of
    kind 'blocks' (N = size / block_size whole blocks).  c_fixed is
    c_init + c_final (seed 003, eq. 2).  Returns None with fewer than two
    block counts."""
    pts = sorted((r["size"] // block_size, r["median"]) for r in rows
                 if r.get("kind") == "blocks" and r.get("median") is not None and block_size)
    if len({n for n, _ in pts}) < 2:
        return None
    n = np.array([p[0] for p in pts], dtype=float)
    c = np.array([p[1] for p in pts], dtype=float)
    slope, icept = np.polyfit(n, c, 1)
    pred = icept + slope * n
    ss_res = float(((c - pred) ** 2).sum())
    ss_tot = float(((c - c.mean()) ** 2).sum()) or 1.0
    return {"c_block": float(slope), "c_fixed": float(icept), "r2": 1 - ss_res / ss_tot,
            "cycles_per_byte": float(slope) / block_size, "points": len(pts)}


def geomean(xs: Iterable[float]) -> float:
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def rank(values: dict[str, float], higher_is_better: bool = False) -> list[tuple[int, str, float]]:
    """[(rank, name, value)] best first; ties share a rank."""
    items = sorted(values.items(), key=lambda kv: kv[1], reverse=higher_is_better)
    out, prev, r = [], None, 0
    for i, (k, v) in enumerate(items, 1):
        if v != prev:
            r = i
        out.append((r, k, v))
        prev = v
    return out


def normalise(values: dict[str, float], ref: str) -> dict[str, float]:
    base = values[ref]
    return {k: v / base for k, v in values.items()}
