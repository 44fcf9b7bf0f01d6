"""Differential tests against the Rust crates of tools/oracle-rs for the
families no other test file covers: Groestl (RustCrypto `groestl`, final
version), CubeHash16/32 (`cubehash`, revision 2) and Ascon-Hash256 /
Ascon-XOF128 / Ascon-CXOF128 (RustCrypto, SP 800-232).  Each: 1000 random
messages of 0..5000 bytes in random chunks (skipped with the reason when
cargo cannot build the oracle)."""
import pytest

from diffutil import differential
from hashbench import impls, native
from rustoracle import oracle

FIXED = [f"{fam}_{bits}" for fam in ("groestl", "cubehash") for bits in (224, 256, 384, 512)] + \
        ["ascon_hash256"]


@pytest.mark.parametrize("name", FIXED)
def test_fixed(name):
    # 1000 messages through every form the host can run (Ascon: a dispatch)
    fam = impls.deciding_family(name)
    forms = len(native.runnable_impls(fam)) if fam else 0
    assert differential(name, oracle(name)) == 1000 * max(forms, 1)


def test_ascon_xof128():
    differential("ascon_xof128", oracle("ascon_xof128"),
                 out_len=lambda rng: rng.choice((0, 1, 8, 32, 64, rng.randint(0, 300))))


def test_ascon_cxof128():
    differential("ascon_cxof128", oracle("ascon_cxof128"),
                 out_len=lambda rng: rng.choice((1, 32, rng.randint(1, 200))),
                 make_kwargs=lambda rng: {"customization": rng.randbytes(rng.choice((0, 1, 16, rng.randint(0, 256))))})
