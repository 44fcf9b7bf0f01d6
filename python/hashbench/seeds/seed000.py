"""Seed 000, Table 1: cycles of ten 256-bit hashes at 30, 46 and 78-byte
inputs (CAN frame + counter + key) on Cortex-A9, and their ranking."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .. import native
from ..analysis import rank
from . import load

if TYPE_CHECKING:
    from ..store import Store
    from ..targets import Target

TARGET = "cortex-a9"


def measure(target: str = TARGET, store: Store | None = None, run_id: int | None = None,
            algos: list[str] | None = None) -> dict[str, dict[int | str, Any]]:
    """{algo: {size: median cycles}} (or {algo: {"error": text}})."""
    from ..targets import get
    pub = load("seed000")
    names = [n for n in (algos or pub["table1"]) if native.find(n) is not None]
    out: dict[str, dict[int | str, Any]] = {}
    for row in get(target).run(names, pub["sizes"], blocks=0):
        if store is not None:
            assert run_id is not None, "a store needs the run the rows belong to"
            store.add(run_id, row)
        if row.get("error"):
            out.setdefault(row["algo"], {})["error"] = row["error"]
        else:
            out.setdefault(row["algo"], {})[row["size"]] = row["median"]
    return out


def table(measured: dict[str, dict[int | str, Any]]) -> tuple[list[str], list[list[Any]]]:
    pub = load("seed000")
    head = ["algorithm"] + [f"published {n} B" for n in pub["sizes"]] + \
           [f"hashbench {n} B" for n in pub["sizes"]] + ["ratio @78 B", "rank published", "rank ours"]
    pr = {n: r for r, n, _ in rank({k: v[2] for k, v in pub["table1"].items()})}
    ours78 = {k: v[78] for k, v in measured.items() if 78 in v}
    orr = {n: r for r, n, _ in rank(ours78)}
    rows: list[list[Any]] = []
    for k, vals in pub["table1"].items():
        m = measured.get(k, {})
        mine = [m.get(n) for n in pub["sizes"]]
        note = m.get("error") or ("not in the registry yet" if native.find(k) is None else "")
        rows.append([pub["labels"][k] + f" ({k})", *vals, *mine,
                     (mine[2] / vals[2]) if mine[2] else None, pr[k], orr.get(k, note or "-")])
    return head, rows


def target_at(opt: str, target: str = TARGET) -> Target:
    """The target built with another optimisation level (-O0, -O1, -Os):
    its own config (name <target>-<opt>, so its build folder and rows are
    its own), every other key as in targets/<target>/target.toml."""
    import copy
    import importlib

    from ..targets import SIMULATORS, get
    from ..targets.config import TargetConfig, load
    from ..targets.pipeline import FirmwareTarget
    if opt == "O2":
        return get(target)
    cfg = load(target)
    data = copy.deepcopy(cfg.data)
    data["toolchain"]["cflags"] = [f"-{opt}" if f in ("-O2", "-O3", "-Os", "-O1") else f
                                   for f in data["toolchain"]["cflags"]]
    data.setdefault("machine", target)
    data.setdefault("cycle_model", target)
    var = TargetConfig(name=f"{target}-{opt}", folder=cfg.folder, data=data)
    mod, cls = SIMULATORS[var.simulator].split(":")
    backend = getattr(importlib.import_module(f"hashbench.targets.{mod}"), cls)(var)
    return FirmwareTarget(var, backend)


def conditions(opts: Iterable[str] = ("O2", "O0"), store: Store | None = None, run_ids: dict[str, int] | None = None,
               algos: list[str] | None = None) -> dict[str, dict[str, dict[int, float]]]:
    """{opt: {algo: {size: cycles}}}: Table 1's algorithms measured at each
    optimisation level, to see which one the published figures resemble."""
    pub = load("seed000")
    names = [n for n in (algos or pub["table1"]) if native.find(n) is not None]
    out: dict[str, dict[str, dict[int, float]]] = {}
    for opt in opts:
        tg = target_at(opt)
        res: dict[str, dict[int, float]] = {}
        for row in tg.run(names, pub["sizes"], blocks=0, every_impl=False):
            if store is not None and run_ids and opt in run_ids:
                store.add(run_ids[opt], row)
            if not row.get("error"):
                res.setdefault(row["algo"], {})[row["size"]] = row["median"]
        out[opt] = res
    return out


def ratio_table(cond: dict[str, dict[str, dict[int, float]]]) -> tuple[list[str], list[list[Any]], dict[str, Any]]:
    """Published / ours at 78 B per algorithm and optimisation level, and
    per level the geometric mean and spread (max/min) of those ratios:
    conditions that explain the published figures give ratios near 1 and
    alike across algorithms."""
    from ..analysis import geomean
    pub = load("seed000")
    opts = list(cond)
    head = ["algorithm", "published @78 B"] + [f"ours -{o}" for o in opts] + [f"published / -{o}" for o in opts]
    rows: list[Any] = []
    ratios: dict[str, list[Any]] = {o: [] for o in opts}
    for k, vals in pub["table1"].items():
        ours = [cond[o].get(k, {}).get(78) for o in opts]
        rs = [vals[2] / v if v else None for v in ours]
        for o, r in zip(opts, rs):
            if r:
                ratios[o].append(r)
        rows.append([k, vals[2], *ours, *rs])
    summ = {o: {"geomean": geomean(r), "spread": (max(r) / min(r)) if r else None, "n": len(r)}
            for o, r in ratios.items()}
    return head, rows, summ
