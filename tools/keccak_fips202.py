"""Keccak-f[1600] constants from their definitions in FIPS 202, shared by the generators of
the byte-wise tables (gen_keccak_byte_tables.py) and the bit-interleaved rounds
(gen_keccak_bi32.py), so that no table is typed by hand."""


def rho_offsets():
    """r[x][y] of FIPS 202 3.2.2: (t+1)(t+2)/2 mod 64 along (x, y) -> (y, 2x + 3y)."""
    r = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        r[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def rc_bit(t):
    """rc(t) of FIPS 202 Algorithm 5: the LFSR x^8 + x^6 + x^5 + x^4 + 1."""
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
    """RC of FIPS 202 Algorithm 6, for w = 64."""
    rc = 0
    for j in range(7):
        rc |= rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc
