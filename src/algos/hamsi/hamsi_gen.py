#!/usr/bin/env python3
"""Generate hamsi_tables.h: the Hamsi message-expansion tables.

The expansion of Hamsi is linear over GF(4): the codeword of a message is
the XOR of the generator-matrix rows of its set bits.  Each message symbol
(two bits) has a row r for its first bit; the row of the second bit is
omega * r, which in Hamsi's bit layout is (r_hi, r_lo ^ r_hi) for
r = (r_lo, r_hi) (first/second half of the codeword words).  The rows
below are the first-bit rows of the binary generator matrices (bit order:
within each message byte least significant bit first), transcribed from
sphlib 3.0 hamsi_helper.c (T256 / T512 with SPH_HAMSI_EXPAND_* = 1, Thomas
Pornin, github.com/coruus/sphlib), which were computed from the codes of
the Hamsi specification (Kucuk, 2009, sec. 2.2.4).  The odd rows of that
file serve as a check: the script asserts each matches omega * even row
(first word).

From the full matrix the script builds 4-bit lookup tables (table k,
entry v is the XOR of the rows of bits 4k..4k+3 selected by v) for the
forms on a state array, and 8-bit ones (bits 8k..8k+7, one table per
message byte: half the lookups) for regs/.
Run: python3 hamsi_gen.py > hamsi_tables.h
     python3 hamsi_gen.py 8 > hamsi_tables8.h
"""

import sys

G256 = """
74951000 5a2b467e 88fd1d2b 1ee68292 cba90000 90273769 bbdcf407 d0f4af61 bf3c1000
e92a2000 b4578cfc 11fa3a57 3dc90524 97530000 204f6ed3 77b9e80f a1ec5ec1 7e792000
121b4000 5b17d9e8 8dfacfab ce36cc72 e6570000 4bb33a25 848598ba 1041003e f44c4000
e4788000 859673c1 b5fb2452 29cc5edf 045f0000 9c4a93c9 62fc79d0 731ebdc2 e0278000
b7a40100 8a1f31d8 8589d8ab e6c46464 734c0000 956fa7d6 a29d1297 6ee56854 c4e80100
a7b80200 1f128433 60e5f9f2 9e147576 ee260000 124b683e 80c2d68f 3bf3ab2c 499e0200
8f3e0400 0d9dc877 6fc548e1 898d2cd6 14bd0000 2fba37ff 6a72e5bb 247febe6 9b830400
de320800 288350fe 71852ac7 a6bf9f96 e18b0000 5459887d bf1283d3 1b666a73 3fb90800
515c0010 40f372fb fce72602 71575061 2e390000 64dd6689 3cd406fc b1f490bc 7f650010
a2b80020 81e7e5f6 f9ce4c04 e2afa0c0 5c720000 c9bacd12 79a90df9 63e92178 feca0020
4dce0040 3b5bec7e 36656ba8 23633a05 78ab0000 a0cd5a34 5d5ca0f7 727784cb 35650040
5bd20080 450f18ec c2c46c55 f362b233 39a60000 4ab753eb d14e094b b772b42b 62740080
c04e0001 33b9c010 ae0ebb05 b5a4c63b c8f10000 0b2de782 6bf648a4 539cbdbf 08bf0001
88230002 5fe7a7b3 99e585aa 8d75f7f1 51ac0000 25e30f14 79e22a4c 1298bd46 d98f0002
d0080004 8c768f77 9dc5b050 af4a29da 6ba90000 40ebf9aa 98321c3d 76acc733 bba10004
a8ae0008 2079397d fe739301 b8a92831 171c0000 b26e3344 9e6a837e 58f8485f bfb20008
"""

