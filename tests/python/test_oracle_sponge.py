"""Differential tests of the sponge modes against pycryptodome:
TurboSHAKE128/256, KT128 (KangarooTwelve), cSHAKE128/256, KMAC128/256 with
random domain bytes, customisation strings and keys.  Where pycryptodome
has no ready-made function (KT256, KMACXOF) the oracle is a few lines
built on its TurboSHAKE256 / cSHAKE (written from RFC 9861 and SP 800-185,
not from the C code).  Ascon is checked by its KAT files (test_kat.py):
PyPI `ascon` implements v1.2, not SP 800-232."""
import pytest

import hashbench
from diffutil import differential

TurboSHAKE128 = pytest.importorskip("Crypto.Hash.TurboSHAKE128")
TurboSHAKE256 = pytest.importorskip("Crypto.Hash.TurboSHAKE256")
KangarooTwelve = pytest.importorskip("Crypto.Hash.KangarooTwelve")
cSHAKE128 = pytest.importorskip("Crypto.Hash.cSHAKE128")
cSHAKE256 = pytest.importorskip("Crypto.Hash.cSHAKE256")
KMAC128 = pytest.importorskip("Crypto.Hash.KMAC128")
KMAC256 = pytest.importorskip("Crypto.Hash.KMAC256")

TS = {"turboshake128": TurboSHAKE128, "turboshake256": TurboSHAKE256}


def xof_len(rng):
    return rng.choice((0, 1, 32, 64, 167, 168, 169, rng.randint(0, 600)))


def custom_bytes(rng, big=300):
    """Mostly short customisations, sometimes past the 256-byte inline
    buffer of K12 and past an 8192-byte chunk."""
    n = rng.choice((0, 0, 1, rng.randint(0, 40), rng.randint(0, big), rng.randint(0, 9000)))
    return rng.randbytes(n)


@pytest.mark.parametrize("name", list(TS))
def test_turboshake(name):
    mod = TS[name]

    def oracle(m, length, customization=None):
        d = customization[0] if customization else 0x1F
        return mod.new(domain=d, data=m).read(length)

    def kw(rng):
        return {} if rng.random() < 0.3 else {"customization": bytes([rng.randint(1, 0x7F)])}

    differential(name, oracle, make_kwargs=kw, out_len=xof_len)


def test_turboshake_domain_checked():
    for bad in (b"\x00", b"\x80", b"\xff", b"\x1f\x1f"):
        with pytest.raises(ValueError):
            hashbench.new("turboshake128", customization=bad)
    assert hashbench.new("turboshake128", customization=b"\x1f").digest(32) == \
        hashbench.new("turboshake128").digest(32)


