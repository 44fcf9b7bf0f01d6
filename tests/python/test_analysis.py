"""The long-message rate: robust fit, cross-check, unstable flags; the
machine check; the views over the store (size classes, fronts, ratios)."""
from __future__ import annotations

import subprocess

import pytest

from hashbench import analysis, system
from hashbench.targets.host import harness_path


def _blocks(cpb_block, fixed, block, ns, stat_noise=None, kind="cycles_model"):
    rows = []
    for n in ns:
        c = fixed + cpb_block * n
        noisy = stat_noise.get(n, 0) if stat_noise else 0
        rows.append({"algo": "x", "kind": "blocks", "size": n * block, "median": c + noisy, "min": c,
                     "q1": c, "q3": c + 2 * noisy, "count_kind": kind, "reps": 50})
    return rows


def test_theil_sen_ignores_a_quarter_of_wild_points():
    x = list(range(1, 13))
    y = [100 + 7 * v for v in x]
    y[3] += 5000
    y[7] -= 3000
    y[10] += 9000
    slope, icept = analysis.theil_sen(x, y)
    assert slope == pytest.approx(7)
    assert icept == pytest.approx(100)


def test_least_squares_would_have_gone_negative_where_the_robust_fit_does_not():
    rows = _blocks(300, 2000, 32, [1, 2, 3, 4, 5, 6, 7, 8], {7: -4000, 8: -4500})
    import numpy as np
    n = [r["size"] // 32 for r in rows]
    assert np.polyfit(n, [r["median"] for r in rows], 1)[0] < 0     # what the old fit printed
    fit = analysis.htime_fit(rows, 32)
    assert fit["c_block"] == pytest.approx(300)


def test_non_positive_slope_is_never_the_rate():
    rows = _blocks(-50, 90000, 64, [1, 2, 4, 8])
    rows.append({"algo": "x", "kind": "size", "size": 65536, "median": 70000.0, "min": 70000.0,
                 "q1": 70000.0, "q3": 70000.0, "count_kind": "cycles_model", "reps": 1})
    lr = analysis.long_rate(rows, 64)
    assert lr["cpb"] == pytest.approx(70000 / 65536)
    assert "not positive" in lr["unstable"]


def test_fit_disagreeing_with_the_largest_message_is_flagged():
    rows = _blocks(640, 1000, 64, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024])
    rows.append({"algo": "x", "kind": "size", "size": 65536, "median": 20 * 65536.0, "min": 20 * 65536.0,
                 "q1": 20 * 65536.0, "q3": 20 * 65536.0, "count_kind": "cycles_model", "reps": 1})
    lr = analysis.long_rate(rows, 64)
    assert "predicts" in lr["unstable"]
    assert lr["cpb"] == pytest.approx(20)


def test_timed_rows_fit_the_minimum_and_agree_despite_preempted_medians():
    ns = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
    noise = {n: 2 * 640 * n for n in ns if n >= 128}    # medians 3x the minimum at long messages
    rows = _blocks(10 * 64, 500, 64, ns, noise, kind="tsc_cycles")
    lr = analysis.long_rate(rows, 64)
    assert lr["stat"] == "min"
    assert lr["cpb"] == pytest.approx(10)
    assert lr["unstable"] is None
    assert analysis.long_rate(_blocks(640, 500, 64, ns, noise), 64)["unstable"]   # exact kind: medians


def test_row_spread_flag():
    assert analysis.unstable_reason({"median": 100, "q1": 95, "q3": 120})
    assert analysis.unstable_reason({"median": 100, "q1": 99, "q3": 101}) is None


@pytest.mark.skipif(not harness_path().exists(), reason="build/hb-bench not built (make build/hb-bench)")
def test_harness_measures_geometric_block_counts_up_to_the_span():
    out = subprocess.run([str(harness_path()), "-a", "sha256", "-s", "64", "-b", "2", "-g", "4096",
                          "-t", "0.001", "-r", "3"], capture_output=True, text=True, check=True).stdout
    sizes = [int(line.split("size=")[1].split()[0]) for line in out.splitlines() if "kind=blocks" in line]
    assert sizes == [64, 128, 256, 512, 1024, 2048, 4096]


def test_system_check_verdicts(monkeypatch):
    monkeypatch.setattr(system, "busy_processes", lambda interval=0.5: [])
    monkeypatch.setattr(system.os, "getloadavg", lambda: (0.05, 0.1, 0.1))
    monkeypatch.setattr(system, "calibrate", lambda runs=5: {"algo": "sha256", "size": 4096, "runs": 5,
                                                             "medians": [100.0] * 5, "spread": 0.001,
                                                             "iqr": 0.01, "seconds": 0.1})
    assert system.check()["verdict"] == "quiet"
    monkeypatch.setattr(system.os, "getloadavg", lambda: (9.0, 9.0, 9.0))
    monkeypatch.setattr(system.os, "cpu_count", lambda: 2)
    res = system.check()
    assert res["verdict"] == "noisy"
    assert any("load average" in f["what"] and f["do"] for f in res["findings"])
    assert "noisy" in system.one_line(res)
