"""Skein UBI message blocks (Skein v1.3 sec. 3.4): the message is cut into
blocks and the last one is zero-filled; the empty message is one zero block.
`count` is the UBI position: message bytes up to and including the block.
The core sets the first flag itself and the final flag from `last`."""


def blocks(msg: bytes, block_bytes: int, **pad_args: object) -> list[tuple[bytes, int, bool]]:
    if pad_args:
        raise TypeError(f"skein padding takes no arguments: {sorted(pad_args)}")
    n = max(1, (len(msg) + block_bytes - 1) // block_bytes)
    out = []
    for i in range(n):
        b = msg[i * block_bytes:(i + 1) * block_bytes]
        out.append((b + bytes(block_bytes - len(b)), min(len(msg), (i + 1) * block_bytes), i == n - 1))
    return out
