"""Differential tests of BLAKE2b/BLAKE2s against hashlib (random digest
size, key, salt, personalisation) and of BLAKE3 against PyPI `blake3`
(hash, keyed_hash, derive_key, random XOF lengths)."""
import hashlib

import pytest

import hashbench
from diffutil import differential

# name -> (hashlib constructor, longest key/digest, salt/person size, fixed digest or None)
BLAKE2 = {
    "blake2b": (hashlib.blake2b, 64, 16, None),
    "blake2b_256": (hashlib.blake2b, 64, 16, 32),
    "blake2b_384": (hashlib.blake2b, 64, 16, 48),
    "blake2s": (hashlib.blake2s, 32, 8, None),
    "blake2s_128": (hashlib.blake2s, 32, 8, 16),
}


def _blake2_kwargs(maxkey, saltlen, fixed):
    def make(rng):
        kw = {}
        if fixed is None and rng.random() < 0.7:
            kw["digest_size"] = rng.choice((1, maxkey, rng.randint(1, maxkey)))
        if rng.random() < 0.6:
            kw["key"] = rng.randbytes(rng.choice((0, 1, maxkey, rng.randint(0, maxkey))))
        if rng.random() < 0.4:
            kw["salt"] = rng.randbytes(rng.randint(0, saltlen))
        if rng.random() < 0.4:
            kw["person"] = rng.randbytes(rng.randint(0, saltlen))
        return kw
    return make


@pytest.mark.parametrize("name", sorted(BLAKE2))
def test_blake2_hashlib(name):
    ctor, maxkey, saltlen, fixed = BLAKE2[name]
    extra = {"digest_size": fixed} if fixed else {}
    differential(name, lambda m, **kw: ctor(m, **kw, **extra).digest(),
                 make_kwargs=_blake2_kwargs(maxkey, saltlen, fixed))


@pytest.mark.parametrize("name", sorted(BLAKE2))
def test_blake2_refused(name):
    ctor, maxkey, saltlen, fixed = BLAKE2[name]
    for kw in ({"key": bytes(maxkey + 1)}, {"salt": bytes(saltlen + 1)},
               {"person": bytes(saltlen + 1)}, {"customization": b"x"},
               {"digest_size": maxkey + 1}):
        with pytest.raises(ValueError):
            hashbench.new(name, **kw)
    if fixed:
        with pytest.raises(ValueError):
            hashbench.new(name, digest_size=fixed - 1)


def test_blake2b_256_is_not_truncated():
    """The digest length is in the parameter block."""
    m = b"abc"
    assert hashbench.new("blake2b_256", m).digest() == hashlib.blake2b(m, digest_size=32).digest()
    assert hashbench.new("blake2b_256", m).digest() != hashlib.blake2b(m).digest()[:32]


def _blake3_oracle(m, length, key=None, customization=None):
    blake3 = pytest.importorskip("blake3")
    if customization is not None:
        h = blake3.blake3(m, derive_key_context=customization.decode("utf-8"))
    elif key is not None:
        h = blake3.blake3(m, key=key)
    else:
        h = blake3.blake3(m)
    return h.digest(length=length)


def _blake3_kwargs(rng):
    mode = rng.choice(("hash", "keyed", "derive"))
    if mode == "keyed":
        return {"key": rng.randbytes(32)}
    if mode == "derive":
        n = rng.choice((0, 1, rng.randint(0, 100), rng.randint(0, 3000)))
        return {"customization": "".join(chr(rng.choice((rng.randint(32, 126), rng.randint(0xa0, 0x2fff))))
                                         for _ in range(n)).encode("utf-8")}
    return {}


def _xof_len(rng):
    return rng.choice((0, 1, 32, 63, 64, 65, 131, rng.randint(0, 1100)))


def test_blake3_differential():
    pytest.importorskip("blake3")
    differential("blake3", _blake3_oracle, make_kwargs=_blake3_kwargs, out_len=_xof_len)


def test_blake3_large_trees():
    """Up to ~300 chunks: deep CV stacks and every merge pattern."""
    pytest.importorskip("blake3")
    differential("blake3", _blake3_oracle, n=40, max_len=300_000, seed=2,
                 make_kwargs=_blake3_kwargs, out_len=_xof_len)


def test_blake3_default_length_and_modes():
    blake3 = pytest.importorskip("blake3")
    m = bytes(i % 251 for i in range(3000))
    assert hashbench.new("blake3", m).digest() == blake3.blake3(m).digest()
    assert hashbench.new("blake3", m, customization=b"").digest() == \
        blake3.blake3(m, derive_key_context="").digest()
    for kw in ({"key": bytes(16)}, {"key": bytes(33)}):
        with pytest.raises(ValueError):
            hashbench.new("blake3", **kw)
    for kw in ({"key": bytes(32), "customization": b"ctx"}, {"salt": b"s"}, {"person": b"p"}):
        with pytest.raises(ValueError):
            hashbench.new("blake3", **kw)


def test_blake3_splits_at_chunk_edges():
    """Every split point around the chunk edges, and fixed piece sizes that
    land exactly on block and chunk boundaries."""
    blake3 = pytest.importorskip("blake3")
    m = bytes((i * 7 + 3) % 256 for i in range(4 * 1024 + 100))
    for n in (1024, 1025, 2048, 3072, 4096, len(m)):
        want = blake3.blake3(m[:n]).digest(length=100)
        for cut in list(range(0, 130)) + list(range(960, 1090)) + list(range(n - 70, n + 1)):
            if cut > n:
                continue
            h = hashbench.new("blake3")
            h.update(m[:cut])
            h.update(m[cut:n])
            assert h.digest(100) == want, (n, cut)
        for piece in (1, 63, 64, 65, 128, 1000, 1024, 1025):
            h = hashbench.new("blake3")
            for i in range(0, n, piece):
                h.update(m[i:min(i + piece, n)])
            assert h.digest(100) == want, (n, piece)


def test_blake3_whole_subtrees_and_the_cap():
    """update hashes the largest power-of-two run of whole chunks down to its
    top node and keeps that node back when the run ends the input (it may be
    the root), up to 2^16 chunks at a time (HB_BLAKE3_MANY on 64-bit hosts):
    lengths that end exactly on such runs, just past them and past the cap,
    one-shot and streamed in 1 MiB pieces (`hashbench hash`'s reads) and in
    pieces that leave a held-back node to one byte."""
    blake3 = pytest.importorskip("blake3")
    big = (bytes(range(256)) * 4096) * 96  # 96 MiB
    m = memoryview(big)
    for n in (1 << 20, (1 << 20) + 1024, 1 << 26, (1 << 26) + 5 * 1024 + 7, 3 << 25):
        want = blake3.blake3(m[:n]).digest(length=65)
        assert hashbench.new("blake3", m[:n]).digest(65) == want, n
        h = hashbench.new("blake3")
        for i in range(0, n, 1 << 20):
            h.update(m[i:min(i + (1 << 20), n)])
        assert h.digest(65) == want, (n, "1 MiB pieces")
        if n < 1 << 22:
            h, i = hashbench.new("blake3"), 0
            for piece in (2048, 1, 8192, 4096 - 1, 1, 16384):
                h.update(m[i:i + piece])
                i += piece
            h.update(m[i:n])
            assert h.digest(65) == want, (n, "held back, then one byte")
