"""SIMD (SHA-3 round 2) padding: the last partial block zero-filled (none if the message ends
on a block boundary), then one more block holding the message length in bits as a 64-bit
little-endian integer and zeros.  That length block is the final one (`last`), which the core
expands with the final term.  No per-block counter (count 0)."""


def blocks(msg: bytes, block_bytes: int) -> list[tuple[bytes, int, bool]]:
    padded = msg + bytes(-len(msg) % block_bytes)
    out = [(padded[i:i + block_bytes], 0, False) for i in range(0, len(padded), block_bytes)]
    out.append(((8 * len(msg)).to_bytes(8, "little") + bytes(block_bytes - 8), 0, True))
    return out
