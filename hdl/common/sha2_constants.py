#!/usr/bin/env python3
"""Derive the SHA-2 constants (FIPS 180-4 §4.2.2, §4.2.3, §5.3) from their definition and
print them as Verilog: K = the first w bits of the fractional parts of the cube roots of the
first 64 (SHA-256) or 80 (SHA-512) primes; IV = the same of the square roots of the first 8.
Usage: sha2_constants.py 32|64      (the rtl files carry the output, checked by the tests)"""
import sys


def primes(n):
    out, k = [], 2
    while len(out) < n:
        if all(k % p for p in out):
            out.append(k)
        k += 1
    return out


def iroot(x, r):
    """floor(x ** (1/r)) for integers"""
    lo, hi = 0, 1 << (x.bit_length() // r + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** r <= x:
            lo = mid
        else:
            hi = mid - 1
    return lo


def frac_root(p, r, w):
    return iroot(p << (r * w), r) & ((1 << w) - 1)


def constants(w):
    n = 64 if w == 32 else 80
    k = [frac_root(p, 3, w) for p in primes(n)]
    iv = [frac_root(p, 2, w) for p in primes(8)]
    return k, iv


def verilog(w):
    k, iv = constants(w)
    d = w // 4
    lines = [f"            7'd{i:<2d}: k = {w}'h{v:0{d}x};" for i, v in enumerate(k)]
    ivs = ", ".join(f"{w}'h{v:0{d}x}" for v in iv)
    return "\n".join(lines) + f"\n// IV: {{{ivs}}}"


if __name__ == "__main__":
    print(verilog(int(sys.argv[1]) if len(sys.argv) > 1 else 32))
