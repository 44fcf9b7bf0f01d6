"""Merkle-Damgard strengthening as SHA-2 does it (FIPS 180-4 §5.1): 0x80, zeros, the message
length in bits as an integer of `length_bytes` bytes (8 for SHA-224/256, 16 for SHA-384/512),
big-endian; BMW (round 2, sec. 2.1) uses the same with a little-endian 64-bit length
(``byteorder="little"``).  The count is unused (0): these compressions do not take one."""
from __future__ import annotations

from typing import Literal


def pad(msg: bytes, block_bytes: int, length_bytes: int = 8, byteorder: Literal["little", "big"] = "big") -> bytes:
    n = len(msg)
    zeros = (-(n + 1 + length_bytes)) % block_bytes
    return msg + b"\x80" + bytes(zeros) + (8 * n).to_bytes(length_bytes, byteorder)


def blocks(msg: bytes, block_bytes: int, length_bytes: int = 8,
           byteorder: Literal["little", "big"] = "big") -> list[tuple[bytes, int, bool]]:
    p = pad(msg, block_bytes, length_bytes, byteorder)
    k = len(p) // block_bytes
    return [(p[i * block_bytes:(i + 1) * block_bytes], 0, i == k - 1) for i in range(k)]
