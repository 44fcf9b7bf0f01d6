"""The 16-bit NTT of SIMD's x86 forms (src/algos/simd/simd_x86.h, and
simd_x86_256.h, which runs the same operations in every lane) never leaves
-2^15..2^15-1: a 16-bit wrap adds +-2^16, which is 1, not 0, mod 257,
and no test vector need hit the worst case.  This runs the header's schedule
step by step on intervals (each lane's range over every possible block and
final flag) beside one concrete value, checks every sum and difference
against the int16 range, and checks that the concrete outputs are the NTT
(direct evaluation, as tools/gen_simd_tables.py defines it).  A change to
the schedule in the header needs the same change here."""
from __future__ import annotations

import random

import pytest

P = 257
LO, HI = -(1 << 15), (1 << 15) - 1
BR4 = [int(f"{p:04b}"[::-1], 2) for p in range(16)]
BR3 = [int(f"{p:03b}"[::-1], 2) for p in range(8)]


class V:
    """one lane: its interval over all inputs, and one concrete value"""

    __slots__ = ("lo", "hi", "x")

    def __init__(self, lo: int, hi: int, x: int):
        assert lo <= x <= hi
        assert LO <= lo and hi <= HI, f"16-bit overflow: {lo}..{hi}"
        self.lo, self.hi, self.x = lo, hi, x

    def __add__(self, o: V) -> V:
        return V(self.lo + o.lo, self.hi + o.hi, self.x + o.x)

    def __sub__(self, o: V) -> V:
        return V(self.lo - o.hi, self.hi - o.lo, self.x - o.x)


def red(v: V) -> V:
    """SX_RED: (x & 255) - (x >> 8)"""
    return V(-(v.hi >> 8), 255 - (v.lo >> 8), (v.x & 255) - (v.x >> 8))


def mulr(v: V, k: int) -> V:
    """SX_MULR: ((x & (2^(8-k) - 1)) << k) - (x >> (8 - k)), 1 <= k <= 7"""
    m = (1 << (8 - k)) - 1
    return V(-(v.hi >> (8 - k)), (m << k) - (v.lo >> (8 - k)), ((v.x & m) << k) - (v.x >> (8 - k)))


def mult(v: V, t: int) -> V:
    """sx_mult: hi + (lo & 255) - (lo >> 8) of the 32-bit product"""
    assert -128 <= t <= 128
    a, b = sorted((v.lo * t, v.hi * t))
    p = v.x * t
    lo16 = p & 0xFFFF
    return V((a >> 16) - 255, (b >> 16) + 255, (p >> 16) + (lo16 & 255) - (lo16 >> 8))


def bf(x: list, i: int, j: int, e: int) -> None:
    """SX_BF(x[i], x[j], e) on every lane"""
    for ln in range(len(x[i])):
        a, b = x[i][ln], x[j][ln]
        d = b - a if e & 8 else a - b
        x[i][ln] = a + b
        x[j][ln] = mulr(d, e & 7) if e & 7 else d


def dft16_tail(x: list) -> None:
    for s in (0, 8):
        for j in range(4):
            bf(x, s + j, s + j + 4, 2 * j)
    for s in (0, 4, 8, 12):
        for j in range(2):
            bf(x, s + j, s + j + 2, 4 * j)
    for s in range(0, 16, 2):
        bf(x, s, s + 1, 0)


def dft16(x: list) -> None:
    for j in range(8):
        bf(x, j, j + 8, j)
    dft16_tail(x)


def centred(t: int) -> int:
    t %= P
    return t - P if t > 128 else t


def expand(m: bytes, final: int, N: int) -> list[int]:
    """simd_x86.h's sx_expand4 (N = 128) or sx_expand8 (N = 256) up to
    SX_LIFT's reductions: y[0..N-1] in -1..256, as V lanes checked on the way"""
    R = N // 16
    alpha = pow(41, 256 // N, P)
    # rows j1 of the block, lanes j2 (the register halves of the header are
    # lanes 0-7 and 8-15 of these rows, each lane on its own)
    rows = [[V(0, 255, m[16 * j1 + j2]) for j2 in range(16)] for j1 in range(R // 2)]
    e = [V(0, 1, int(j2 == 15 or (final and j2 == 13))) for j2 in range(16)]
    half = R // 2
    last = rows[half - 1]
    d = [a - b for a, b in zip(last, e)]
    rows[half - 1] = [a + b for a, b in zip(last, e)]
    c = 2 if R == 8 else 1                      # alpha^16 = 2^c
    v = rows + [None] * half
    for j in range(half):
        src = d if j == half - 1 else rows[j]
        v[half + j] = [mulr(a, c * j) if c * j else a for a in src]
    if R == 8:
        for i, j, e in ((0, 2, 0), (1, 3, 4), (4, 6, 0), (5, 7, 4)):
            bf(v, i, j, e)
        for s in range(0, 8, 2):
            bf(v, s, s + 1, 0)
        br = BR3
    else:
        dft16_tail(v)
        br = BR4
    # row p is k1 = bitrev(p): k1 = 0 reduced, the others times alpha^(j2 k1)
    U = [None] * R
    for p in range(R):
        k1 = br[p]
        U[k1] = [red(a) for a in v[p]] if k1 == 0 else \
            [mult(a, centred(pow(alpha, j2 * k1, P))) for j2, a in enumerate(v[p])]
    # transposed: vectors j2, lanes k1; the outer DFTs
    t = [[U[k1][j2] for k1 in range(R)] for j2 in range(16)]
    dft16(t)
    y = [0] * N
    for p in range(16):
        for k1 in range(R):
            r = red(red(t[p][k1]))
            assert -1 <= r.lo and r.hi <= 256
            y[k1 + R * BR4[p]] = r.x
    return y


def ntt(m: bytes, final: int, N: int) -> list[int]:
    alpha = pow(41, 256 // N, P)
    coef = list(m) + [0] * (N - len(m))
    coef[N - 1] += 1
    if final:
        coef[N - 3] += 1
    return [sum(cf * pow(alpha, i * j, P) for j, cf in enumerate(coef)) % P for i in range(N)]


@pytest.mark.parametrize("N", [128, 256])
def test_ntt16_stays_in_int16_and_is_the_ntt(N):
    rng = random.Random(N)
    blocks = [bytes(N // 2), bytes([255]) * (N // 2)] + [rng.randbytes(N // 2) for _ in range(3)]
    for i, m in enumerate(blocks):
        final = i % 2
        assert [y % P for y in expand(m, final, N)] == ntt(m, final, N)
