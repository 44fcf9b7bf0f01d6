"""SHA-2 padding (FIPS 180-4 §5.1): 0x80, zeros, the message length in bits as a big-endian
integer of `length_bytes` bytes (8 for SHA-224/256, 16 for SHA-384/512).  The count is unused
(0): the SHA-2 compression does not take one."""
from __future__ import annotations


def pad(msg: bytes, block_bytes: int, length_bytes: int = 8) -> bytes:
    n = len(msg)
    zeros = (-(n + 1 + length_bytes)) % block_bytes
    return msg + b"\x80" + bytes(zeros) + (8 * n).to_bytes(length_bytes, "big")


def blocks(msg: bytes, block_bytes: int, length_bytes: int = 8) -> list[tuple[bytes, int, bool]]:
    p = pad(msg, block_bytes, length_bytes)
    k = len(p) // block_bytes
    return [(p[i * block_bytes:(i + 1) * block_bytes], 0, i == k - 1) for i in range(k)]
