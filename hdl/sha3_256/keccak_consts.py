#!/usr/bin/env python3
"""Print the Keccak-f[1600] constants used by rtl/keccak_core.v (rho offsets, iota round
constants) as Verilog case bodies, from their FIPS 202 definitions in tools/keccak_fips202.py,
so that no table is typed by hand; the output is pasted in keccak_core.v."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from keccak_fips202 import rho_offsets, round_constant  # noqa: E402

if __name__ == "__main__":
    off = rho_offsets()
    print("// rho offsets, lane index x + 5y")
    print(", ".join(str(off[i % 5][i // 5]) for i in range(25)))
    print("// iota round constants")
    for ir in range(24):
        print(f"            5'd{ir}: rc = 64'h{round_constant(ir):016x};")
