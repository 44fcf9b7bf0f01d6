"""Keccak sponge padding (FIPS 202 sec. 5.1 pad10*1, with the SHA-3 domain bits).

The domain byte carries the suffix bits and the first '1' of pad10*1: 0x06 for SHA3-*n*
(suffix 01), 0x1F for SHAKE, 0x01 for original Keccak.  The final '1' of pad10*1 is the 0x80
of the block's last byte; when the domain byte itself is the last byte they merge.
The Keccak cores ignore ``count``: it is 0 for every block.
"""


def blocks(msg: bytes, block_bytes: int, domain: int = 0x06) -> list[tuple[bytes, int, bool]]:
    if not 0 < domain < 0x80:
        raise ValueError(f"sha3 padding: domain byte must be in 0x01..0x7f, got {domain:#x}")
    fill = block_bytes - len(msg) % block_bytes          # 1..block_bytes bytes of padding
    padded = bytearray(msg) + bytes([domain]) + bytes(fill - 1)
    padded[-1] |= 0x80
    n = len(padded) // block_bytes
    return [(bytes(padded[i * block_bytes:(i + 1) * block_bytes]), 0, i == n - 1)
            for i in range(n)]
