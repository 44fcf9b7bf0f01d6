"""Rows of two cycle-model versions never meet in one figure: the readers of
the store (forms, so report, recommend and `db query`; the per-run summary
of `bench`; `db cpb-table`; seed 004's reuse) keep one count kind per form."""
from __future__ import annotations

import pytest

from hashbench import analysis, bench
from hashbench.cli import main
from hashbench.emu.cycle_models import MODELS
from hashbench.report import cpb_table, write_report
from hashbench.store import Store

V1 = "cycles_model:cortex-m4-trm@1"
V2 = f"cycles_model:{MODELS['cortex-m4'].tag}"


def _rows(kind, per_block, fixed=500.0, blocks=(1, 2, 3, 4), sizes=(64,), algo="sha256", impl="unrolled"):
    out = [{"algo": algo, "target": "cortex-m4", "impl": impl, "kind": "blocks", "size": 64 * n,
            "median": fixed + per_block * n, "q1": fixed + per_block * n, "q3": fixed + per_block * n,
            "count_kind": kind, "reps": 1} for n in blocks]
    out += [{"algo": algo, "target": "cortex-m4", "impl": impl, "kind": "size", "size": s,
             "median": fixed + per_block * (s // 64 + 1), "q1": 0, "q3": 0, "count_kind": kind, "reps": 1}
            for s in sizes]
    return out


def test_model_version_parses_versioned_and_older_kinds():
    assert analysis.model_version("cycles_model:cortex-m4-trm@2") == ("cortex-m4-trm", 2)
    assert analysis.model_version("cycles_model:arm7tdmi-trm") == ("arm7tdmi-trm", 0)
    assert analysis.model_version("cycles_exact") is None
    assert analysis.model_version(None) is None


@pytest.mark.parametrize("order", ["v1 first", "v2 first"])
def test_the_newer_version_wins_whatever_order_the_rows_were_stored_in(order):
    old, new = _rows(V1, 3000.0), _rows(V2, 2400.0)
    rows = old + new if order == "v1 first" else new + old
    kept, dropped = analysis.one_count_kind(rows)
    assert {r["count_kind"] for r in kept} == {V2}
    assert dropped == {V1: len(old)}


def test_unversioned_model_rows_are_older_than_versioned_ones():
    kept, dropped = analysis.one_count_kind(_rows(V2, 2400.0) + _rows("cycles_model:cortex-m4-trm", 3000.0))
    assert {r["count_kind"] for r in kept} == {V2} and list(dropped) == ["cycles_model:cortex-m4-trm"]


def test_different_units_keep_the_newest_rows_kind():
    a = [{"count_kind": "nanoseconds", "median": 1.0}]
    b = [{"count_kind": "tsc_cycles", "median": 3.0}]
    kept, dropped = analysis.one_count_kind(a + b)
    assert kept == b and dropped == {"nanoseconds": 1}


def test_a_fit_never_mixes_versions():
    """v2 measured blocks 1..4; v1 rows of blocks 3 and 4 arrive later (a
    merged store, an older checkout).  Taking the latest row per message
    would fit 2400 per block at N=1,2 and 3000 at N=3,4: a slope neither
    model gives.  The figure must be v2's."""
    rows = _rows(V2, 2400.0, sizes=()) + _rows(V1, 3000.0, blocks=(3, 4), sizes=(64,))
    (f,) = analysis.forms(rows)
    assert f["count_kind"] == V2
    assert f["long_cpb"] == pytest.approx(2400.0 / 64)
    assert 64 not in f["cycles"]            # the v1 size row is not a v2 figure
    assert f["superseded"] == {V1: 3}
    best = bench.best_forms(rows)["sha256"]["forms"]["unrolled"]
    assert best["cpb"] == pytest.approx(2400.0 / 64)


def test_report_says_which_rows_were_left_out(tmp_path):
    rows = _rows(V2, 2400.0) + _rows(V1, 3000.0)
    md = write_report(rows, tmp_path / "r", title="t", markdown=True).read_text()
    assert V1 in md and "left out" in md


def test_cpb_table_refuses_a_column_of_two_versions():
    # sha256 measured under v2, sha512 only under v1: one column, two rule sets
    rows = _rows(V2, 2400.0) + _rows(V1, 9000.0, algo="sha512")
    with pytest.raises(ValueError, match="several count kinds"):
        cpb_table(rows, ["cortex-m4"], ["sha256", "sha512"])
    table = cpb_table(_rows(V2, 2400.0), ["cortex-m4"], ["sha256", "sha512"])
    assert "| sha256 | 64 | 37.5 |" in table and "| sha512 | 128 | – |" in table and V2 in table


def test_cpb_table_command_reads_the_store(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    st = Store(db)
    run = st.start_run("cortex-m4")
    for r in _rows(V1, 3000.0) + _rows(V2, 2400.0):
        st.add(run, r)
    st.close()
    assert main(["db", "--db", str(db), "cpb-table", "--target", "cortex-m4", "-a", "sha256"]) == 0
    got = capsys.readouterr().out
    assert "| sha256 | 64 | 37.5 |" in got and V1 not in got
    assert main(["db", "--db", str(db), "cpb-table", "--target", "cortex-m9"]) == 2
