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


def test_compact_variants_pass_kats(tmp_path):
    """HB_JH_COMPACT / HB_SHABAL_COMPACT (the loop forms meant for 8-bit
    targets, about a tenth of the code) pass every KAT record too."""
    import os
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc is None:
        pytest.skip("no C compiler")
    srcs = [root / "src" / "registry.c", *sorted((root / "src" / "modes").glob("*.c")),
            *sorted((root / "src" / "algos").glob("*/*.c")), root / "tests" / "c" / "test_kat.c"]
    exe = tmp_path / "compact_kat"
    subprocess.run([cc, "-std=c99", "-O1", "-DHB_JH_COMPACT", "-DHB_SHABAL_COMPACT",
                    "-I", str(root / "include"), *map(str, srcs), "-o", str(exe)], check=True)
    r = subprocess.run([str(exe), str(root / "tests" / "vectors"), *NAMES],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "kat: %d passed, 0 failed" % (8 * 322) in r.stdout, r.stdout
