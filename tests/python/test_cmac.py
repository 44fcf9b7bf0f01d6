"""AES-128-CMAC of the C library against pycryptodome's independent
CMAC (Crypto.Hash.CMAC over Crypto.Cipher.AES) on random keys and
messages; the SP 800-38B examples are in tests/vectors/aes128_cmac.kat."""
from __future__ import annotations

import random

import pytest
from Crypto.Cipher import AES
from Crypto.Hash import CMAC

import hashbench


def ref(key: bytes, msg: bytes) -> bytes:
    return CMAC.new(key, msg=msg, ciphermod=AES).digest()


def test_random_keys_and_lengths():
    rng = random.Random(13)
    # every length 0..80 covers empty, partial, exactly-one and several blocks
    for n in list(range(81)) + [255, 256, 257, 1000]:
        key = rng.randbytes(16)
        msg = rng.randbytes(n)
        assert hashbench.mac("aes128_cmac", key, msg) == ref(key, msg), n


def test_incremental_split_points():
    rng = random.Random(7)
    key, msg = rng.randbytes(16), rng.randbytes(70)
    want = ref(key, msg)
    for cut in range(len(msg) + 1):
        h = hashbench.new("aes128_cmac", key=key)
        h.update(msg[:cut])
        h.update(msg[cut:])
        assert h.digest() == want, cut


@pytest.mark.parametrize("n", [0, 1, 15, 17, 24, 32])
def test_key_must_be_16_bytes(n):
    with pytest.raises(ValueError, match="key length"):
        hashbench.new("aes128_cmac", key=bytes(n))


def test_info():
    i = hashbench.info("aes128_cmac")
    assert i["digest_size"] == 16 and i["block_size"] == 16 and i["max_key"] == 16
    assert {"keyed", "key_required", "mac"} <= set(i["flags"])
