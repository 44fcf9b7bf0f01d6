"""Groestl padding (specification v2.0.1, sec. 3.6): a 1 bit (0x80), zeros,
and the number of blocks of the padded message as a 64-bit big-endian
integer in the last 8 bytes.  Groestl needs no per-block counter (count 0)."""


def blocks(msg: bytes, block_bytes: int, **pad_args: object) -> list[tuple[bytes, int, bool]]:
    if pad_args:
        raise TypeError(f"groestl padding takes no arguments: {sorted(pad_args)}")
    nblk = (len(msg) + 1 + 8 + block_bytes - 1) // block_bytes
    padded = msg + b"\x80" + bytes(nblk * block_bytes - len(msg) - 9) + nblk.to_bytes(8, "big")
    return [(padded[i:i + block_bytes], 0, i + block_bytes == len(padded))
            for i in range(0, len(padded), block_bytes)]
