"""Differential tests of BLAKE (final, 14/16 rounds) and Skein v1.3 against
independent implementations: PyPI `blake256` (Larry Bugbee's pure-Python
blake.py, all four sizes despite the name) and PyPI `pyskein` (module
`skein`, the designers' C reference behind a CPython API: any digest_bits,
Skein-MAC key)."""
import pytest

import hashbench
from diffutil import differential


@pytest.mark.parametrize("bits", [224, 256, 384, 512])
def test_blake(bits):
    mod = pytest.importorskip("blake256.blake256")

    def oracle(m):
        return mod.BLAKE(bits).final(m)

    # the oracle is pure Python (~100 KB/s): shorter messages than the
    # default, still several blocks and every padding case
    differential(f"blake_{bits}", oracle, n=1000, max_len=700)


SKEIN = [("skein256_256", "skein256", 32), ("skein512_224", "skein512", 28),
         ("skein512_256", "skein512", 32), ("skein512_384", "skein512", 48),
         ("skein512_512", "skein512", 64), ("skein1024_1024", "skein1024", 128)]


@pytest.mark.parametrize("name,ctor,default", SKEIN)
def test_skein(name, ctor, default):
    skein = pytest.importorskip("skein")
    cls = getattr(skein, ctor)

    def oracle(m, digest_size=default, key=None):
        return cls(m, digest_bits=8 * digest_size, key=key or b"").digest()

    def kwargs(rng):
        kw = {}
        # output lengths across the 1..255 range, below/at/above the state size
        ds = rng.choice((None, 1, 16, 20, 28, 32, 48, 64, 100, 128, 129, 200, 255, rng.randint(1, 300)))
        if ds is not None:
            kw["digest_size"] = ds
        # Skein-MAC with keys shorter than, equal to and longer than a block
        if rng.random() < 0.5:
            kw["key"] = rng.randbytes(rng.choice((0, 1, 16, 32, 64, 65, 128, 129, 300)))
        return kw

    differential(name, oracle, make_kwargs=kwargs)


def test_skein_mac_entry_point():
    skein = pytest.importorskip("skein")
    tag = hashbench.mac("skein512_256", b"k" * 40, b"message", length=20)
    assert tag == skein.skein512(b"message", digest_bits=160, key=b"k" * 40).digest()
