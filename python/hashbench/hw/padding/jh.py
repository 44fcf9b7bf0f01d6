"""JH padding (H. Wu, "The Hash Function JH", 2011, sec. 5.1): a 1 bit (0x80),
zeros, and the message length in bits as a 128-bit big-endian integer, with
at least 512 bits of padding, so a message whose length is a multiple of the
block gets a whole extra block.  JH needs no per-block counter (count 0)."""


def blocks(msg: bytes, block_bytes: int, **pad_args: object) -> list[tuple[bytes, int, bool]]:
    if pad_args:
        raise TypeError(f"jh padding takes no arguments: {sorted(pad_args)}")
    zero = (-len(msg)) % block_bytes + block_bytes - 1 - 16
    padded = msg + b"\x80" + bytes(zero) + (8 * len(msg)).to_bytes(16, "big")
    return [(padded[i:i + block_bytes], 0, i + block_bytes == len(padded))
            for i in range(0, len(padded), block_bytes)]
