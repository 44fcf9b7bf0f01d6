"""Differential tests of the foundation families against independent
implementations: hashlib (SHA-2, SHA-3, SHAKE), pycryptodome (original
Keccak), Python's hmac."""
import hashlib
import hmac as py_hmac

import pytest

from diffutil import differential

HASHLIB = ["sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256",
           "sha3_224", "sha3_256", "sha3_384", "sha3_512"]


@pytest.mark.parametrize("name", HASHLIB)
def test_hashlib(name):
    hl = {"sha512_224": "sha512_224", "sha512_256": "sha512_256"}.get(name, name)
    differential(name, lambda m: hashlib.new(hl, m).digest())


@pytest.mark.parametrize("name", ["shake_128", "shake_256"])
def test_shake(name):
    differential(name, lambda m, length: hashlib.new(name, m).digest(length),
                 out_len=lambda rng: rng.choice((0, 1, 32, 64, rng.randint(0, 600))))


@pytest.mark.parametrize("bits", [224, 256, 384, 512])
def test_keccak(bits):
    keccak = pytest.importorskip("Crypto.Hash.keccak")
    differential(f"keccak_{bits}", lambda m: keccak.new(data=m, digest_bits=bits).digest())


@pytest.mark.parametrize("h", ["sha224", "sha256", "sha384", "sha512", "sha3_256", "sha3_512"])
def test_hmac_registry(h):
    differential(f"hmac_{h}", lambda m, key: py_hmac.new(key, m, h).digest(),
                 make_kwargs=lambda rng: {"key": rng.randbytes(rng.choice((0, 1, 16, 32, 64, 65, 200)))})


def _manual_hmac(H, block, key, msg):
    """RFC 2104 written out over a hash function H(bytes) -> bytes."""
    if len(key) > block:
        key = H(key)
    key = key.ljust(block, b"\0")
    return H(bytes(k ^ 0x5C for k in key) + H(bytes(k ^ 0x36 for k in key) + msg))


@pytest.mark.parametrize("h", ["sha512_256", "sha3_224", "sha3_384", "keccak_256"])
def test_hmac_generic(h):
    """hmac_<hash> for a hash without a registry HMAC entry (generic C context)."""
    import hashbench
    if h == "keccak_256":
        keccak = pytest.importorskip("Crypto.Hash.keccak")
        ref = lambda m, key: _manual_hmac(lambda d: keccak.new(data=d, digest_bits=256).digest(),  # noqa: E731
                                          136, key, m)
    else:
        ref = lambda m, key: py_hmac.new(key, m, h).digest()  # noqa: E731
    differential(f"hmac_{h}", ref, n=300,
                 make_kwargs=lambda rng: {"key": rng.randbytes(rng.choice((1, 16, 64, 200)))})
    assert hashbench.hmac(h, b"k", b"abc") == ref(b"abc", key=b"k")
