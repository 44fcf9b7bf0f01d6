"""Differential tests of JH (final, 42 rounds) and Shabal against the
RustCrypto `jh` 0.2.0 and `shabal` 0.5.0 crates (tools/oracle-rs, binary
`hb-oracle`; skipped with the reason when cargo cannot build it).  Each
variant: 1000 random messages of 0..5000 bytes fed in random chunks, on
every implementation the host runs (JH's E8 kernels: src/algos/jh)."""
import pytest

import hashbench
from diffutil import differential
from hashbench import impls, native
from rustoracle import oracle

NAMES = [f"{fam}_{bits}" for fam in ("jh", "shabal") for bits in (224, 256, 384, 512)]


def _forms(name):
    """(family, form) for each form the host library runs `name` with
    ([(None, None)]: the build has one, no run-time choice)."""
    fam = impls.deciding_family(name)
    return [(fam, f) for f in (native.runnable_impls(fam) if fam else [])] or [(None, None)]


@pytest.mark.parametrize("name", NAMES)
def test_against_rustcrypto(name):
    assert differential(name, oracle(name), n=1000, max_len=5000) == 1000 * len(_forms(name))


@pytest.mark.parametrize("name", NAMES)
def test_block_boundaries(name):
    # every length around the 64-byte block edges, where JH's padding takes
    # one or two blocks and Shabal's always adds a block
    want = oracle(name)
    lengths = list(range(0, 200)) + [255, 256, 257, 511, 512, 513]
    msgs = [bytes((7 * i + n) & 255 for i in range(n)) for n in lengths]
    digests = [want(m) for m in msgs]
    forms = _forms(name)
    try:
        for fam, form in forms:
            assert fam is None or native.set_impl(fam, form)
            for n, m, d in zip(lengths, msgs, digests):
                assert hashbench.new(name, m).digest() == d, (name, form, n)
    finally:
        if forms[0][0]:
            native.set_impl(forms[0][0], None)
