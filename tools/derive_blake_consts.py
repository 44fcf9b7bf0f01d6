#!/usr/bin/env python3
"""Derive the BLAKE constants (BLAKE spec v1.3 sec. 2.1.1 / 2.2.1): the
leading digits of the fractional part of pi, as 16 32-bit words (BLAKE-256)
and 16 64-bit words (BLAKE-512).  Prints C initialisers for
src/algos/blake/."""

BITS = 64 * 20  # enough guard bits for 16 x 64 bits


def pi_fraction_hex(nhex):
    one = 1 << BITS

    def atan_inv(x):  # atan(1/x) * one, Taylor series
        s, t, n, sign, x2 = 0, one // x, 1, 1, x * x
        while t:
            s += sign * (t // n)
            t //= x2
            n += 2
            sign = -sign
        return s

    pi = 16 * atan_inv(5) - 4 * atan_inv(239)  # Machin
    return ("%0*x" % (BITS // 4, pi - 3 * one))[:nhex]


h = pi_fraction_hex(256)
print("/* BLAKE-256 c0..c15 */")
print(", ".join("0x%s" % h[8 * i:8 * i + 8].upper() for i in range(16)))
print("/* BLAKE-512 c0..c15 */")
print(", ".join("0x%sULL" % h[16 * i:16 * i + 16].upper() for i in range(16)))
