"""Seed 003 regenerated from its own published data: Table 1 (HTime formulas: block size and
cycles per block) and Table 6 (clock frequencies) give every throughput; the areas are those
the paper publishes (Table 7 for SHA-512, Table 9 normalised, Tables 3/4 absolute on Virtex 5
and Stratix III).  From them: Table 8 (normalised throughput), Table 9 (normalised area,
Overall), Table 10 (normalised throughput/area), the geometric means over the seven families,
the rankings and Fig. 1 — each printed beside the published value so a mismatch shows."""
from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import load

REF = "SHA-2"          # Table 1's name; Table 6 calls it SHA-512
T6_NAME = {"SHA-2": "SHA-512"}


def data() -> dict[str, Any]:
    return load("seed003")


def htime(formula: str, n: int) -> float:
    """HTime(N) of Table 1 (a sum of integer terms in N)."""
    if set(formula) - set("0123456789+-*/() N"):
        raise ValueError(f"unexpected formula {formula!r}")
    v: float = eval(formula, {"__builtins__": {}}, {"N": n})   # digits, + - * / ( ) and N only
    return v


def c_block_from_htime(formula: str) -> float:
    """Eq. (1): cycles per block = HTime(N+1) - HTime(N)."""
    return htime(formula, 11) - htime(formula, 10)


def geomean(vals: Iterable[float | None]) -> float | None:
    v = [x for x in vals if x]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else None


def throughput(d: dict[str, Any], algo: str, fam: int, variant: str = "512") -> float | None:
    """Mbit/s = block_bits * f[MHz] / c_block (Table 1 with 1/T = f, Table 6)."""
    t1 = d["table1"][algo][variant]
    f = d["table6_fmax_mhz"][T6_NAME.get(algo, algo)][fam]
    return None if f is None else t1["block_bits"] * f / t1["c_block"]


def recompute(d: dict[str, Any] | None = None) -> dict[str, Any]:
    """Tables 8, 9, 10 (per family and Overall) and the rankings, from the data."""
    d = d or data()
    nf = len(d["families"])
    algos = [a for a in d["table1"] if a != REF]
    t8: dict[str, dict[str, Any]] = {}
    t9: dict[str, dict[str, Any]] = {}
    t10: dict[str, dict[str, Any]] = {}
    for a in algos:
        thr = []
        for i in range(nf):
            x, r = throughput(d, a, i), throughput(d, REF, i)
            thr.append(x / r if x is not None and r else None)
        area = list(d["table9_norm_area"][a]["by_family"])
        # where absolute areas are published (Virtex 5, Stratix III) the ratio is recomputed
        for i, key in ((2, "table3_virtex5_512_area_slices"), (6, "table4_stratix3_512_area_aluts")):
            x, r = d[key].get(a), d[key][REF]
            if x is not None:
                area[i] = x / r
        ta = [t / ar if t is not None and ar else None for t, ar in zip(thr, area)]
        t8[a] = {"by_family": thr, "overall": geomean(thr)}
        t9[a] = {"by_family": area, "overall": geomean(area)}
        t10[a] = {"by_family": ta, "overall": geomean(ta)}

    def rank(t: dict[str, dict[str, Any]], rev: bool) -> list[str]:
        return sorted(t, key=lambda a: t[a]["overall"], reverse=rev)

    return {"table8": t8, "table9": t9, "table10": t10,
            "rank8": rank(t8, True), "rank9": rank(t9, False), "rank10": rank(t10, True)}


