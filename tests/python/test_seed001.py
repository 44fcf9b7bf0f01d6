"""Seed 001's table and its explanations, from the published figures and
stand-in measurements (the measuring itself: test_target_microblaze.py)."""
from hashbench.seeds import load, seed001


def fake_rows(cpb):
    return {s: {"median": 1000.0 + cpb * s, "time_us": (1000.0 + cpb * s) / 100, "energy_uj": 1.0,
                "cycles_per_byte": cpb if s else None} for s in load("seed001")["sizes"]}


def test_every_published_row_has_a_row_and_a_note():
    pub = load("seed001")
    head, rows, notes = seed001.table({a: fake_rows(100.0) for a in pub["rows"]}, {a: 300.0 for a in pub["rows"]})
    assert len(rows) == len(notes) == 6 * 4 and len(head) == len(rows[0])
    r = rows[0]  # SHA2-256, empty input
    assert r[:3] == ["SHA2-256", "empty", 8332655] and r[3] == 1000.0


def test_short_inputs_are_the_printed_digest():
    pub = load("seed001")
    note = seed001.explain("sha256", 0, pub["rows"]["sha256"][0], None, pub["rows"]["sha256"][0])
    assert "80.0 UART characters" in note and "64 hex digits + 16" in note
    note = seed001.explain("sha512", 3, pub["rows"]["sha512"][3], None, pub["rows"]["sha512"][0])
    assert "144.0 UART characters" in note


def test_long_input_notes_compare_per_byte_costs():
    pub = load("seed001")
    p = pub["rows"]["sha256"]
    note = seed001.explain("sha256", 2, p[2], fake_rows(100.0)[1048576], p[0], 277.0)
    assert "517 cycles/byte vs 100.0 here (277 built -O0" in note and "600 bytes / time" in note
    p = pub["rows"]["sha3_512"]
    note = seed001.explain("sha3_512", 2, p[2], fake_rows(462.5)[1048576], p[0], 821.0)
    assert "below even our -O2 code" in note and "built -O0" not in note
    p = pub["rows"]["sha256"]
    note = seed001.explain("sha256", 1, p[1], fake_rows(100.0)[1024], p[0])
    assert "only 136 cycles above its empty input" in note
