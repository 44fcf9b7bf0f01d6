"""Seed 002: Keccak-512 at 50 input sizes (1..4288 bytes) on Cortex-A9,
beside Cortex-M4 and ARM7TDMI (Tables 3 and 4, Figure 6)."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import load

if TYPE_CHECKING:
    from ..store import Store

TARGETS = ("cortex-a9", "cortex-m4", "arm7tdmi")
RATE = 72  # Keccak-512 rate in bytes


def seed_metric(cycles: float, size: int) -> float:
    """The study's 'cycles per byte': cycles per padded input bit."""
    return cycles / (8 * RATE * (size // RATE + 1))


def measure(targets: Iterable[str] = TARGETS, store: Store | None = None,
            run_ids: dict[str, int] | None = None) -> dict[str, dict[int, float]]:
    """Rows {target: {size: cycles}} measured now (and stored if a store is given)."""
    from ..targets import get
    pub = load("seed002")
    sizes = [r["size"] for r in pub["table3_cortex_a9"]]
    out: dict[str, dict[int, float]] = {}
    for t in targets:
        tg = get(t)
        out[t] = {}
        for row in tg.run(["keccak_512"], sizes, blocks=0):
            if row.get("error"):
                raise RuntimeError(f"{t}: {row['error']}")
            if store is not None:
                assert run_ids is not None, "a store needs the runs the rows belong to"
                store.add(run_ids[t], row)
            out[t][row["size"]] = row["median"]
    return out


def table(measured: dict[str, dict[int, float]]) -> tuple[list[str], list[list[Any]], dict[str, Any]]:
    pub = load("seed002")
    head = ["size", "A9 published cycles", "A9 published c/b*", "A9 ours cycles", "A9 ours c/b*",
            "A9 ours cycles/byte", "M4 ours c/b*", "ARM7 ours c/b*"]
    rows = []
    for r in pub["table3_cortex_a9"]:
        n = r["size"]
        a9 = measured.get("cortex-a9", {}).get(n)
        m4 = measured.get("cortex-m4", {}).get(n)
        a7 = measured.get("arm7tdmi", {}).get(n)
        rows.append([n, r["cycles"], r["cpb"], a9, seed_metric(a9, n) if a9 else None,
                     a9 / n if a9 else None, seed_metric(m4, n) if m4 else None,
                     seed_metric(a7, n) if a7 else None])
    avg = {}
    for t, col in (("cortex-a9", 4), ("cortex-m4", 6), ("arm7tdmi", 7)):
        vals = [r[col] for r in rows if r[col] is not None]
        if vals:
            import numpy as np
            pts = sorted(measured[t].items())
            slope = np.polyfit([n // RATE + 1 for n, _ in pts], [c for _, c in pts], 1)[0]
            avg[t] = {"ours": sum(vals) / len(vals), "published": pub["table4_average"][t],
                      "long_cpb": float(slope) / RATE}
    return head, rows, avg


def plot(measured: dict[str, dict[int, float]], path: Path) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    pub = load("seed002")
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot([r["size"] for r in pub["table3_cortex_a9"]], [r["cpb"] for r in pub["table3_cortex_a9"]],
            "k--", label="Cortex-A9, published (IAR simulator)")
    for t in TARGETS:
        pts = sorted(measured.get(t, {}).items())
        if pts:
            ax.plot([p[0] for p in pts], [seed_metric(c, n) for n, c in pts], marker=".",
                    label=f"{t}, hashbench (cycle model)")
    ax.set_xscale("log")
    ax.set_xlabel("input bytes")
    ax.set_ylabel("cycles per padded input bit (the study's 'cycles/byte')")
    ax.set_title("Seed 002 regenerated: Keccak-512")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path
