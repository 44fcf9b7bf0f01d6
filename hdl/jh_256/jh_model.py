#!/usr/bin/env python3
"""Bit-exact Python model of the jh_256 core: JH (final version, 42 rounds) in
the form of the specification (H. Wu, "The Hash Function JH", 2011, sec. 3-4):
grouping of the 1024-bit state into 256 4-bit elements, rounds R8 (S-boxes
S0/S1 picked by a round-constant bit, linear layer L, permutation P8),
degrouping.  The round constants are generated as the RTL does: C0 =
frac(sqrt(2)) (256 bits), C(r+1) = R6(C(r)) with all-zero constant bits.

    python3 hdl/jh_256/jh_model.py KATFILE   # check against ShortMsgKAT_256.txt
    python3 hdl/jh_256/jh_model.py [BITS]    # print the IV (H0) of JH-BITS (256) for the RTL

Bit numbering: bit 0 of a vector is the most significant bit of its first
byte (the specification's big-endian convention).  Element i of the grouped
state is t[i/2] for even i and t[128 + (i-1)/2] for odd i, where t[j] is the
4-bit value (H[j], H[j+256], H[j+512], H[j+768]), H[j] the most significant."""
import math
import sys

S = ((9, 0, 4, 11, 13, 12, 3, 15, 1, 10, 2, 6, 7, 5, 8, 14),      # S0, sec. 4.1
     (3, 12, 6, 13, 5, 7, 1, 9, 15, 2, 0, 4, 11, 10, 14, 8))      # S1


def bits_of(n: int, width: int) -> list:
    return [(n >> (width - 1 - i)) & 1 for i in range(width)]


def int_of(bits: list) -> int:
    v = 0
    for b in bits:
        v = (v << 1) | b
    return v


def el_bits(v):                          # 4-bit element -> (A0, A1, A2, A3), A0 = msb
    return [(v >> 3) & 1, (v >> 2) & 1, (v >> 1) & 1, v & 1]


def L(a, b):
    """Linear transformation L (sec. 4.2) on two 4-bit elements."""
    A, B = el_bits(a), el_bits(b)
    D = [B[0] ^ A[1], B[1] ^ A[2], B[2] ^ A[3] ^ A[0], B[3] ^ A[0]]
    C = [A[0] ^ D[1], A[1] ^ D[2], A[2] ^ D[3] ^ D[0], A[3] ^ D[0]]
    return int_of(C), int_of(D)


def perm(d):
    """P_d = phi_d o P'_d o pi_d (sec. 4.3) as a list: out[i] = in[perm[i]]."""
    n = 1 << d
    idx = list(range(n))
    pi = idx[:]
    for i in range(n // 4):
        pi[4 * i + 2], pi[4 * i + 3] = idx[4 * i + 3], idx[4 * i + 2]
    pp = [0] * n
    for i in range(n // 2):
        pp[i] = pi[2 * i]
        pp[i + n // 2] = pi[2 * i + 1]
    ph = pp[:]
    for i in range(n // 4, n // 2):
        ph[2 * i], ph[2 * i + 1] = pp[2 * i + 1], pp[2 * i]
    return ph


P8, P6 = perm(8), perm(6)


def rnd(elems, cbits, p):
    v = [S[c][e] for e, c in zip(elems, cbits)]
    w = []
    for i in range(0, len(v), 2):
        w += list(L(v[i], v[i + 1]))
    return [w[p[i]] for i in range(len(w))]


def constants(n=42):
    c0 = int(math.isqrt(2 << 512)) & ((1 << 256) - 1)   # frac(sqrt 2), 256 bits
    cs = [c0]
    for _ in range(n - 1):
        e = [(cs[-1] >> (252 - 4 * i)) & 15 for i in range(64)]
        e = rnd(e, [0] * 64, P6)
        cs.append(int("".join("%x" % x for x in e), 16))
    return cs


C = constants()


def e8(h: int) -> int:
    hb = bits_of(h, 1024)
    t = [int_of([hb[i], hb[i + 256], hb[i + 512], hb[i + 768]]) for i in range(256)]
    q = [t[i // 2 + 128 * (i % 2)] for i in range(256)]      # q[2i] = t[i], q[2i+1] = t[i+128]
    for r in range(42):
        q = rnd(q, bits_of(C[r], 256), P8)
    t = [q[2 * i] for i in range(128)] + [q[2 * i + 1] for i in range(128)]
    out = [0] * 1024
    for i in range(256):
        b = el_bits(t[i])
        for k in range(4):
            out[i + 256 * k] = b[k]
    return int_of(out)


def f8(h: int, m: int) -> int:
    h = e8(h ^ (m << 512))
    return h ^ m


def iv(bits=256) -> int:
    return f8(bits << (1024 - 16), 0)


def pad(msg: bytes) -> bytes:
    l = 8 * len(msg)
    z = (-l) % 512
    return msg + b"\x80" + bytes((z + 512 - 128) // 8 - 1) + l.to_bytes(16, "big")


def jh256(msg: bytes) -> bytes:
    h = iv()
    p = pad(msg)
    for i in range(0, len(p), 64):
        h = f8(h, int.from_bytes(p[i:i + 64], "big"))
    return (h & ((1 << 256) - 1)).to_bytes(32, "big")


def main():
    assert "%064x" % C[0] == "6a09e667f3bcc908b2fb1366ea957d3e3adec17512775099da2f590b0667322a"
    if len(sys.argv) > 1 and sys.argv[1].isdigit():
        print("IV 1024'h%0256x" % iv(int(sys.argv[1])))
        return 0
    if len(sys.argv) > 1:
        n = ok = 0
        rec = {}
        for line in open(sys.argv[1]):
            line = line.strip()
            if "=" not in line:
                continue
            k, v = (x.strip() for x in line.split("=", 1))
            rec[k] = v
            if k == "MD":
                ln = int(rec["Len"])
                if ln % 8 == 0:
                    msg = bytes.fromhex(rec["Msg"])[:ln // 8]
                    n += 1
                    ok += jh256(msg).hex() == v.lower()
        print("JH-256 model: %d/%d byte-aligned KAT records" % (ok, n))
        return 0 if ok == n and n else 1
    print("IV 1024'h%0256x" % iv())
    return 0


if __name__ == "__main__":
    sys.exit(main())
