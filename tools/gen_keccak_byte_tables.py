#!/usr/bin/env python3
"""Print the three small tables of the byte-wise Keccak-p[1600]
(src/algos/keccak/bytes8/keccakp1600.c), derived from the
formulas of FIPS 202 section 3.2:

* rho (3.2.2, Algorithm 2): the offset of lane (x, y) is (t+1)(t+2)/2 mod 64
  along the walk (x, y) = (1, 0), (x, y) <- (y, (2x + 3y) mod 5); lane (0, 0)
  is not rotated.
* pi (3.2.3, Algorithm 3): A'[x, y] = A[(x + 3y) mod 5, x], so source lane
  (x, y) lands on (y, (2x + 3y) mod 5); the table holds 8 * destination index
  (its byte offset in a 200-byte state).
* iota (3.2.5, Algorithms 5-6): RC[ir] has bit 2^j - 1 = rc(j + 7 ir) for
  j = 0..6.  Stored as one byte per round: the low byte of RC (bits 0, 1, 3,
  7) plus bit 15 -> 0x04, bit 31 -> 0x10, bit 63 -> 0x20 (bits the low byte
  never uses).  The script checks that packing against the 64-bit constants.

Lane index is x + 5y.  A model of the byte-wise permutation using these
tables is run and checked against Python's hashlib SHA3-256 and SHAKE128.

Run: python3 tools/gen_keccak_byte_tables.py
"""
import hashlib

from keccak_fips202 import rho_offsets, round_constant

RHO = [rho_offsets()[x][y] for y in range(5) for x in range(5)]   # lane x + 5y

PI8 = [0] * 25
for x in range(5):
    for y in range(5):
        PI8[x + 5 * y] = 8 * (y + 5 * ((2 * x + 3 * y) % 5))

RC = [round_constant(ir) for ir in range(24)]
RCB = []
for v in RC:
    assert v & ~((1 << 0) | (1 << 1) | (1 << 3) | (1 << 7) | (1 << 15) | (1 << 31) | (1 << 63)) == 0
    b = (v & 0xff) | (0x04 if v >> 15 & 1 else 0) | (0x10 if v >> 31 & 1 else 0) | (0x20 if v >> 63 & 1 else 0)
    RCB.append(b)


def unpack_rc(b):
    """what the C code does with a packed byte (bytes 0, 1, 3, 7 of the lane)"""
    return ((b & 0x8b) | ((b << 5 & 0x80) << 8) | ((b << 3 & 0x80) << 24) | ((b << 2 & 0x80) << 56))


assert all(unpack_rc(b) == v for b, v in zip(RCB, RC))


def permute(S):
    """byte-wise model of Keccak-f[1600] on a 200-byte little-endian state"""
    S = list(S)
    for ir in range(24):
        C = [S[k] ^ S[k + 40] ^ S[k + 80] ^ S[k + 120] ^ S[k + 160] for k in range(40)]
        D = [0] * 40
        for x in range(5):
            p, n = 8 * ((x + 4) % 5), 8 * ((x + 1) % 5)
            for k in range(8):
                D[8 * x + k] = C[p + k] ^ (C[n + k] << 1 & 0xff) ^ (C[n + (k + 7) % 8] >> 7)
        for o in range(200):
            S[o] ^= D[o % 40]
        B = [0] * 200
        for i in range(25):
            q, b = RHO[i] >> 3, RHO[i] & 7
            for k in range(8):
                hi, lo = S[8 * i + (k - q) % 8], S[8 * i + (k - q - 1) % 8]
                B[PI8[i] + k] = (((hi << 8 | lo) << b) >> 8) & 0xff
        for o in range(0, 200, 40):
            for k in range(o, o + 8):
                b = [B[k + 8 * x] for x in range(5)]
                for x in range(5):
                    S[k + 8 * x] = b[x] ^ (~b[(x + 1) % 5] & b[(x + 2) % 5] & 0xff)
        t = RCB[ir]
        S[0] ^= t & 0x8b
        S[1] ^= t << 5 & 0x80
        S[3] ^= t << 3 & 0x80
        S[7] ^= t << 2 & 0x80
    return S


def sponge(msg, rate, ds, out_len):
    m = bytearray(msg) + bytes([ds])
    m += bytes(-len(m) % rate)
    m[-1] ^= 0x80
    S = [0] * 200
    for i in range(0, len(m), rate):
        for k in range(rate):
            S[k] ^= m[i + k]
        S = permute(S)
    out = bytes(S[:rate])
    while len(out) < out_len:
        S = permute(S)
        out += bytes(S[:rate])
    return out[:out_len]


for msg in (b"", b"abc", bytes(range(200))):
    assert sponge(msg, 136, 0x06, 32) == hashlib.sha3_256(msg).digest()
    assert sponge(msg, 168, 0x1f, 200) == hashlib.shake_128(msg).digest(200)


def c_table(name, vals, per_line=12, comment=""):
    lines = [f"static HB_ROM uint8_t {name}[{len(vals)}] = {{" + (f" /* {comment} */" if comment else "")]
    for i in range(0, len(vals), per_line):
        chunk = ", ".join(f"0x{v:02x}" if name == "KB_RC" else str(v) for v in vals[i:i + per_line])
        lines.append("    " + chunk + ("," if i + per_line < len(vals) else ""))
    lines.append("};")
    return "\n".join(lines)


print(c_table("KB_RHO", RHO, comment="rho offset of lane x + 5y"))
print(c_table("KB_PI8", PI8, comment="8 * index of lane x + 5y after pi"))
print(c_table("KB_RC", RCB, comment="RC[ir] packed: low byte | b15 0x04 | b31 0x10 | b63 0x20"))
