"""Hamsi (SHA-3 round 2, sec. 2.2.3) padding: a 1 bit (0x80) and zeros to the end of a block,
then the message length in bits as a 64-bit big-endian integer, cut into blocks (two 32-bit
blocks for Hamsi-256, one 64-bit block for Hamsi-512).  The last block is the one the core
sends through the final permutation Pf.  No per-block counter (count 0)."""
from . import pad10


def blocks(msg: bytes, block_bytes: int) -> list[tuple[bytes, int, bool]]:
    tail = (8 * len(msg)).to_bytes(8, "big")
    blks = [b for b, _, _ in pad10.blocks(msg, block_bytes)]
    blks += [tail[i:i + block_bytes] for i in range(0, 8, block_bytes)]
    return [(b, 0, i == len(blks) - 1) for i, b in enumerate(blks)]
