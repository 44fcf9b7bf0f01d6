#!/usr/bin/env python3
"""Bit-exact Python model of the skein512_256 core (Skein v1.3): Threefish-512
with four rounds per step, UBI chaining, and the configuration UBI that gives
the IV held as a constant in rtl/skein512_256_core.v.

    python3 hdl/skein512_256/gen_iv.py [BITS]   # print the IV words of Skein-512-BITS (256)
    python3 hdl/skein512_256/gen_iv.py --check  # also compare the model with hashbench

Tables: Skein v1.3 specification, sec. 3.3 (rotation constants R_{d,j} for
Nw = 8, permutation pi, C240) and sec. 3.5.2 (configuration string)."""
import sys

M64 = (1 << 64) - 1
C240 = 0x1BD11BDAA9FC1A22
ROT = [(46, 36, 19, 37), (33, 27, 14, 42), (17, 49, 36, 39), (44, 9, 54, 56),
       (39, 30, 34, 24), (13, 50, 10, 17), (25, 29, 39, 43), (8, 35, 56, 22)]
PI = (2, 1, 4, 7, 6, 5, 0, 3)
T_CFG, T_MSG, T_OUT = 4, 48, 63


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def threefish512(key, tweak, words):
    k = list(key) + [C240]
    for w in key:
        k[8] ^= w
    t = [tweak[0], tweak[1], tweak[0] ^ tweak[1]]

    def sub(s):
        v = [k[(s + j) % 9] for j in range(8)]
        v[5] += t[s % 3]
        v[6] += t[(s + 1) % 3]
        v[7] += s
        return [x & M64 for x in v]

    x = [(a + b) & M64 for a, b in zip(words, sub(0))]
    for s in range(18):                 # one RTL clock: four rounds, then subkey s+1
        for d in range(4):
            rc = ROT[4 * (s & 1) + d]
            f = []
            for j in range(4):
                y0 = (x[2 * j] + x[2 * j + 1]) & M64
                f += [y0, rotl(x[2 * j + 1], rc[j]) ^ y0]
            x = [f[PI[i]] for i in range(8)]
        x = [(a + b) & M64 for a, b in zip(x, sub(s + 1))]
    return x


def ubi(g, block, pos, typ, first, final):
    m = [int.from_bytes(block[8 * i:8 * i + 8], "little") for i in range(8)]
    t1 = (final << 63) | (first << 62) | (typ << 56) | (pos >> 64)
    e = threefish512(g, (pos & M64, t1), m)
    return [a ^ b for a, b in zip(e, m)]


def iv(out_bits=256):
    cfg = b"SHA3" + (1).to_bytes(2, "little") + bytes(2) + out_bits.to_bytes(8, "little")
    return ubi([0] * 8, cfg + bytes(64 - len(cfg)), 32, T_CFG, 1, 1)


def skein512_256(msg: bytes) -> bytes:
    g = iv()
    n = max(1, (len(msg) + 63) // 64)
    for i in range(n):
        blk = msg[64 * i:64 * i + 64]
        g = ubi(g, blk + bytes(64 - len(blk)), min(len(msg), 64 * i + 64), T_MSG, int(i == 0), int(i == n - 1))
    g = ubi(g, bytes(64), 8, T_OUT, 1, 1)
    return b"".join(w.to_bytes(8, "little") for w in g)[:32]


def main():
    bits = next((int(a) for a in sys.argv[1:] if a.isdigit()), 256)
    words = iv(bits)
    print("IV (word 7 first): 512'h" + "_".join("%016x" % w for w in reversed(words)))
    if "--check" in sys.argv[1:]:
        import hashbench
        for n in (0, 1, 63, 64, 65, 127, 128, 129, 300):
            m = bytes((i * 7 + n) & 0xFF for i in range(n))
            assert skein512_256(m) == hashbench.new("skein512_256", m).digest(), n
        print("model equals hashbench skein512_256")


if __name__ == "__main__":
    main()
