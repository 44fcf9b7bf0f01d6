"""Seed 004 (8051 / ARM7TDMI, Figure 1): the transcribed data, the tables
built from measurements, and the reuse of stored measurements."""
import pytest

from hashbench import native
from hashbench.seeds import load, seed004
from hashbench.store import Store


def test_transcribed_figure1_is_consistent():
    pub = load("seed004")
    assert len(pub["figure1"]) == 16
    for r in pub["figure1"]:
        # cycles/byte = cycles per block (Keccak: per permutation) / block (rate);
        # the paper truncates (Luffa-512: 1630.19 printed 1630.1)
        assert r["i8051_cycles"] / r["block"] == pytest.approx(r["i8051_cpb"], abs=0.1), r["label"]
        assert r["arm7_cycles"] / r["block"] == pytest.approx(r["arm7_cpb"], abs=0.1), r["label"]
        # the paper's ratio column: 8051 cycles/byte over ARM cycles/byte, one decimal
        assert r["i8051_cpb"] / r["arm7_cpb"] == pytest.approx(r["ratio"], abs=0.06), r["label"]
        assert native.find(r["algo"]).block_size == r["block"], r["label"]


def _blocks(algo, target, per_block, fixed, n=3):
    b = native.find(algo).block_size
    return [{"algo": algo, "target": target, "size": k * b, "kind": "blocks", "median": fixed + per_block * k,
             "count_kind": "cycles_exact", "code_bytes": 1000, "ram_bytes": 300} for k in range(1, n + 1)]


def test_figure1_uses_machine_cycles_for_the_8051():
    m = {"mcs51": {"luffa_256": seed004.summarise(_blocks("luffa_256", "mcs51", 12 * 28030 * 2, 5000), 32)},
         "arm7tdmi": {"luffa_256": seed004.summarise(_blocks("luffa_256", "arm7tdmi", 2361 * 2, 90), 32)}}
    head, rows = seed004.figure1(m)
    row = next(r for r in rows if r[1] == "luffa_256")
    col = dict(zip(head, row))
    assert col["8051 ours m.c./block"] == pytest.approx(2 * 28030)
    assert col["ours/pub. 8051"] == pytest.approx(2.0, rel=1e-3)
    assert col["8051/ARM ours"] == pytest.approx(col["8051 ours m.c./B"] / col["ARM7 ours c/B"])
    # an algorithm that failed carries its reason into the table instead of a number
    m["mcs51"]["bmw_256"] = seed004.summarise([{"algo": "bmw_256", "error": "does not fit (9 > 8)"}], 64)
    row = next(r for r in seed004.figure1(m)[1] if r[1] == "bmw_256")
    assert row[4] == "does not fit (9 > 8)"


def test_rankings_order_by_cycles_per_byte():
    fams = load("seed004")["ranking_sets"]["256"]
    cpb = {"BLAKE": 3, "BMW": 1, "Grøstl": 7, "Keccak": 5, "Luffa": 2, "Shabal": 4, "Skein": 6}
    m = {"avr": {a: seed004.summarise(_blocks(a, "avr", cpb[f] * native.find(a).block_size, 10),
                                      native.find(a).block_size) for f, a in fams.items()}}
    rk = seed004.rankings(m)["256"]
    assert rk["avr ours"] == ["BMW", "Luffa", "BLAKE", "Shabal", "Keccak", "Skein", "Grøstl"]
    assert rk["8051 published"][:3] == ["Shabal", "BMW", "BLAKE"]     # seed 004, Figure 5
    assert rk["ATmega1281 XBX"][3] == "Skein"


def test_stored_measurements_are_reused_and_failures_are_not(tmp_path, monkeypatch):
    st = Store(tmp_path / "r.sqlite")
    rid = st.start_run("mcs51")
    for r in _blocks("sha256", "mcs51", 1_489_182, 300_000):
        st.add(rid, r)
    st.add(rid, {"algo": "sha512", "target": "mcs51", "error": "simulator killed after 900 s (hang?)"})
    calls = []

    class Fake:
        def run(self, algos, sizes, blocks, **kw):
            calls.extend(algos)
            yield from _blocks(algos[0], "mcs51", 12 * 1000, 50)

    monkeypatch.setattr("hashbench.targets.get", lambda name: Fake())
    got = seed004.measure(("mcs51",), ["sha256", "sha512"], store=st, run_ids={"mcs51": rid})
    assert calls == ["sha512"]                       # sha256 came from the store
    assert got["mcs51"]["sha256"]["c_block"] == pytest.approx(1_489_182)
    assert got["mcs51"]["sha256"]["from"].startswith("store")
    assert got["mcs51"]["sha512"]["c_block"] == pytest.approx(12_000)
    # and what was measured now is in the store for the next call
    again = seed004.measure(("mcs51",), ["sha512"], store=st, run_ids={"mcs51": rid})
    assert calls == ["sha512"] and again["mcs51"]["sha512"]["from"].startswith("store")
    st.close()
