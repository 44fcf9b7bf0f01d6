"""SHAvite-3 (round 2, sec. 4.2 / 5.2) padding and counter: a 1 bit (0x80), zeros, the message
length in bits (64 bits for SHAvite-3-256, 128 for -512: ``length_bytes``) and the digest
length in bits (16 bits), both little-endian, filling the last block.  ``count`` is the
counter: message bits up to and including this block, 0 for a block without message bits."""


def blocks(msg: bytes, block_bytes: int, digest_bits: int, length_bytes: int = 8,
           ) -> list[tuple[bytes, int, bool]]:
    n = len(msg)
    fill = -(n + 1 + length_bytes + 2) % block_bytes
    padded = (msg + b"\x80" + bytes(fill) + (8 * n).to_bytes(length_bytes, "little")
              + digest_bits.to_bytes(2, "little"))
    out = []
    for i in range(0, len(padded), block_bytes):
        count = 0 if i >= n else 8 * min(n, i + block_bytes)
        out.append((padded[i:i + block_bytes], count, i + block_bytes == len(padded)))
    return out
