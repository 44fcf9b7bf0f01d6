"""softcore-rv32: the firmware on the PicoRV32 RTL (Verilator), and the
rv32imc cycle model checked against it (deterministic counts, so the
bound is a test, not a benchmark)."""
import pytest

from hashbench import targets


def need(name):
    tg = targets.get(name)
    if tg.missing():
        pytest.skip(f"{name}: missing {', '.join(tg.missing())}; apt-get install {' '.join(tg.apt_packages)}")
    try:
        tg.check()
    except targets.TargetUnavailable as e:
        pytest.skip(str(e))
    return tg


def test_rtl_checksum_exact_cycles_and_model_error():
    need("softcore-rv32")
    need("rv32imc")
    from hashbench import validate
    rows = validate.against_rtl(["sha256"], sizes=(0, 64), blocks=2)
    assert rows and not any(r.get("error") for r in rows), rows
    for r in rows:
        assert abs(r["error_pct"]) < 5.0, r       # the model within 5% of the RTL
        if r["instructions_equal"] is not None:
            assert r["instructions_equal"], r      # same program, same retired instructions


def test_rtl_repeatable():
    tg = need("softcore-rv32")
    a = [r["median"] for r in tg.run(["sha256"], [64], blocks=0, check_n=8)]
    b = [r["median"] for r in tg.run(["sha256"], [64], blocks=0, check_n=8)]
    assert a == b and a[0] > 10000


def test_rtl_both_sha256_implementations():
    """Both SHA-256 forms pass their checksum on the RTL core; the unrolled
    one takes fewer cycles per block there too."""
    tg = need("softcore-rv32")
    per_block = {}
    for impl in ("rolled", "unrolled"):
        rows = list(tg.run(["sha256"], [], blocks=2, check_n=8, impl=impl))
        assert rows and all(r["impl"] == impl and r["verified"] and not r.get("error") for r in rows), rows
        by = {r["size"]: r["median"] for r in rows if r["kind"] == "blocks"}
        per_block[impl] = by[128] - by[64]
    assert per_block["unrolled"] < per_block["rolled"]
