"""Shabal (SHA-3 round 2 specification) padding and counter: the 10* padding (a 1 bit, zeros
to a whole block, no length field) and ``count`` = W, the number of the block counted from 1
after the two prefix blocks that the IV already holds.  The three final rounds repeat the last
block with the same W; the core does them by itself."""
from . import pad10


def blocks(msg: bytes, block_bytes: int) -> list[tuple[bytes, int, bool]]:
    return [(b, i + 1, last) for i, (b, _, last) in enumerate(pad10.blocks(msg, block_bytes))]
