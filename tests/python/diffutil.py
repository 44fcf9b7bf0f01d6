"""Randomised differential testing against an independent implementation."""
from __future__ import annotations

import random

import hashbench


def random_chunks(rng: random.Random, msg: bytes):
    """Split msg at random points (including empty pieces)."""
    i = 0
    while i < len(msg):
        n = rng.choice((0, 1, rng.randint(1, 8), rng.randint(1, 200), rng.randint(1, 3000)))
        yield msg[i:i + n]
        i += n


def differential(name: str, oracle, n: int = 1000, max_len: int = 5000, seed: int = 1,
                 make_kwargs=None, out_len=None):
    """Hash n random messages (lengths 0..max_len, random chunking) with
    hashbench.new(name, **make_kwargs(rng)) and compare with
    oracle(msg, **kwargs).  For an XOF, out_len(rng) picks the output length
    (passed to digest() and to the oracle as `length`)."""
    rng = random.Random(f"{name}/{seed}")
    for i in range(n):
        ln = rng.choice((0, 1, rng.randint(0, 300), rng.randint(0, max_len)))
        msg = rng.randbytes(ln)
        kw = make_kwargs(rng) if make_kwargs else {}
        h = hashbench.new(name, **kw)
        for c in random_chunks(rng, msg):
            h.update(c)
        if out_len is not None:
            L = out_len(rng)
            got, want = h.digest(L), oracle(msg, length=L, **kw)
        else:
            got, want = h.digest(), oracle(msg, **kw)
        assert got == want, (f"{name}: message {i} of {ln} bytes, kwargs {kw!r}: "
                             f"{got.hex()} != {want.hex()}")
    return n
