"""Do two host runs agree?  Per algorithm and implementation of two stores,
the figure at every size >= 1 KiB (cycles/byte of the minimum over the
repetitions, as the report uses) and the long-message rate, with the
difference in percent and whether either run marked the rate unstable.

    .venv/bin/python tools/compare_runs.py run1.sqlite run2.sqlite [--limit 3]
"""
from __future__ import annotations

import argparse

from hashbench import analysis
from hashbench.store import Store


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--limit", type=float, default=3.0, help="percent (default 3)")
    a = p.parse_args()
    fa, fb = (analysis.forms(Store(x).rows()) for x in (a.a, a.b))
    other = {(f["target"], f["algo"], f["impl"]): f for f in fb}
    sizes = longs = 0
    ok_sizes = ok_longs = flagged = 0
    print(f"{'algorithm':16s} {'size':>8s} {'run 1':>10s} {'run 2':>10s} {'diff %':>7s}")
    for f in fa:
        g = other.get((f["target"], f["algo"], f["impl"]))
        if not g:
            continue
        for s in sorted(f["cycles"]):
            if s >= 1024 and g["cycles"].get(s):
                x, y = f["cycles"][s] / s, g["cycles"][s] / s
                d = 100 * (y - x) / x
                sizes += 1
                ok_sizes += abs(d) <= a.limit
                print(f"{f['algo']:16s} {s:>8d} {x:10.3f} {y:10.3f} {d:+7.2f}")
        if f["long_cpb"] and g["long_cpb"]:
            d = 100 * (g["long_cpb"] - f["long_cpb"]) / f["long_cpb"]
            longs += 1
            ok_longs += abs(d) <= a.limit
            mark = bool(f["unstable"] or g["unstable"])
            flagged += abs(d) > a.limit and mark
            print(f"{f['algo']:16s} {'long':>8s} {f['long_cpb']:10.3f} {g['long_cpb']:10.3f} {d:+7.2f}"
                  + ("  unstable" if mark else ""))
    print(f"sizes >= 1 KiB within {a.limit:g}%: {ok_sizes} of {sizes}; long-message rates: {ok_longs} of "
          f"{longs}; of the {longs - ok_longs} further apart, {flagged} marked unstable in a run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
