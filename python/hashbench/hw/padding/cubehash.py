"""CubeHash padding (specification, round 2, sec. 2.2): a 1 bit (0x80), then zeros up to a
whole block.  The final flag (x31 ^= 1) and the 160 final rounds are the core's business;
CubeHash needs no per-block counter (count 0)."""


def blocks(msg: bytes, block_bytes: int) -> list:
    padded = msg + b"\x80" + bytes(-(len(msg) + 1) % block_bytes)
    return [(padded[i:i + block_bytes], 0, i + block_bytes == len(padded))
            for i in range(0, len(padded), block_bytes)]