def checks(d: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every recomputed figure beside the published one, with the tolerance its rounding
    allows; `ok` False is a mismatch in the reproduction."""
    d = d or data()
    rc = recompute(d)
    out: list[dict[str, Any]] = []

    def add(what: str, algo: str, fam: str, ours: float | None, pub: float | None, tol: float) -> None:
        ok = (ours is None and pub is None) or (ours is not None and pub is not None
                                                and abs(ours - pub) <= tol)
        out.append({"table": what, "algo": algo, "family": fam, "ours": ours,
                    "published": pub, "tol": tol, "ok": ok})

    fams = d["families"] + ["Overall"]
    for a, t1 in d["table1"].items():           # eq. (1) agrees with the throughput column
        for v in ("256", "512"):
            add(f"Table 1 ({v}) c_block", a, "-", c_block_from_htime(t1[v]["htime"]),
                t1[v]["c_block"], 1e-9)
    t7 = d["table7_sha512"]
    for i, fam in enumerate(d["families"]):
        add("Table 7 throughput", REF, fam, throughput(d, REF, i), t7["throughput_mbit_s"][i], 0.6)
        add("Table 7 thr/area", REF, fam, throughput(d, REF, i) / t7["area"][i],
            t7["thr_per_area"][i], 0.005 + 1e-9)
    for key, pubkey in (("table8", "table8_norm_throughput"), ("table9", "table9_norm_area"),
                        ("table10", "table10_norm_thr_area")):
        for a, row in rc[key].items():
            pub = d[pubkey][a]
            for i, fam in enumerate(fams):
                ours = row["overall"] if fam == "Overall" else row["by_family"][i]
                p = pub["overall"] if fam == "Overall" else pub["by_family"][i]
                tol = 0.005 + 1e-9
                if key == "table10" and ours is not None:
                    # published areas carry 2 decimals: the ratio may move by that much
                    ar = rc["table9"][a]["overall" if fam == "Overall" else "by_family"]
                    ar = ar if fam == "Overall" else ar[i]
                    tol += ours * 0.005 / ar
                if key == "table9" and fam == "Overall" and ours is not None:
                    # a geometric mean of values published with 2 decimals
                    tol += ours * 0.005 / min(x for x in row["by_family"] if x)
                add(f"Table {key[5:]}", a, fam, ours, p, tol)
    for key, pubkey in (("rank8", "table8_norm_throughput"), ("rank9", "table9_norm_area"),
                        ("rank10", "table10_norm_thr_area")):
        pub_order = list(d[pubkey])      # the published tables are printed in rank order
        out.append({"table": f"ranking {key[4:]}", "algo": "-", "family": "-",
                    "ours": rc[key], "published": pub_order, "tol": 0,
                    "ok": _same_order(rc[key], pub_order, d[pubkey])})
    return out


def _same_order(ours: list[str], pub: list[str], pubtab: dict[str, Any]) -> bool:
    """Equal, allowing swaps of entries whose published Overall values tie."""
    if ours == pub:
        return True
    return [pubtab[a]["overall"] for a in ours] == [pubtab[a]["overall"] for a in pub]


def fig1(path: Path, ours: list[dict[str, Any]] | None = None) -> Path:
    """Fig. 1: overall normalised throughput vs overall normalised area (SHA-512 = 1, 1);
    our cores (normalised to SHA-2 of their digest size) on top when given."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rc = recompute()
    fig, ax = plt.subplots(figsize=(7, 5))
    for a in rc["table8"]:
        x, y = rc["table9"][a]["overall"], rc["table8"][a]["overall"]
        ax.scatter([x], [y], color="tab:blue")
        ax.annotate(a, (x, y), fontsize=8, xytext=(3, 3), textcoords="offset points")
    ax.scatter([1], [1], color="k", marker="s")
    ax.annotate("SHA-512", (1, 1), fontsize=8, xytext=(3, -10), textcoords="offset points")
    for r in ours or []:
        if r.get("norm_area") and r.get("norm_throughput"):
            ax.scatter([r["norm_area"]], [r["norm_throughput"]], color="tab:red", marker="^")
            ax.annotate(f"{r['core']} ({r['family']})", (r["norm_area"], r["norm_throughput"]),
                        fontsize=7, color="tab:red", xytext=(3, 3), textcoords="offset points")
    ax.set_xscale("log")
    ax.set_xlabel("normalised area (overall, geometric mean over 7 FPGA families)")
    ax.set_ylabel("normalised throughput (overall)")
    ax.set_title("Seed 003 Fig. 1 recomputed from Tables 1, 6, 9 (512-bit variants)")
    ax.grid(True, which="both", alpha=0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path
