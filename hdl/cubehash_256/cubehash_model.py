#!/usr/bin/env python3
"""Python model of CubeHash16/32-h (round-2 specification: r = 16 rounds per 32-byte block,
i = f = 160 init and final rounds) as the cubehash core computes it, and the source of the
IVs the RTL holds: the state after the 160 init rounds from x0 = h/8, x1 = 32, x2 = 16.

    python3 hdl/cubehash_256/cubehash_model.py BITS           # print the IV of CubeHash-BITS
    python3 hdl/cubehash_256/cubehash_model.py BITS --check   # also compare with hashbench"""
import sys

M32 = 0xFFFFFFFF


def rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & M32


def rnd(x):
    """One round (spec sec. 2.4, the ten steps); x[16a+8b+4c+2d+e] = x_abcde."""
    x = list(x)
    for i in range(16):
        x[16 + i] = (x[16 + i] + x[i]) & M32
    for i in range(16):
        x[i] = rotl(x[i], 7)
    x[0:16] = [x[i ^ 8] for i in range(16)]
    for i in range(16):
        x[i] ^= x[16 + i]
    x[16:32] = [x[16 + (i ^ 2)] for i in range(16)]
    for i in range(16):
        x[16 + i] = (x[16 + i] + x[i]) & M32
    for i in range(16):
        x[i] = rotl(x[i], 11)
    x[0:16] = [x[i ^ 4] for i in range(16)]
    for i in range(16):
        x[i] ^= x[16 + i]
    x[16:32] = [x[16 + (i ^ 1)] for i in range(16)]
    return x


def rounds(x, n):
    for _ in range(n):
        x = rnd(x)
    return x


def iv(bits):
    return rounds([bits // 8, 32, 16] + [0] * 29, 160)


def cubehash(msg: bytes, bits: int) -> bytes:
    x = iv(bits)
    p = msg + b"\x80" + bytes(-(len(msg) + 1) % 32)
    for i in range(0, len(p), 32):
        for j in range(8):
            x[j] ^= int.from_bytes(p[i + 4 * j:i + 4 * j + 4], "little")
        x = rounds(x, 16)
    x[31] ^= 1
    x = rounds(x, 160)
    return b"".join(w.to_bytes(4, "little") for w in x)[:bits // 8]


def main():
    bits = int(sys.argv[1]) if len(sys.argv) > 1 else 256
    print("IV (x31 first): 1024'h" + "_".join("%08x" % w for w in reversed(iv(bits))))
    if "--check" in sys.argv[2:]:
        import hashbench
        for n in (0, 1, 31, 32, 33, 100):
            m = bytes((7 * i + n) & 0xFF for i in range(n))
            assert cubehash(m, bits) == hashbench.new("cubehash_%d" % bits, m).digest(), n
        print("model equals hashbench cubehash_%d" % bits)


if __name__ == "__main__":
    main()
