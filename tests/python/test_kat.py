"""Every vector file of tests/vectors through the Python binding (the C
tests run the same files through the C API)."""
import pytest

import hashbench
from hashbench import kat

NAMES = kat.available()


def test_vectors_exist_for_core_families():
    for n in ("sha256", "sha512_256", "sha3_256", "shake_128", "keccak_256", "hmac_sha256"):
        assert n in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_kat(name):
    ok, bad, notes = kat.run(name, monte_carlo=False)
    assert bad == 0, notes
    assert ok > 0


@pytest.mark.parametrize("name", [n for n in NAMES if any("mc" in r for r in kat.records(n))])
def test_monte_carlo(name):
    recs = [r for r in kat.records(name) if "mc" in r]
    a = hashbench.native.find(name)
    for r in recs:
        assert kat.monte(a, r), f"{name}: Monte Carlo {r['mc']} chain differs"
