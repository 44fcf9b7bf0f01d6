"""Seed 001: the published table's console model, and the table built from
measurements (made up here, so the test needs no simulator)."""
from __future__ import annotations

import pytest

from hashbench.seeds import seed001


def test_published_cycles_are_a_9600_baud_console():
    u = seed001.uart_model()
    assert u["points"] == 3
    assert u["baud"] == pytest.approx(9600, rel=0.001)
    assert u["intercept_chars"] == pytest.approx(16, abs=0.01)
    assert u["residual_max"] < 1000


def test_table_and_explanations_from_measurements():
    measured = {a: {"sizes": {0: 5000.0, 10: 5000.0, 1024: 90000.0}, "1MB": 8.0e7} for a in seed001.ALGOS}
    head, rows = seed001.table(measured)
    assert len(rows) == 6 * 4
    r = next(r for r in rows if r[0] == "sha256" and r[1] == "1KB")
    assert r[head.index("ours cycles")] == 90000.0
    assert r[head.index("ours us")] == pytest.approx(900.0)
    assert r[head.index("ours B/s")] == pytest.approx(1024 / 900e-6)
    text = "\n".join(seed001.explain(measured))
    assert "9,601 baud" in text and "85,000 cycles" in text
    assert "1.00 character times" in text
