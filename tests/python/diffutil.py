"""Randomised differential testing against an independent implementation."""
from __future__ import annotations

import random

import hashbench
from hashbench import impls, native


def _family(name: str) -> str | None:
    try:
        return impls.deciding_family(name)
    except impls.ImplError:  # not in algos.def (e.g. a generic HMAC)
        return None


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
    (passed to digest() and to the oracle as `length`).  Runs once per
    implementation the host can execute (the same messages each time)."""
    fam = _family(name)
    forms = (native.runnable_impls(fam) if fam else []) or [None]
    try:
        for form in forms:
            if form is not None:
                assert native.set_impl(fam, form), f"{fam}/{form}"
            _differential(f"{name} [{fam}/{form}]" if form else name, name, oracle, n, max_len, seed,
                          make_kwargs, out_len)
    finally:
        if fam:
            native.set_impl(fam, None)
    return n * len(forms)


def _differential(label, name, oracle, n, max_len, seed, make_kwargs, out_len):
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
        assert got == want, (f"{label}: message {i} of {ln} bytes, kwargs {kw!r}: "
                             f"{got.hex()} != {want.hex()}")
