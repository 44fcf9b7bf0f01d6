"""The analytic time model of seed 003, eq. (2):
    HTime(N) = c_init + c_in + c_block * blocks(N) + c_final + c_out      [clock cycles]
with the cycle counts measured in simulation and blocks(N) the number of padded blocks the
core's padding scheme makes of an N-byte message.  Full-width ports: c_in = c_out = 0.
Through the w-bit shell (hdl/common/hb_io_wrap.v): c_in = (block_bits + 64) / w for the first
block (later blocks stream in while the core works, seed 003 eq. 3, as long as that is no
slower than c_block), c_out = digest_bits / w."""
from __future__ import annotations

from typing import Any

from .cores import Core


def blocks(core: Core, n: int) -> int:
    """Number of blocks the padding makes of n bytes (computed on a short message of the same
    length modulo the block, so 1 GiB costs nothing)."""
    b = core.block_bytes
    if n <= 4 * b:
        return len(core.blocks(bytes(n)))
    k = (n - 2 * b) // b
    return k + len(core.blocks(bytes(n - k * b)))


def cycle_terms(core: Core, cycles: dict[str, int], io_width: int | None = None) -> dict[str, Any]:
    t = {k: cycles[k] for k in ("c_init", "c_block", "c_final")}
    if io_width:
        t["c_in"] = -(-(core.block_bits + 64) // io_width)
        t["c_out"] = -(-core.digest_bits // io_width)
        # the next block is shifted in while the core works, then one command cycle
        t["c_block"] = max(t["c_block"], t["c_in"] + 1)
    else:
        t["c_in"], t["c_out"] = cycles.get("c_in", 0), cycles.get("c_out", 0)
    return t


def htime(core: Core, cycles: dict[str, int], n: int, io_width: int | None = None) -> dict[str, Any]:
    t = cycle_terms(core, cycles, io_width)
    nb = blocks(core, n)
    total = t["c_init"] + t["c_in"] + t["c_block"] * nb + t["c_final"] + t["c_out"]
    return {**t, "bytes": n, "blocks": nb, "cycles": total}


def time_at(h: dict[str, Any], fmax_mhz: float) -> dict[str, Any]:
    us = h["cycles"] / fmax_mhz
    return {**h, "fmax_mhz": fmax_mhz, "time_us": us,
            "mbit_s": (8 * h["bytes"] / us) if us and h["bytes"] else None}
