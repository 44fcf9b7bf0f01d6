"""Statistics over measured rows: the HTime(N) fit, rankings, geometric
means and platform ratios."""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, TypedDict

import numpy as np

if TYPE_CHECKING:
    from .store import Row

#: relative interquartile spread (q3 - q1) / median above which a single
#: measurement is called unstable: repetitions of one message disagree by
#: more than this on a machine whose other work preempts the timed loop
SPREAD_LIMIT = 0.10
#: how far the fitted long-message rate may lie from the largest message's
#: own cycles/byte before the fit is not trusted (the largest message's
#: fixed cost is under 1% of it at 64 KiB for every registered algorithm)
AGREE_LIMIT = 0.10


def theil_sen(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> tuple[float, float]:
    """Theil-Sen line: the median of the pairwise slopes and the median
    intercept.  A third of the points can be arbitrarily wrong (a context
    switch inside one timed run) without moving it, unlike least squares."""
    xa = np.asarray(x, dtype=float)
    ya = np.asarray(y, dtype=float)
    i, j = np.triu_indices(len(xa), 1)
    keep = xa[j] != xa[i]
    slope = float(np.median((ya[j] - ya[i])[keep] / (xa[j] - xa[i])[keep]))
    return slope, float(np.median(ya - slope * xa))


#: count kinds read off a clock while other work runs: their repetitions
#: scatter above the undisturbed cost
TIMED = ("tsc_cycles", "nanoseconds")


class HTimeFit(TypedDict):
    c_block: float
    c_fixed: float
    r2: float
    cycles_per_byte: float
    points: int          # measurements fitted
    span_bytes: int      # the largest message fitted


class LongRate(TypedDict):
    cpb: float | None
    how: str             # what the figure comes from: the fit or one message
    c_fixed: float | None
    c_block: float | None
    unstable: str | None  # why it is not trusted, None if it is
    stat: str            # "median" or "min" (floor_stat)


class Form(TypedDict):
    """One (target, algorithm, implementation) as measured (forms())."""
    target: str
    algo: str
    impl: str
    block: int
    digest: int
    error: str | None
    cycles: dict[int, float | None]        # message bytes -> cycles (cost())
    energy_uj: dict[int, float | None]     # message bytes -> µJ
    unstable_rows: list[tuple[str | None, int | None, str]]   # (kind, size, why)
    count_kind: str | None
    code_bytes: int | None
    ram_bytes: int | None
    clock_hz: float | None
    long_cpb: float | None
    long_how: str
    unstable: str | None
    c_fixed: float | None
    superseded: dict[str, int]              # count kind -> rows left out (one_count_kind)


class Ranked(TypedDict):
    rank: int
    value: float
    algo: str
    impl: str
    unstable: str | None


def floor_stat(rows: Iterable[Row]) -> str:
    """Which statistic of a measurement HTime(N) is fitted to.  Hashing a
    fixed message is deterministic, so a timed repetition can only be slowed
    by interference (preemption, interrupts, another process's cache use):
    the minimum is the undisturbed cost.  On a loaded 2-core machine the
    median of a 2 ms message was measured 3-5x its minimum, the minimum
    within 0.5% run to run.  Simulated counts are exact: the median."""
    return "min" if any(r.get("count_kind") in TIMED for r in rows) else "median"


def cost(row: Row) -> float | None:
    """The cycles one measured row stands for: its minimum for timed counts
    (see floor_stat), its median for exact ones."""
    timed = row.get("count_kind") in TIMED and row.get("min") is not None
    c: float | None = row.get("min") if timed else row.get("median")
    return c


def htime_fit(rows: Iterable[Row], block_size: int, stat: str = "median") -> HTimeFit | None:
    """Robust (Theil-Sen) fit of HTime(N) = c_fixed + c_block * N over rows
    of kind 'blocks' (N = size / block_size whole blocks), of statistic
    `stat` of each.  c_fixed is c_init + c_final (seed 003, eq. 2), taken
    from the block counts of at most 4 where it is not a small difference
    of large numbers.  Returns None with fewer than two block counts."""
    pts = sorted((r["size"] // block_size, r[stat]) for r in rows
                 if r.get("kind") == "blocks" and r.get(stat) is not None and block_size)
    if len({n for n, _ in pts}) < 2:
        return None
    n = np.array([p[0] for p in pts], dtype=float)
    c = np.array([p[1] for p in pts], dtype=float)
    slope, icept = theil_sen(n, c)
    small = n <= 4
    if small.any():
        icept = float(np.median(c[small] - slope * n[small]))
    pred = icept + slope * n
    ss_res = float(((c - pred) ** 2).sum())
    ss_tot = float(((c - c.mean()) ** 2).sum()) or 1.0
    return {"c_block": float(slope), "c_fixed": float(icept), "r2": 1 - ss_res / ss_tot,
            "cycles_per_byte": float(slope) / block_size, "points": len(pts),
            "span_bytes": int(n.max()) * block_size}


def spread(row: Row) -> float | None:
    """(q3 - q1) / median of one measurement, None without quartiles."""
    med, q1, q3 = row.get("median"), row.get("q1"), row.get("q3")
    if not med or q1 is None or q3 is None:
        return None
    s: float = (q3 - q1) / med
    return s


def unstable_reason(row: Row) -> str | None:
    """Why one measured row cannot be trusted, or None."""
    s = spread(row)
    if s is not None and s > SPREAD_LIMIT:
        return f"repetitions spread {100 * s:.0f}% (q1-q3) > {100 * SPREAD_LIMIT:.0f}%"
    return None


def long_rate(rows_in: Iterable[Row], block_size: int) -> LongRate:
    """The long-message rate of one (algorithm, implementation, target):
    the HTime(N) slope when whole-block rows exist, cross-checked against
    the largest message measured, else that message's own cycles/byte.

    Returns {cpb, how, c_fixed, c_block, unstable}: `unstable` is None or
    the reason the figure is not trusted.  A non-positive or disagreeing
    slope is never returned as the rate: the largest message's rate is,
    flagged."""
    rows = [r for r in rows_in if not r.get("error") and r.get("median") is not None]
    stat = floor_stat(rows)
    fit = htime_fit(rows, block_size, stat) if block_size else None
    sized = [r for r in rows if r.get("kind") == "size" and r.get("size") and r.get(stat) is not None]
    big: Row | None = None
    if sized:
        # the message nearest the fit's span: a 1 MiB message of a slow hash
        # outlasts a time slice on a busy machine, its count is not comparable
        span = fit["span_bytes"] if fit else max(r["size"] for r in sized)
        big = min(sized, key=lambda r: (abs(math.log(r["size"] / span)), -r["size"]))
    direct = big[stat] / big["size"] if big else None
    reasons: list[str] = []
    out: LongRate = {"cpb": None, "how": "", "c_fixed": None, "c_block": None, "unstable": None, "stat": stat}
    if fit:
        out["c_block"], out["c_fixed"] = fit["c_block"], fit["c_fixed"]
        cpb = fit["cycles_per_byte"]
        if cpb <= 0:
            reasons.append(f"fitted slope {cpb:.2f} c/B is not positive")
        elif direct and big is not None and big["size"] >= 4 * block_size:
            # the line's prediction for that message; padding may add a block
            pred = fit["c_fixed"] + fit["c_block"] * big["size"] / block_size
            got = big[stat]
            if abs(got - pred) > AGREE_LIMIT * got + fit["c_block"]:
                reasons.append(f"the fit predicts {pred:,.0f} cycles for {big['size']} B, measured "
                               f"{got:,.0f} (more than {100 * AGREE_LIMIT:.0f}% and a block apart)")
        if fit["c_fixed"] < -0.05 * abs(fit["c_block"]):
            reasons.append(f"fixed cost {fit['c_fixed']:.0f} cycles is negative")
        if cpb > 0 and not (reasons and direct):
            out["cpb"], out["how"] = cpb, f"fit to {fit['span_bytes']} B"
    if out["cpb"] is None and direct and big is not None:
        out["cpb"], out["how"] = direct, f"{big['size']} B"
    if stat == "min":
        # the figure is of minima: it is only wrong when too few
        # repetitions ran for any of them to be undisturbed
        used = [r for r in rows if r.get("kind") == "blocks" or r is big]
        few = [r for r in used if (r.get("reps") or 0) < 5]
        if few:
            reasons.append(f"{len(few)} measurements of fewer than 5 repetitions")
        out["unstable"] = "; ".join(reasons) or None
        return out
    used = [r for r in rows if r.get("kind") == "blocks" or r is big]
    noisy = [r for r in used if unstable_reason(r)]
    # Theil-Sen shrugs off a quarter of wrong points; more and the slope moves
    if noisy and (len(noisy) * 4 > len(used) or big in noisy):
        worst = max(noisy, key=lambda r: spread(r) or 0)
        reasons.append(f"{len(noisy)} of {len(used)} measurements noisy "
                       f"(worst {worst.get('kind')} {worst['size']} B: {unstable_reason(worst)})")
    out["unstable"] = "; ".join(reasons) or None
    return out


def geomean(xs: Iterable[float]) -> float:
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def rank(values: dict[str, float], higher_is_better: bool = False) -> list[tuple[int, str, float]]:
    """[(rank, name, value)] best first; ties share a rank."""
    items = sorted(values.items(), key=lambda kv: kv[1], reverse=higher_is_better)
    out: list[tuple[int, str, float]] = []
    prev: float | None = None
    r = 0
    for i, (k, v) in enumerate(items, 1):
        if v != prev:
            r = i
        out.append((r, k, v))
        prev = v
    return out


def normalise(values: dict[str, float], ref: str) -> dict[str, float]:
    base = values[ref]
    return {k: v / base for k, v in values.items()}


# ---- views over the store: forms, size classes, rankings, fronts -----------------

#: the size classes a user asks about: (label, smallest, largest bytes);
#: "can" is every payload a CAN FD frame or a short sensor record carries
#: (8..78 B measured: 8, 16, 30, 46, 64, 78), ranked by cycles per message;
#: "long" is the long-message rate, ranked by cycles per byte
SIZE_CLASSES = {"can": ("CAN-sized (8-78 B), cycles/message", 8, 78),
                "64": ("64 B, cycles/message", 64, 64),
                "1k": ("1 KiB, cycles/byte", 1024, 1024),
                "long": ("long messages, cycles/byte", None, None)}
#: SHA-2 of each digest size: the yardstick of normalised figures
SHA2_OF = {28: "sha224", 32: "sha256", 48: "sha384", 64: "sha512"}
#: platform families for the 8-bit/32-bit ratio (seed 004's tolerance)
EIGHT_BIT = ("avr", "mcs51")
ARM = ("arm7tdmi", "cortex-m0", "cortex-m3", "cortex-m4")


def model_version(count_kind: str | None) -> tuple[str, int] | None:
    """(model, version) of a modelled count kind, "cycles_model:<model>@<v>";
    version 0 for a model row written before the rules carried a version
    (those rows are older than every versioned one).  None for counts that
    are not modelled."""
    if not count_kind or not count_kind.startswith("cycles_model:"):
        return None
    name, _, ver = count_kind[len("cycles_model:"):].partition("@")
    try:
        return name, int(ver) if ver else 0
    except ValueError:
        return name, 0


def one_count_kind(rows: Iterable[Row]) -> tuple[list[Row], dict[str, int]]:
    """The rows of one count kind, and {count kind: rows left out}.

    Rows of one (target, algorithm, implementation) in different units must
    never meet in one figure: a fit over block rows of two cycle-model
    versions, or a message size of one version beside a slope of another,
    would be a number no model produced.  Where every kind is a version of
    one model the highest version is kept (a newer rule set supersedes the
    older, whatever order the rows were stored or merged in); otherwise the
    kind of the newest row is.  Rows with no count kind (errors) are kept."""
    rows = list(rows)
    kinds: list[str] = [r["count_kind"] for r in rows if r.get("count_kind")]
    if len(set(kinds)) <= 1:
        return rows, {}
    versions = {k: model_version(k) for k in kinds}
    names = {v[0] if v else None for v in versions.values()}
    if len(names) == 1 and None not in names:
        keep = max(set(kinds), key=lambda k: versions[k][1])  # type: ignore[index]
    else:
        keep = kinds[-1]
    dropped: dict[str, int] = {}
    for k in kinds:
        if k != keep:
            dropped[k] = dropped.get(k, 0) + 1
    return [r for r in rows if r.get("count_kind") in (keep, None)], dropped


def forms(rows: Iterable[Row]) -> list[Form]:
    """One entry per (target, algorithm, implementation) measured: cost per
    message size, the long-message rate, ROM/RAM, energy and stability.
    The latest row of each (size, kind) wins, so a store with many runs
    gives its newest figures; rows of another count kind (an older cycle
    model) are left out and counted in `superseded` (one_count_kind)."""
    from . import native
    by: dict[tuple[str, str, str], list[Row]] = {}
    for r in rows:
        # target and algo are NOT NULL in the store and in every target's rows
        by.setdefault((r["target"], r["algo"], r.get("impl") or "ref"), []).append(r)
    reg = native.registry()
    out: list[Form] = []
    for (target, algo, impl), group in sorted(by.items()):
        kept, superseded = one_count_kind(group)
        latest = {(r.get("kind"), r.get("size")): r for r in kept}
        rs = list(latest.values())
        ok = [r for r in rs if not r.get("error") and r.get("median") is not None]
        a = reg.get(algo)
        f: Form = {"target": target, "algo": algo, "impl": impl,
             "block": a.block_size if a else 0, "digest": a.digest_size if a else 0,
             "error": next((r["error"] for r in rs if r.get("error")), None),
             "cycles": {}, "energy_uj": {}, "unstable_rows": [], "count_kind": None,
             "code_bytes": None, "ram_bytes": None, "clock_hz": None,
             "long_cpb": None, "long_how": "", "unstable": None, "c_fixed": None,
             "superseded": superseded}
        for r in ok:
            f["count_kind"] = f["count_kind"] or r.get("count_kind")
            f["code_bytes"] = f["code_bytes"] or r.get("code_bytes")
            f["clock_hz"] = f["clock_hz"] or r.get("clock_hz")
            ram = r.get("ram_bytes") or ((r.get("stack_bytes") or 0) + (r.get("ctx_bytes") or 0) or None)
            f["ram_bytes"] = f["ram_bytes"] or ram
            if r.get("kind") == "size":
                f["cycles"][r["size"]] = cost(r)
                if r.get("energy_uj") is not None:
                    f["energy_uj"][r["size"]] = r["energy_uj"] * cost(r) / r["median"] if r["median"] else None
            why = _row_unstable(r)
            if why:
                f["unstable_rows"].append((r.get("kind"), r.get("size"), why))
        if ok:
            lr = long_rate(ok, f["block"])
            f["long_cpb"], f["long_how"] = lr["cpb"], lr["how"]
            f["unstable"], f["c_fixed"] = lr["unstable"], lr["c_fixed"]
        out.append(f)
    return out


def _row_unstable(r: Row) -> str | None:
    u: str | None = r.get("unstable")
    if u is None and r.get("extra"):
        try:
            import json
            u = json.loads(r["extra"]).get("unstable")
        except (ValueError, AttributeError):
            u = None
    return u


def class_value(f: Form, cls: str) -> float | None:
    """A form's figure in a size class (lower is better): mean cycles per
    message over the measured CAN sizes, cycles at 64 B, c/B at 1 KiB, or
    the long-message c/B."""
    if cls == "long":
        return f["long_cpb"]
    _, lo, hi = SIZE_CLASSES[cls]
    assert lo is not None and hi is not None   # only "long" has no bounds
    vals = [c for s, c in f["cycles"].items() if lo <= s <= hi and c is not None]
    if not vals:
        return None
    if cls == "1k":
        return vals[0] / 1024
    return sum(vals) / len(vals)


def rankings(fs: list[Form], target: str, cls: str, best_impl: bool = True) -> list[Ranked]:
    """Forms of one target ranked in a size class, best first; with
    best_impl only each algorithm's best implementation."""
    valued = [(class_value(f, cls), f) for f in fs if f["target"] == target]
    cand = [(v, f) for v, f in valued if v is not None and v > 0]
    if best_impl:
        best: dict[str, tuple[float, Form]] = {}
        for v, f in cand:
            if f["algo"] not in best or v < best[f["algo"]][0]:
                best[f["algo"]] = (v, f)
        cand = list(best.values())
    cand.sort(key=lambda vf: vf[0])
    return [{"rank": i + 1, "value": v, "algo": f["algo"], "impl": f["impl"], "unstable": f["unstable"]}
            for i, (v, f) in enumerate(cand)]


def normalised_to_sha2(fs: list[Form], cls: str = "long") -> dict[tuple[str, str], float]:
    """{(target, algo): figure / figure of SHA-2 with the same digest size on
    that target} (best implementation of each); algorithms whose digest size
    has no SHA-2 are left out."""
    best: dict[tuple[str, str], float] = {}
    for f in fs:
        v = class_value(f, cls)
        k = (f["target"], f["algo"])
        if v and v > 0:
            best[k] = min(v, best.get(k, v))
    digest = {f["algo"]: f["digest"] for f in fs}
    out: dict[tuple[str, str], float] = {}
    for (t, a), v in best.items():
        ref = SHA2_OF.get(digest[a])
        if ref and (t, ref) in best:
            out[(t, a)] = v / best[(t, ref)]
    return out


def geomean_across_targets(fs: list[Form], cls: str = "long") -> dict[str, tuple[float, int]]:
    """{algo: (geometric mean over targets of the SHA-2-normalised figure,
    number of targets)}: how an algorithm fares relative to SHA-2
    everywhere it was measured, clock and count kind cancelling out."""
    per: dict[str, list[float]] = {}
    for (_t, a), v in normalised_to_sha2(fs, cls).items():
        per.setdefault(a, []).append(v)
    return {a: (geomean(vs), len(vs)) for a, vs in per.items()}


def platform_ratios(fs: list[Form], cls: str = "long") -> dict[str, dict[str, float]]:
    """{algo: {eight_bit, arm, ratio}}: best 8-bit c/B (AVR, 8051) over best
    ARM c/B.  Seed 004 asks how much worse a 32-bit-friendly design fares on
    8-bit cores; the 8051's machine cycles are 12 clocks, so ratios of the
    8051 compare machine cycles with ARM cycles."""
    best: dict[tuple[str, str], float] = {}
    for f in fs:
        v = class_value(f, cls)
        fam = "eight_bit" if f["target"] in EIGHT_BIT else "arm" if f["target"] in ARM else None
        if fam and v and v > 0:
            k = (f["algo"], fam)
            best[k] = min(v, best.get(k, v))
    out: dict[str, dict[str, float]] = {}
    for (a, fam), v in best.items():
        if fam == "eight_bit" and (a, "arm") in best:
            out[a] = {"eight_bit": v, "arm": best[(a, "arm")], "ratio": v / best[(a, "arm")]}
    return out


def pareto(fs: list[Form], target: str, x: Literal["code_bytes", "ram_bytes"] = "code_bytes",
           cls: str = "long") -> list[dict[str, str | float]]:
    """The forms of `target` no other form beats on both `x` (code_bytes or
    ram_bytes) and the class figure, smallest x first."""
    pts: list[tuple[int, float, Form]] = []
    for f in fs:
        xv, yv = f[x], class_value(f, cls)
        if f["target"] == target and xv and yv is not None and yv > 0:
            pts.append((xv, yv, f))
    pts.sort(key=lambda p: (p[0], p[1]))
    front: list[dict[str, str | float]] = []
    best = float("inf")
    for xv, yv, f in pts:
        if yv < best:
            front.append({"algo": f["algo"], "impl": f["impl"], x: xv, "value": yv})
            best = yv
    return front


def is_mac(algo: str) -> bool:
    from . import native
    a = native.registry().get(algo)
    return bool(a and a.flags & (native.HB_KEYED | native.HB_MAC))


def energy_per_message(f: Form, size: int) -> float | None:
    """µJ for one message of `size` bytes from the target's power profile
    (None where the profile gives no power)."""
    return f["energy_uj"].get(size)