def _length_encode(x):
    b = x.to_bytes((x.bit_length() + 7) // 8, "big") if x else b""
    return b + bytes([len(b)])


def kt_reference(ts, cv_len, m, c, length):
    """RFC 9861 sec. 3.2/4, over pycryptodome's TurboSHAKE (one-shot)."""
    s = m + c + _length_encode(len(c))
    if len(s) <= 8192:
        return ts.new(domain=0x07, data=s).read(length)
    chunks = [s[i:i + 8192] for i in range(0, len(s), 8192)]
    node = chunks[0] + b"\x03" + bytes(7)
    for ch in chunks[1:]:
        node += ts.new(domain=0x0B, data=ch).read(cv_len)
    node += _length_encode(len(chunks) - 1) + b"\xff\xff"
    return ts.new(domain=0x06, data=node).read(length)


@pytest.mark.parametrize("name", ["kt128", "k12"])
def test_kt128(name):
    def oracle(m, length, customization=b""):
        return KangarooTwelve.new(data=m, custom=customization).read(length)

    differential(name, oracle, max_len=40000, out_len=xof_len,
                 make_kwargs=lambda rng: {"customization": custom_bytes(rng)})


def test_kt_reference_matches_pycryptodome():
    """The hand-written tree (used for KT256) agrees with KangarooTwelve."""
    import random
    rng = random.Random(9861)
    for n in (0, 1, 8191, 8192, 8193, 16384, 16385, 30000):
        m, c = rng.randbytes(n), rng.randbytes(rng.randint(0, 20))
        assert kt_reference(TurboSHAKE128, 32, m, c, 50) == \
            KangarooTwelve.new(data=m, custom=c).read(50)


def test_kt256():
    differential("kt256", lambda m, length, customization=b"":
                 kt_reference(TurboSHAKE256, 64, m, customization, length),
                 max_len=40000, out_len=xof_len,
                 make_kwargs=lambda rng: {"customization": custom_bytes(rng)})


def test_kt_long_custom_survives_copy():
    """C longer than the inline buffer is read at final: copies and the
    original must both still see it after the caller dropped its bytes."""
    h = hashbench.new("kt128", customization=bytes(range(256)) * 3)
    h.update(b"abc")
    c = h.copy()
    del h
    want = KangarooTwelve.new(data=b"abcd", custom=bytes(range(256)) * 3).read(32)
    c.update(b"d")
    assert c.digest(32) == want


CS = {"cshake128": cSHAKE128, "cshake256": cSHAKE256}


@pytest.mark.parametrize("name", list(CS))
def test_cshake(name):
    mod = CS[name]
    differential(name, lambda m, length, customization=b"":
                 mod.new(data=m, custom=customization).read(length),
                 out_len=xof_len, make_kwargs=lambda rng: {"customization": custom_bytes(rng)})


KM = {"kmac128": (KMAC128, cSHAKE128, 168), "kmac256": (KMAC256, cSHAKE256, 136)}


@pytest.mark.parametrize("name", list(KM))
def test_kmac(name):
    mod = KM[name][0]
    kmin = 16 if name == "kmac128" else 32

    def kw(rng):
        # pycryptodome refuses keys under 16 (KMAC128) / 32 (KMAC256) bytes
        # and tags under 8 bytes
        d = {"key": rng.randbytes(rng.choice((kmin, 32, 64, rng.randint(kmin, 300)))),
             "customization": custom_bytes(rng)}
        if rng.random() < 0.7:
            d["digest_size"] = rng.choice((8, 16, 32, 64, rng.randint(8, 500)))
        return d

    def oracle(m, key, customization, digest_size=None):
        L = digest_size or hashbench.new(name, key=b"k").digest_size
        return mod.new(key=key, data=m, mac_len=L, custom=customization).digest()

    differential(name, oracle, make_kwargs=kw)


def kmac_reference(cshake, rate, key, m, custom, length, xof):
    """SP 800-185 sec. 4.3.1: cSHAKE(bytepad(encode_string(K), rate) || X ||
    right_encode(L or 0), L, "KMAC", S)."""
    from Crypto.Hash.cSHAKE128 import _bytepad, _encode_str, _right_encode
    h = cshake._new(_bytepad(_encode_str(key), rate), custom, b"KMAC")
    h.update(m)
    h.update(_right_encode(0 if xof else 8 * length))
    return h.read(length)


@pytest.mark.parametrize("name", ["kmacxof128", "kmacxof256"])
def test_kmacxof(name):
    _, cs, rate = KM[name.replace("xof", "")]
    differential(name, lambda m, length, key, customization:
                 kmac_reference(cs, rate, key, m, customization, length, True),
                 out_len=xof_len,
                 make_kwargs=lambda rng: {"key": rng.randbytes(rng.choice((0, 1, 16, 32, rng.randint(0, 300)))),
                                          "customization": custom_bytes(rng)})


def test_kmac_short_keys_and_tags():
    """Empty and short keys, 1-byte tags: outside pycryptodome's public
    limits, so against the SP 800-185 construction over its cSHAKE."""
    for name, (_, cs, rate) in KM.items():
        for key in (b"", b"k", bytes(15)):
            for L in (1, 7, 32):
                got = hashbench.new(name, b"msg", key=key, digest_size=L, customization=b"S").digest()
                assert got == kmac_reference(cs, rate, key, b"msg", b"S", L, False)


def test_mac_needs_key():
    for name in ("kmac128", "kmac256", "kmacxof128", "kmacxof256"):
        with pytest.raises(ValueError):
            hashbench.new(name)


def test_ascon_cxof_custom_limit():
    hashbench.new("ascon_cxof128", customization=bytes(256))
    with pytest.raises(ValueError):
        hashbench.new("ascon_cxof128", customization=bytes(257))


def test_ascon_is_final_standard():
    # SP 800-232 Ascon-Hash256("") (ascon-c KAT Count = 1), not the v1.2 value
    assert hashbench.new("ascon_hash256").hexdigest() == \
        "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2"
