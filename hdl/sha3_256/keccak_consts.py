#!/usr/bin/env python3
"""Derive the Keccak-f[1600] constants used by rtl/keccak_core.v from their definitions in
FIPS 202, so that no table is typed by hand:
  rho offsets  sec. 3.2.2 Algorithm 2: (t+1)(t+2)/2 mod 64 along (x,y) -> (y, 2x+3y)
  iota RC      sec. 3.2.5 Algorithms 5/6: bit 2^j-1 of RC[ir] = rc(j + 7 ir), an LFSR
Prints the Verilog case bodies; the output is pasted in keccak_core.v."""


def rho_offsets():
    off = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        off[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return off


def rc_bit(t):
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


def round_constant(ir):
    rc = 0
    for j in range(7):
        rc |= rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


if __name__ == "__main__":
    off = rho_offsets()
    print("// rho offsets, lane index x + 5y")
    print(", ".join("%d" % off[i % 5][i // 5] for i in range(25)))
    print("// iota round constants")
    for ir in range(24):
        print("            5'd%d: rc = 64'h%016x;" % (ir, round_constant(ir)))
