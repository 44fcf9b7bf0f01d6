"""The 10* padding of CubeHash (specification, round 2, sec. 2.2) and Luffa (v2, sec. 3.3): a
1 bit (0x80), then zeros up to a whole block, with no length field; a message of whole blocks
gets one more block.  What follows (CubeHash's x31 ^= 1 and final rounds, Luffa's blank
rounds) is the core's business; no per-block counter (count 0)."""


def blocks(msg: bytes, block_bytes: int) -> list[tuple[bytes, int, bool]]:
    padded = msg + b"\x80" + bytes(-(len(msg) + 1) % block_bytes)
    return [(padded[i:i + block_bytes], 0, i + block_bytes == len(padded))
            for i in range(0, len(padded), block_bytes)]
