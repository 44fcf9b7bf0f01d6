"""Test messages for a core and their expected digests from the C library (itself
KAT-verified): KAT messages where handy, every length where the padding changes the number
of blocks (and its neighbours), the empty message and random lengths up to ~3 blocks."""
from __future__ import annotations

import random
from pathlib import Path

from .cores import Core, CoreError


def _kat_messages(algo: str, max_len: int, limit: int) -> list[bytes]:
    from .. import kat
    msgs = []
    for rec in kat.records(algo):
        if "msg" not in rec or set(rec) - {"msg", "md"}:
            continue     # keyed, customised or Monte Carlo records are not plain hashes
        m = kat.message(rec["msg"])
        if len(m) <= max_len:
            msgs.append(m)
    if len(msgs) <= limit:
        return msgs
    step = len(msgs) / limit       # spread over the file: short and long ones
    return [msgs[int(i * step)] for i in range(limit)]


def boundary_lengths(core: Core, max_blocks: int = 3) -> list[int]:
    """Lengths 0 and 1, and n-1, n where the padded message grows by a block."""
    out = {0, 1}
    prev = len(core.blocks(b""))
    for n in range(1, max_blocks * core.block_bytes + 2):
        k = len(core.blocks(bytes(n)))
        if k != prev:
            out.update((n - 1, n))
            prev = k
    out.update((core.block_bytes - 1, core.block_bytes, core.block_bytes + 1))
    return sorted(out)


def messages(core: Core, n_random: int = 8, n_kat: int = 8, seed: int = 2026) -> list[bytes]:
    rng = random.Random(f"{core.name}:{seed}")
    top = 3 * core.block_bytes
    msgs = _kat_messages(core.algo, top, n_kat)
    for n in boundary_lengths(core):
        msgs.append(bytes(rng.randrange(256) for _ in range(n)))
    for _ in range(n_random):
        n = rng.randrange(top + 1)
        msgs.append(bytes(rng.randrange(256) for _ in range(n)))
    return msgs


def expected(core: Core, msg: bytes) -> bytes:
    import hashbench
    d: bytes = hashbench.new(core.algo, msg).digest()
    if len(d) * 8 != core.digest_bits:
        raise CoreError(f"{core.name}: {core.algo} gives {len(d) * 8}-bit digests, "
                        f"core.toml says digest_bits = {core.digest_bits}")
    return d


def write(core: Core, msgs: list[bytes], path: Path) -> list[bytes]:
    """Write the testbench's vector file; return the expected digests."""
    lines = [f"{len(msgs):x}"]
    want = []
    for m in msgs:
        blks = core.blocks(m)
        lines.append(f"{len(blks):x}")
        for b, count, last in blks:
            if len(b) != core.block_bytes:
                raise CoreError(f"{core.name}: padding '{core.pad}' gave a {len(b)}-byte block")
            lines.append(f"{count:x} {int(bool(last))} {b.hex()}")
        d = expected(core, m)
        want.append(d)
        lines.append(d.hex())
    path.write_text("\n".join(lines) + "\n")
    return want
