"""ECHO (SHA-3 round 2, sec. 5.1) padding and counter: a 1 bit (0x80), zeros, the digest length
in bits (16 bits) and the message length in bits (128 bits), both little-endian, filling the
last block.  ``count`` is the counter C: message bits up to and including this block, and 0
for a block that holds no message bit (an empty message, or the second of two padding
blocks)."""


def blocks(msg: bytes, block_bytes: int, digest_bits: int) -> list[tuple[bytes, int, bool]]:
    n = len(msg)
    fill = -(n + 1 + 18) % block_bytes
    padded = (msg + b"\x80" + bytes(fill) + digest_bits.to_bytes(2, "little")
              + (8 * n).to_bytes(16, "little"))
    out = []
    for i in range(0, len(padded), block_bytes):
        count = 0 if i >= n else 8 * min(n, i + block_bytes)
        out.append((padded[i:i + block_bytes], count, i + block_bytes == len(padded)))
    return out
