"""`hashbench recommend` over a small store made here: constraints filter,
reasons are given, the fastest meeting them comes first, facts have sources."""
from __future__ import annotations

import json

import pytest

from hashbench import cli
from hashbench.recommend import facts, parse_bytes, recommend
from hashbench.store import Store

# (algo, impl, cycles at 46 B, code bytes, RAM bytes)
FIXTURE = [
    ("sha256", "rolled", 5200, 1500, 400),
    ("sha256", "unrolled", 4100, 6000, 400),
    ("ascon_hash256", "ref", 6400, 1900, 200),
    ("blake2s", "ref", 3000, 9000, 500),          # fastest, but too big for 8K
    ("blake2s_128", "ref", 2900, 7000, 500),      # 64-bit collision security
    ("hamsi_256", "ref", 2500, 4000, 300),        # round-2 candidate
    ("hmac_sha256", "ref", 12000, 2100, 700),
    ("sha3_256", "lanes64", 9000, 7000, 1500),    # RAM > 1K
]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "fixture.sqlite"
    st = Store(path)
    rid = st.start_run("cortex-m0")
    for algo, impl, cyc, code, ram in FIXTURE:
        for size, c in ((30, cyc * 0.9), (46, cyc), (64, cyc * 1.1)):
            st.add(rid, {"algo": algo, "target": "cortex-m0", "impl": impl, "size": size, "kind": "size",
                         "median": c, "min": c, "q1": c, "q3": c, "count_kind": "cycles_model",
                         "clock_hz": 16e6, "code_bytes": code, "ram_bytes": ram, "verified": True})
    st.close()
    return path


def rows(path):
    st = Store(path)
    try:
        return st.rows()
    finally:
        st.close()


def test_constraints_rank_and_explain(db):
    ok, out, _ = recommend(rows(db), "cortex-m0", 46, max_rom=8192, max_ram=1024, security=128)
    order = [(c.algo, c.impl) for c in ok]
    assert order == [("hamsi_256", "ref"), ("sha256", "unrolled"), ("sha256", "rolled"),
                     ("ascon_hash256", "ref")]
    why = {(c.algo, c.impl): c.excluded for c in out}
    assert why[("blake2s", "ref")] == ["ROM 9,000 > 8,192 B"]
    assert why[("blake2s_128", "ref")] == ["security 64 < 128 bits"]
    assert why[("sha3_256", "lanes64")] == ["RAM 1,500 > 1,024 B"]
    assert why[("hmac_sha256", "ref")] == ["a MAC, not a hash (--mac for MACs)"]
    assert ok[1].time_us == pytest.approx(4100 / 16)


def test_standardised_and_mac(db):
    ok, out, _ = recommend(rows(db), "cortex-m0", 46, standardised=True)
    assert "hamsi_256" not in {c.algo for c in ok}
    assert any("round-2" in r for c in out if c.algo == "hamsi_256" for r in c.excluded)
    ok, _, _ = recommend(rows(db), "cortex-m0", 46, mac=True)
    assert [c.algo for c in ok] == ["blake2s", "hmac_sha256"]


def test_sizes_between_measurements_are_interpolated(db):
    ok, _, _ = recommend(rows(db), "cortex-m0", 38)
    sha = next(c for c in ok if c.algo == "sha256" and c.impl == "rolled")
    assert sha.cycles == pytest.approx(5200 * 0.9 + (5200 - 5200 * 0.9) * (38 - 30) / (46 - 30))
    assert sha.how.startswith("interpolated")


def test_every_algorithm_has_a_status_and_security_with_a_source():
    from hashbench import native
    for n in native.registry():
        f = facts(n)
        assert f["security"] and f["source"].startswith("https://"), n
    assert facts("sha3_256")["category"] == "nist"
    assert facts("jh_256")["category"] == "finalist"
    assert facts("bmw_512")["security"] == 256


def test_cli(db, capsys):
    assert cli.main(["recommend", "--db", str(db), "--target", "cortex-m0", "--size", "46",
                     "--max-rom", "8K", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert [c["algo"] for c in res["ranked"]][:2] == ["hamsi_256", "blake2s_128"]
    assert any(c["algo"] == "blake2s" for c in res["excluded"])
    assert cli.main(["recommend", "--db", str(db), "--target", "cortex-m0", "--size", "46",
                     "--max-rom", "1K"]) == 1
    assert cli.main(["recommend", "--db", str(db), "--target", "nosuch", "--size", "46"]) == 2


def test_parse_bytes():
    assert parse_bytes("8K") == 8192 and parse_bytes("1KiB") == 1024 and parse_bytes("512") == 512