G512 = """
ef0b0270 3afd0000 5dae0000 69490000 9b0f3c06 4405b5f9 66140a51 924f5d0a c96b0030 e7250000 2f840000 264f0000 08695bf9 6dfcf137 509f6984 9e69af68 26600240
145a3c00 b9e90000 61270000 f1610000 ce613d6c b0493d78 47a96720 e18e24c5 23671400 c8b90000 f4c70000 fb750000 73cd2465 f8a6a549 02c40a3f dc24e61f 373d2800
54285c00 eaed0000 c5d60000 a1c50000 b3a26770 94a5c4e1 6bb0419d 551b3782 9cbb1800 b0d30000 92510000 ed930000 593a4345 e114d5f4 430633da 78cace29 c8934400
29449c00 64e70000 f24b0000 c2f30000 0ede4e8f 56c23745 f3e04259 8d0d9ec4 466d0c00 08620000 dd5d0000 badd0000 6a927942 441f2b93 218ace6f bf2c0be2 6f299000
f6800005 3443c000 24070000 8f3d0000 21373bfb 0ab8d5ae cdc58b19 d795ba31 a67f0001 71378000 19fc0000 96db0000 3a8b6dfd ebcaaef3 2c6d478f ac8e6c88 50ff0004
f7750009 cf3cc000 c3d60000 04920000 029519a9 f8e836ba 7a87f14e 9e16981a d46a0000 8dc8c000 a5af0000 4a290000 fc4e427a c9b4866c 98369604 f746c320 231f0009
774400f0 f15a0000 f5b20000 34140000 89377e8c 5a8bec25 0bc3cd1e cf3775cb f46c0050 96180000 14a50000 031f0000 42947eb8 66bf7e19 9ca470d2 8a341574 832800a0
e8870170 9d720000 12db0000 d4220000 f2886b27 a921e543 4ef8b518 618813b1 b4370060 0c4c0000 56c20000 5cae0000 94541f3f 3b3ef825 1b365f3d f3d45758 5cb00110
0c720000 49e50f00 42790000 5cea0000 33aa301a 15822514 95a34b7b b44b0090 fe220000 a7580500 25d10000 f7600000 893178da 1fd4f860 4ed0a315 a123ff9f f2500000
45180000 a5b51700 f96a0000 3b480000 1ecc142c 231395d6 16bca6b0 df33f4df b83d0000 16710600 379a0000 f5b10000 228161ac ae48f145 66241616 c5c1eb3e fd250000
75a40000 c28b2700 94a40000 90f50000 fb7857e0 49ce0bae 1767c483 aedf667e d1660000 1bbc0300 9eec0000 f6940000 03024527 cf70fcf2 b4431b17 857f3c2b a4c20000
75c90003 0e10c000 d1200000 baea0000 8bc42f3e 8758b757 bb28761d 00b72e2b eecf0001 6f564000 f33e0000 a79e0000 bdb57219 b711ebc5 4a3b40ba feabf254 9b060002
86790000 3f390002 e19ae000 98560000 9565670e 4e88c8ea d3dd4944 161ddab9 30b70000 e5d00000 f4f46000 42c40000 63b83d6a 78ba9460 21afa1ea b0a51834 b6ce0000
14190000 23ca003c 50df0000 44b60000 1b6c67b0 3cf3ac75 61e610b0 dbcadb80 e3430000 3a4e0014 f2c60000 aa4e0000 db1e42a6 256bbe15 123db156 3a4e99d7 f75a0000
54500000 0671005c 25ae0000 6a1e0000 2ea54edf 664e8512 bfba18c3 7e715d17 bc8d0000 fc3b0018 19830000 d10b0000 ae1878c4 42a69856 0012da37 2c3b504e e8dd0000
69510000 d4e1009c c3230000 ac2f0000 e4950bae cea415dc 87ec287c bce1a3ce c6730000 af8d000c a4c10000 218d0000 23111587 7913512f 1d28ac88 378dd173 af220000
cc140000 a5630000 5ab90780 3b500000 4bd013ff 879b3418 694348c1 ca5a87fe 819e0000 ec570000 66320280 95f30000 5da92802 48f43cbc e65aa22d 8e67b7fa 4d8a0000
78230000 12fc0000 a93a0b80 90a50000 713e2879 7ee98924 f08ca062 636f8bab 02af0000 b7280000 ba1c0300 56980000 ba8d45d3 8048c667 a95c149a f4f6ea7b 7a8c0000
ac480000 1ba60000 45fb1380 03430000 5a85316a 1fb250b6 fe72c7fe 91e478f6 1e4e0000 decf0000 6df80180 77240000 ec47079e f4a0694e cda31812 98aa496e b2060000
aec30000 9c4f0001 79d1e000 2c150000 45cc75b3 6650b736 ab92f78f a312567b db250000 09290000 49aac000 81e10000 cafe6b59 42793431 43566b76 e86cba2e 75e60000
58430000 807e0000 78330001 c66b3800 e7375cdc 79ad3fdd ac73fe6f 3a4479b1 1d5a0000 2b720000 488d0000 af611800 25cb2ec5 c879bfd0 81a20429 1e7536a6 45190000
a53b0000 14260000 4e30001e 7cae0000 8f9e0dd5 78dfaa3d f73168d8 0b1b4946 07ed0000 b2500000 8774000a 970d0000 437223ae 48c76ea4 f4786222 9075b1ce a2d60000
88980000 1f940000 7fcf002e fb4e0000 f158079a 61ae9167 a895706c e6107494 0bc20000 db630000 7e88000c 15860000 91fd48f3 7581bb43 f460449e d8b61463 835a0000
52500000 29540000 6a61004e f0ff0000 9a317eec 452341ce cf568fe5 5303130f 538d0000 a9fc0000 9ef70006 56ff0000 0ae4004e 92c5cdf9 a9444018 7f975691 01dd0000
e6280000 4c4b0000 a8550000 d3d002e0 d86130b8 98a7b0da 289506b4 d75a4897 f0c50000 59230000 45820000 e18d00c0 3b6d0631 c2ed5699 cbe0fe1c 56a7b19f 16ed0000
b4310000 77330000 b15d0000 7fd004e0 78a26138 d116c35d d256d489 4e6f74de e3060000 bdc10000 87130000 bff20060 2eba0a1a 8db53751 73c5ab06 5bd61539 57370000
02f20000 a2810000 873f0000 e36c7800 1e1d74ef 073d2bd6 c4c23237 7f32259e badd0000 13ad0000 b7e70000 f7282800 df45144d 361ac33a ea5a8d14 2a2c18f0 b82f0000
1e6c0000 c4420000 8a2e0000 bcb6b800 2c4413b6 8bfdd3da 6a0c1bc8 b99dc2eb 92560000 1eda0000 ea510000 e8b13000 a93556a5 ebfb6199 b15c2254 33c5244f 8c3a0000
033d0000 08b30000 f33a0000 3ac20007 51298a50 6b6e661f 0ea5cfe3 e6da7ffe a8da0000 96be0000 5c1d0000 07da0002 7d669583 1f98708a bb668808 da878000 abe70000
01930000 e7820000 edfb0000 cf0c000b 8dd08d58 bca3b42e 063661e1 536f9e7b 92280000 dc850000 57fa0000 56dc0003 bae92316 5aefa30c 90cef752 7b1675d7 93bb0000
5fa80000 56030000 43ae0000 64f30013 257e86bf 1311944e 541e95bf 8ea4db69 00440000 7f480000 da7c0000 2a230001 3badc9cc a9b69c87 030a9e60 be0a679e 5fec0000
ee930000 d6070000 92c10000 2b9801e0 9451287c 3b6cfb57 45312374 201f6a64 7b280000 57420000 a9e50000 634300a0 9edb442f 6d9995bb 27f83b03 c7ff60f0 95bb0000
"""


