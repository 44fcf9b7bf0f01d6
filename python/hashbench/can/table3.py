"""Seed 000 Table 3 regenerated: total time to authenticate one CAN message
= CPU time of the hash on the Cortex-A9 (cycles / 667 MHz, the seed's
clock) + FPGA time of the monitor, at 30/46/78-byte inputs, beside the
published figures.

CPU column: our cortex-a9 rows in the result store (`hashbench bench
--target cortex-a9 -a blake2s,keccak_256 --sizes 30,46,78`).  FPGA column:
the seed's own formula (input / (block / (rounds * Tclk)), its Table 2) and,
beside it, our Verilog core's HTime(N) (whole padded blocks plus the init
cycle, simulated with iverilog) at the seed's clock 1/Tclk: the seed divides
the input by a streaming throughput, so a 30-byte input costs it 30/136 of a
Keccak block, whereas a real core processes the whole padded block.  The
seed's Keccak is keccak_256; our core is sha3_256, the same permutation and
cycle count per block (only the padding byte differs).  Spartan-3 itself is
not in our FPGA flow, so the Fmax is the seed's."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..store import Store

from ..analysis import one_count_kind

SIZES = (30, 46, 78)
CLOCK_HZ = 667e6
# seed 000 Table 2 (Spartan-3): Tclk ns, block bits, rounds; Table 3: ARM and FPGA us per size
PUBLISHED: dict[str, dict[str, Any]] = {
    "keccak_256": {"label": "Keccak", "tclk_ns": 9.75, "block_bits": 1088, "rounds": 24, "core": "sha3_256",
                   "arm_us": (597.69, 597.35, 598.16), "fpga_us": (0.05, 0.08, 0.14),
                   "total_us": (597.74, 597.42, 598.30)},
    "blake2s": {"label": "Blake2s", "tclk_ns": 43.4, "block_bits": 512, "rounds": 10, "core": "blake2s",
                "arm_us": (20.00, 19.76, 32.94), "fpga_us": (0.20, 0.31, 0.53),
                "total_us": (20.20, 20.07, 33.47)},
}


def core_time_us(core_name: str, n: int, fmax_mhz: float) -> float | None:
    """Our core's HTime(n) at fmax, or None when the core cannot be simulated here."""
    try:
        from ..hw import core, model
        from ..hw.sim import simulate
        c = core(core_name)
        s = simulate(c)
        if not s.ok:
            return None
        t: float = model.time_at(model.htime(c, s.cycles(), n), fmax_mhz)["time_us"]
        return t
    except Exception:  # no iverilog, no core: the column says "-"
        return None


def rows(store: Store | None, target: str = "cortex-a9", with_core: bool = True) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for algo, pub in PUBLISHED.items():
        rs = [] if store is None else [r for r in store.rows("r.algo = ? AND r.target = ?", (algo, target))
                                       if not r.get("error") and r.get("median")]
        rs, _ = one_count_kind(rs)
        thr = pub["block_bits"] / (pub["rounds"] * pub["tclk_ns"] * 1e-3)  # Mbit/s
        fmax = 1e3 / pub["tclk_ns"]
        for i, n in enumerate(SIZES):
            mine = [r for r in rs if r["size"] == n]
            arm = mine[-1]["median"] / CLOCK_HZ * 1e6 if mine else None
            fpga_formula = 8 * n / thr
            fpga_core = core_time_us(pub["core"], n, fmax) if with_core else None
            out.append({"algo": algo, "label": pub["label"], "bytes": n,
                        "published_arm_us": pub["arm_us"][i], "published_fpga_us": pub["fpga_us"][i],
                        "published_total_us": pub["total_us"][i],
                        "arm_us": arm, "arm_cycles": mine[-1]["median"] if mine else None,
                        "fpga_formula_us": fpga_formula, "fpga_core_us": fpga_core,
                        "total_us": None if arm is None else arm + (fpga_core if fpga_core is not None
                                                                    else fpga_formula)})
    return out
