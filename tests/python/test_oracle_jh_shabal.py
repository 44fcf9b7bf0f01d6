"""Differential tests of JH (final, 42 rounds) and Shabal against the
RustCrypto `jh` 0.2.0 and `shabal` 0.5.0 crates (tools/oracle-rs, binary
`hb-oracle`; skipped with the reason when cargo cannot build it).  Each
variant: 1000 random messages of 0..5000 bytes fed in random chunks."""
import pytest

import hashbench
from diffutil import differential
from rustoracle import oracle

NAMES = [f"{fam}_{bits}" for fam in ("jh", "shabal") for bits in (224, 256, 384, 512)]


@pytest.mark.parametrize("name", NAMES)
def test_against_rustcrypto(name):
    assert differential(name, oracle(name), n=1000, max_len=5000) == 1000


@pytest.mark.parametrize("name", NAMES)
def test_block_boundaries(name):
    # every length around the 64-byte block edges, where JH's padding takes
    # one or two blocks and Shabal's always adds a block
    want = oracle(name)
    for n in list(range(0, 200)) + [255, 256, 257, 511, 512, 513]:
        msg = bytes((7 * i + n) & 255 for i in range(n))
        assert hashbench.new(name, msg).digest() == want(msg), (name, n)