def matrix(text, width):
    rows = []
    vals = [int(x, 16) for x in text.split()]
    per = width + 1
    assert len(vals) % per == 0
    for i in range(0, len(vals), per):
        r = vals[i:i + width]
        chk = vals[i + width]
        h = width // 2
        lo, hi = r[:h], r[h:]
        odd = hi + [a ^ b for a, b in zip(lo, hi)]
        assert odd[h] == chk, (i // per, hex(odd[h]), hex(chk))
        rows += [r, odd]
    return rows


def tables(rows, width, bits=4):
    out = []
    for k in range(len(rows) // bits):
        t = []
        for v in range(1 << bits):
            acc = [0] * width
            for b in range(bits):
                if v >> b & 1:
                    acc = [a ^ x for a, x in zip(acc, rows[bits * k + b])]
            t.append(acc)
        out.append(t)
    return out


def emit(name, tabs, width, guard):
    n = len(tabs[0])
    print("#ifdef %s" % guard)
    print("static HB_ROM uint32_t %s[%d][%d][%d] = {" % (name, len(tabs), n, width))
    for ti, t in enumerate(tabs):
        print("  {")
        for ei, e in enumerate(t):
            words = ",".join("0x%08x" % w for w in e) if n > 16 else ", ".join("0x%08x" % w for w in e)
            print("    {%s}%s" % (words, "," if ei < n - 1 else ""))
        print("  }%s" % ("," if ti < len(tabs) - 1 else ""))
    print("};")
    print("#endif")


def main8():
    print("/* hamsi_tables8.h -- GENERATED by hamsi_gen.py 8; do not edit.")
    print(" * 8-bit message-expansion tables of Hamsi-224/256 (EXP256_8, 32 KiB)")
    print(" * and Hamsi-384/512 (EXP512_8, 128 KiB): table k, entry v = codeword")
    print(" * of message byte k given by v (the form with the state in locals,")
    print(" * regs/).  Each kernel defines HAMSI_WANT_256 or HAMSI_WANT_512: each")
    print(" * object holds only its own table. */")
    emit("HAMSI_EXP256_8", tables(matrix(G256, 8), 8, 8), 8, "HAMSI_WANT_256")
    emit("HAMSI_EXP512_8", tables(matrix(G512, 16), 16, 8), 16, "HAMSI_WANT_512")


def main():
    if sys.argv[1:] == ["8"]:
        main8()
        return
    print("/* hamsi_tables.h -- GENERATED by hamsi_gen.py; do not edit.")
    print(" * 4-bit message-expansion tables of Hamsi-224/256 (EXP256) and")
    print(" * Hamsi-384/512 (EXP512): table k, entry v = codeword of the")
    print(" * message bits 4k..4k+3 (LSB first in each byte) given by v.")
    print(" * hamsi_small_array.h defines HAMSI_WANT_256, hamsi_big_array.h")
    print(" * HAMSI_WANT_512: each")
    print(" * object holds only its own table. */")
    emit("HAMSI_EXP256", tables(matrix(G256, 8), 8), 8, "HAMSI_WANT_256")
    emit("HAMSI_EXP512", tables(matrix(G512, 16), 16), 16, "HAMSI_WANT_512")


main()
