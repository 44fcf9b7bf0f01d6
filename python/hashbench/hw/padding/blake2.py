"""BLAKE2 (RFC 7693 sec. 3.3) block split for unkeyed hashing.

BLAKE2 has no padding bits: the last block is filled with zeros, and the compression is told
how many message bytes it has seen, t = bytes up to and including this block (``count``), and
that the block is the last (f0, ``last``).  The empty message is one all-zero block with t = 0.
A message whose length is a multiple of the block size ends with a full block (no extra
block), unlike the Merkle-Damgard paddings.
"""


def blocks(msg: bytes, block_bytes: int) -> list[tuple[bytes, int, bool]]:
    n = max(1, -(-len(msg) // block_bytes))             # ceil, and at least one block
    out = []
    for i in range(n):
        chunk = msg[i * block_bytes:(i + 1) * block_bytes]
        out.append((chunk + bytes(block_bytes - len(chunk)),
                    min(len(msg), (i + 1) * block_bytes), i == n - 1))
    return out
