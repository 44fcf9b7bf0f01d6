"""Ascon-Hash256 / Ascon-XOF128 padding (NIST SP 800-232 sec. 2.1, Algorithm 2 ``pad``).

The message is cut into 64-bit blocks and the last one completed with a single 0x01 byte
then zeros (the whole padding block 0x01 00..00 when the length is a multiple of 8).  Bytes
keep the message order here; the core loads each block into S0 little-endian (first byte =
least significant), as the standard does.  Ascon cores ignore ``count``: it is 0.
"""


def blocks(msg: bytes, block_bytes: int = 8) -> list[tuple[bytes, int, bool]]:
    fill = block_bytes - len(msg) % block_bytes          # 1..block_bytes
    padded = bytes(msg) + b"\x01" + bytes(fill - 1)
    n = len(padded) // block_bytes
    return [(padded[i * block_bytes:(i + 1) * block_bytes], 0, i == n - 1)
            for i in range(n)]
