"""Fugue (SHA-3 round 2) padding: zeros up to a whole 32-bit word, then the message length in
bits as a 64-bit big-endian integer (two more words).  A block is one word; the final round G
after the last one is the core's business.  No per-block counter (count 0)."""


def blocks(msg: bytes, block_bytes: int) -> list[tuple[bytes, int, bool]]:
    padded = msg + bytes(-len(msg) % block_bytes) + (8 * len(msg)).to_bytes(8, "big")
    return [(padded[i:i + block_bytes], 0, i + block_bytes == len(padded))
            for i in range(0, len(padded), block_bytes)]
