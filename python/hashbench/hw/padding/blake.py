"""BLAKE (SHA-3 finalist, final version) padding and counter, BLAKE-224/256/384/512.

Padding (BLAKE specification v1.3, sec. 2.1.2 / 2.2.2): append a '1' bit, then zeros up to
length == block_bits - length_bits - 1 (mod block_bits), then a '1' bit for the 256 and 512
digest sizes (the 224/384 variants put a '0' there: ``final_one=False``), then the message
length in bits as a big-endian integer of ``length_bytes`` bytes (8 for BLAKE-224/256, 16 for
BLAKE-384/512).  In bytes: 0x80, zeros, the last padding byte OR 0x01, the length;
a single padding byte is 0x81.

Counter (``count``): the number of message bits in this block and the ones before it; a block
that holds only padding gets 0.
"""


def blocks(msg: bytes, block_bytes: int, length_bytes: int = 8,
           final_one: bool = True) -> list[tuple[bytes, int, bool]]:
    bits = 8 * len(msg)
    fill = block_bytes - (len(msg) + length_bytes) % block_bytes   # 1..block_bytes
    pad = bytearray(fill)
    pad[0] = 0x80
    if final_one:
        pad[-1] |= 0x01
    padded = bytes(msg) + bytes(pad) + bits.to_bytes(length_bytes, "big")
    n = len(padded) // block_bytes
    out = []
    for i in range(n):
        start = i * block_bytes
        # bits of message up to the end of this block; 0 if it holds only padding
        count = 0 if start >= len(msg) else 8 * min(len(msg), start + block_bytes)
        out.append((padded[start:start + block_bytes], count, i == n - 1))
    return out
