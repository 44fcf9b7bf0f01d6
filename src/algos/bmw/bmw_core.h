/*
 * bmw_core.h -- the BMW compression function, written once for both word
 * sizes.  Included once by bmw256.c (32-bit words) and once by bmw512.c
 * (64-bit words), in separate objects so that an image links only the
 * width it uses (SDCC links whole objects: both widths together were
 * 74 KB of 8051 code).  Defined beforehand:
 *   BMW_W            the word type (uint32_t or uint64_t)
 *   BMW_FN           the name of the function to define
 *   BMW_ROTL(x, n)   rotation of a word
 *   BMW_S0R1..BMW_S3R2  the two rotation amounts of s0..s3
 *   BMW_R1..BMW_R7   the rotations r1..r7
 *   BMW_K            the constant K_j = j * BMW_K (spec 2.2, "AddElement")
 *   BMW_SFN          (HB_BMW_COMPACT only) the name of the s0..s5 helper
 *   BMW_TINY         (optional) the smallest form, below; its helper bmw_sh
 *                    has one name, so include this file once per source
 * The shift amounts of s0..s5 and of f2 are the same for both sizes.
 *
 * BMW_FN(H, M): H = f2(f1(f0(M, H)), M) in place (spec 2.2).
 */
#include "bmw.h"
#include "../../common/hb_util.h"

#if defined(BMW_TINY) && !defined(HB_BMW_COMPACT)
#define HB_BMW_COMPACT 1
#endif
#if defined(BMW_TINY) && defined(__SDCC)
/* SDCC's loop optimisations keep addresses and common subexpressions in
 * spill locations on the 8051's internal stack (223 bytes for the whole
 * call chain), which BMW-512 overflowed; without them the deepest frames
 * shrink by about a third */
#pragma nogcse
#pragma noinduction
#pragma noinvariant
#endif

#ifdef HB_BMW_COMPACT
/* f0 of the compact form (spec 2.2.1): W[j] is the sum of five terms
 * +/-(M ^ H)[i]; entry i, or i + 16 for a subtracted term.  Transcribed
 * from the spec's table. */
static HB_ROM uint8_t BMW_F0[16][5] = {
    {5, 16 + 7, 10, 13, 14}, {6, 16 + 8, 11, 14, 16 + 15}, {0, 7, 9, 16 + 12, 15},
    {0, 16 + 1, 8, 16 + 10, 13}, {1, 2, 9, 16 + 11, 16 + 14}, {3, 16 + 2, 10, 16 + 12, 15},
    {4, 16 + 0, 16 + 3, 16 + 11, 13}, {1, 16 + 4, 16 + 5, 16 + 12, 16 + 14},
    {2, 16 + 5, 16 + 6, 13, 16 + 15}, {0, 16 + 3, 6, 16 + 7, 14}, {8, 16 + 1, 16 + 4, 16 + 7, 15},
    {8, 16 + 0, 16 + 2, 16 + 5, 9}, {1, 3, 16 + 6, 16 + 9, 10}, {2, 4, 7, 10, 11},
    {3, 16 + 5, 8, 16 + 11, 16 + 12}, {12, 16 + 4, 16 + 6, 16 + 9, 13}
};
#endif

/* Initial values (spec 1.3): the byte sequence 00 01 02 ... read as
 * big-endian words, starting at 0x00 (224, 384), 0x40 (256) or 0x80 (512);
 * CONST_final (spec 2.3, round-2 tweak): 0xaa..a0 + i.  Both are formulas,
 * so they are computed here rather than tabulated. */
static uint32_t bmw_iv32(unsigned base, unsigned i)
{
    uint32_t b = (uint32_t)(base + 4 * i);
    return (b << 24) | ((b + 1) << 16) | ((b + 2) << 8) | (b + 3);
}

/* spec table 1.3 / 1.4: the logical functions s0..s5, r1..r7 */
#define BMW_s0(x) (((x) >> 1) ^ ((x) << 3) ^ BMW_ROTL(x, BMW_S0R1) ^ BMW_ROTL(x, BMW_S0R2))
#define BMW_s1(x) (((x) >> 1) ^ ((x) << 2) ^ BMW_ROTL(x, BMW_S1R1) ^ BMW_ROTL(x, BMW_S1R2))
#define BMW_s2(x) (((x) >> 2) ^ ((x) << 1) ^ BMW_ROTL(x, BMW_S2R1) ^ BMW_ROTL(x, BMW_S2R2))
#define BMW_s3(x) (((x) >> 2) ^ ((x) << 2) ^ BMW_ROTL(x, BMW_S3R1) ^ BMW_ROTL(x, BMW_S3R2))
#define BMW_s4(x) (((x) >> 1) ^ (x))
#define BMW_s5(x) (((x) >> 2) ^ (x))

/* AddElement(j) of the tweak: (rotl(M[j-16], j-15) + rotl(M[j-13], j-12)
 * - rotl(M[j-6], j-5) + K_j) ^ H[j-9], indices mod 16; the rotated
 * message words are precomputed in mr[]. */
#define BMW_ADD(j) \
    ((mr[((j) - 16) & 15] + mr[((j) - 13) & 15] - mr[((j) - 6) & 15] + \
      (BMW_W)(j) * BMW_K) ^ H[((j) - 9) & 15])

/* f1, ExpRounds1 = 2 rounds of expand1 ... */
#define BMW_E1(j) \
    q[j] = BMW_s1(q[(j) - 16]) + BMW_s2(q[(j) - 15]) + BMW_s3(q[(j) - 14]) + BMW_s0(q[(j) - 13]) \
         + BMW_s1(q[(j) - 12]) + BMW_s2(q[(j) - 11]) + BMW_s3(q[(j) - 10]) + BMW_s0(q[(j) - 9]) \
         + BMW_s1(q[(j) - 8]) + BMW_s2(q[(j) - 7]) + BMW_s3(q[(j) - 6]) + BMW_s0(q[(j) - 5]) \
         + BMW_s1(q[(j) - 4]) + BMW_s2(q[(j) - 3]) + BMW_s3(q[(j) - 2]) + BMW_s0(q[(j) - 1]) \
         + BMW_ADD(j)

/* ... then ExpRounds2 = 14 rounds of expand2.  The plain terms
 * q[j-16] + q[j-14] + ... + q[j-4] form a sliding sum over every other
 * word: even/odd keep it for the two parities of j. */
#define BMW_E2(j, acc) \
    acc += q[(j) - 4] - q[(j) - 18]; \
    q[j] = acc + BMW_ROTL(q[(j) - 15], BMW_R1) + BMW_ROTL(q[(j) - 13], BMW_R2) \
         + BMW_ROTL(q[(j) - 11], BMW_R3) + BMW_ROTL(q[(j) - 9], BMW_R4) \
         + BMW_ROTL(q[(j) - 7], BMW_R5) + BMW_ROTL(q[(j) - 5], BMW_R6) \
         + BMW_ROTL(q[(j) - 3], BMW_R7) + BMW_s4(q[(j) - 2]) + BMW_s5(q[(j) - 1]) + BMW_ADD(j)

#if defined(BMW_TINY)
/* BMW_TINY: s0..s5 and f2 with their shift amounts taken from tables,
 * i.e. variable shifts: the smallest code (SDCC expands every constant
 * 64-bit shift inline, and BMW-512 with HB_BMW_COMPACT alone is 59 KB of
 * 8051 code), slower everywhere.  Implies HB_BMW_COMPACT. */

/* x << s for s > 0, x >> -s for s < 0 */
static BMW_W bmw_sh(BMW_W x, int s)
{
    if (s > 0) return x << s;
    if (s < 0) return x >> -s;
    return x;
}

/* w, the word size in bits: rotl(x, n) = x << n | x >> (w - n) */
#define BMW_WBITS ((int)sizeof(BMW_W) * 8)

static BMW_W BMW_SFN(unsigned i, BMW_W x)
{
    /* s_i as a sum of shifts (spec table 1.3): x >> a ^ x << b ^ rotl(x,
     * c) ^ rotl(x, d) for i < 4; x >> 1 ^ x, x >> 2 ^ x for s4, s5 */
    static const signed char sp[6][6] = {
        {-1, 3, BMW_S0R1, BMW_S0R1 - BMW_WBITS, BMW_S0R2, BMW_S0R2 - BMW_WBITS},
        {-1, 2, BMW_S1R1, BMW_S1R1 - BMW_WBITS, BMW_S1R2, BMW_S1R2 - BMW_WBITS},
        {-2, 1, BMW_S2R1, BMW_S2R1 - BMW_WBITS, BMW_S2R2, BMW_S2R2 - BMW_WBITS},
        {-2, 2, BMW_S3R1, BMW_S3R1 - BMW_WBITS, BMW_S3R2, BMW_S3R2 - BMW_WBITS},
        {-1, 0}, {-2, 0}
    };
    BMW_W r = 0;
    unsigned k;
    for (k = 0; k < (i < 4 ? 6u : 2u); k++) r ^= bmw_sh(x, sp[i][k]);
    return r;
}

static BMW_W bmw_rotl(BMW_W x, int n)
{
    return (x << n) | (x >> (BMW_WBITS - n));
}

static BMW_W bmw_add(unsigned j, const BMW_W *mr, const BMW_W *H)
{
    return BMW_ADD(j);
}

/* the compact f0/f1 below, through calls: each call's spill locations are
 * freed on return instead of adding up in one frame */
#define BMW_CROTL(x, n) bmw_rotl(x, (int)(n))
#define BMW_CS4(x) BMW_SFN(4, x)
#define BMW_CS5(x) BMW_SFN(5, x)
#define BMW_CADD(j) bmw_add(j, mr, H)

/* f2 (spec 2.2.3) with the shifts as table entries, > 0 left, < 0 right:
 * of xh and of Q[16 + i] for H[0..7], of xl for H[8..15].  A function of
 * its own so that its spill locations (SDCC, 8051: on the internal stack)
 * do not add to those of f0/f1 and the calls they make. */
static void bmw_f2(BMW_W *H, const BMW_W *M, const BMW_W *q)
{
    static const signed char sa[8] = {5, -7, -5, -1, -3, 6, -4, -11};
    static const signed char sb[8] = {-5, 8, 5, 5, 0, -6, 6, 2};
    static const signed char sc[8] = {8, -6, 6, 4, -3, -4, -7, -2};
    /* the running terms in scratch too: kept as temporaries, they went
     * into spill locations */
    HB_SCRATCH BMW_W a;
    HB_SCRATCH BMW_W b;
    BMW_W xl = 0, xh;
    unsigned i;

    for (i = 16; i < 24; i++) xl ^= q[i];
    xh = xl;
    for (i = 24; i < 32; i++) xh ^= q[i];
    for (i = 0; i < 8; i++) {
        a = bmw_sh(xh, sa[i]);
        b = bmw_sh(q[16 + i], sb[i]);
        a ^= b ^ M[i];
        b = xl ^ q[24 + i];
        b ^= q[i];
        H[i] = a + b;
    }
    for (i = 8; i < 16; i++) {
        a = bmw_rotl(H[(i - 4) & 7], (int)i + 1);
        b = xh ^ q[16 + i];
        a += b ^ M[i];
        b = bmw_sh(xl, sc[i - 8]);
        b ^= q[16 + ((i - 9) & 7)];
        b ^= q[i];
        H[i] = a + b;
    }
}
#elif defined(HB_BMW_COMPACT)
#define BMW_CROTL(x, n) BMW_ROTL(x, n)
#define BMW_CS4(x) BMW_s4(x)
#define BMW_CS5(x) BMW_s5(x)
#define BMW_CADD(j) BMW_ADD(j)

static BMW_W BMW_SFN(unsigned i, BMW_W x)
{
    switch (i) {
    case 0: return BMW_s0(x);
    case 1: return BMW_s1(x);
    case 2: return BMW_s2(x);
    case 3: return BMW_s3(x);
    case 4: return BMW_s4(x);
    default: return BMW_s5(x);
    }
}
#endif

#ifdef BMW_TINY
/* f0 and f1 into q; f2 is called beside it, not inside (spill locations) */
static void bmw_f01(const BMW_W *H, const BMW_W *M, BMW_W *q)
#else
static void BMW_FN(BMW_W *H, const BMW_W *M)
#endif
{
    /* q, mr, t: 256 bytes for BMW-256, the whole of the 8051's pdata
     * stack; static there (HB_SCRATCH) */
#ifndef BMW_TINY
    HB_SCRATCH BMW_W q[32];
#endif
    HB_SCRATCH BMW_W mr[16];
    HB_SCRATCH BMW_W t[16];
#ifndef BMW_TINY
    BMW_W xl, xh;
#endif
#ifdef HB_BMW_COMPACT
    /* HB_BMW_COMPACT: f0 and f1 as loops (small code for 8-bit targets) */
    static const unsigned char rr[7] = {BMW_R1, BMW_R2, BMW_R3, BMW_R4, BMW_R5, BMW_R6, BMW_R7};
    unsigned i, j, k;

    for (i = 0; i < 16; i++) {
        t[i] = M[i] ^ H[i];
        mr[i] = BMW_CROTL(M[i], i + 1);
    }
    for (j = 0; j < 16; j++) {
        BMW_W w = 0;
        for (k = 0; k < 5; k++) {
            unsigned e = HB_ROM_U8(BMW_F0[j], k);
            if (e & 16) w -= t[e & 15];
            else w += t[e];
        }
        q[j] = BMW_SFN(j % 5, w) + H[(j + 1) & 15];
    }
    for (j = 16; j < 32; j++) {
        BMW_W w = 0;
        if (j < 18) {
            for (k = 0; k < 16; k++) w += BMW_SFN((k + 1) & 3, q[j - 16 + k]);
        } else {
            for (k = 0; k < 14; k += 2) w += q[j - 16 + k] + BMW_CROTL(q[j - 15 + k], rr[k / 2]);
            w += BMW_CS4(q[j - 2]) + BMW_CS5(q[j - 1]);
        }
        q[j] = w + BMW_CADD(j);
    }
#else
    BMW_W even, odd;

#define BMW_PRE(i) t[i] = M[i] ^ H[i]; mr[i] = BMW_ROTL(M[i], (i) + 1)
    BMW_PRE(0); BMW_PRE(1); BMW_PRE(2); BMW_PRE(3);
    BMW_PRE(4); BMW_PRE(5); BMW_PRE(6); BMW_PRE(7);
    BMW_PRE(8); BMW_PRE(9); BMW_PRE(10); BMW_PRE(11);
    BMW_PRE(12); BMW_PRE(13); BMW_PRE(14); BMW_PRE(15);
#undef BMW_PRE
    /* f0 (spec 2.2.1): W = a fixed +/- combination of M ^ H, then
     * Q[j] = s_(j mod 5)(W[j]) + H[j+1] */
    q[0] = BMW_s0(t[5] - t[7] + t[10] + t[13] + t[14]) + H[1];
    q[1] = BMW_s1(t[6] - t[8] + t[11] + t[14] - t[15]) + H[2];
    q[2] = BMW_s2(t[0] + t[7] + t[9] - t[12] + t[15]) + H[3];
    q[3] = BMW_s3(t[0] - t[1] + t[8] - t[10] + t[13]) + H[4];
    q[4] = BMW_s4(t[1] + t[2] + t[9] - t[11] - t[14]) + H[5];
    q[5] = BMW_s0(t[3] - t[2] + t[10] - t[12] + t[15]) + H[6];
    q[6] = BMW_s1(t[4] - t[0] - t[3] - t[11] + t[13]) + H[7];
    q[7] = BMW_s2(t[1] - t[4] - t[5] - t[12] - t[14]) + H[8];
    q[8] = BMW_s3(t[2] - t[5] - t[6] + t[13] - t[15]) + H[9];
    q[9] = BMW_s4(t[0] - t[3] + t[6] - t[7] + t[14]) + H[10];
    q[10] = BMW_s0(t[8] - t[1] - t[4] - t[7] + t[15]) + H[11];
    q[11] = BMW_s1(t[8] - t[0] - t[2] - t[5] + t[9]) + H[12];
    q[12] = BMW_s2(t[1] + t[3] - t[6] - t[9] + t[10]) + H[13];
    q[13] = BMW_s3(t[2] + t[4] + t[7] + t[10] + t[11]) + H[14];
    q[14] = BMW_s4(t[3] - t[5] + t[8] - t[11] - t[12]) + H[15];
    q[15] = BMW_s0(t[12] - t[4] - t[6] - t[9] + t[13]) + H[0];

    /* f1 (spec 2.2.2) */
    BMW_E1(16);
    BMW_E1(17);
    even = q[2] + q[4] + q[6] + q[8] + q[10] + q[12];  /* + q[14] - q[0] in E2(18) */
    odd = q[3] + q[5] + q[7] + q[9] + q[11] + q[13];
    even += q[0];
    odd += q[1];
    BMW_E2(18, even); BMW_E2(19, odd);
    BMW_E2(20, even); BMW_E2(21, odd);
    BMW_E2(22, even); BMW_E2(23, odd);
    BMW_E2(24, even); BMW_E2(25, odd);
    BMW_E2(26, even); BMW_E2(27, odd);
    BMW_E2(28, even); BMW_E2(29, odd);
    BMW_E2(30, even); BMW_E2(31, odd);
#endif

#ifndef BMW_TINY
    /* f2 (spec 2.2.3): fold Q and M into the new chaining value */
    xl = q[16] ^ q[17] ^ q[18] ^ q[19] ^ q[20] ^ q[21] ^ q[22] ^ q[23];
    xh = xl ^ q[24] ^ q[25] ^ q[26] ^ q[27] ^ q[28] ^ q[29] ^ q[30] ^ q[31];
    H[0] = ((xh << 5) ^ (q[16] >> 5) ^ M[0]) + (xl ^ q[24] ^ q[0]);
    H[1] = ((xh >> 7) ^ (q[17] << 8) ^ M[1]) + (xl ^ q[25] ^ q[1]);
    H[2] = ((xh >> 5) ^ (q[18] << 5) ^ M[2]) + (xl ^ q[26] ^ q[2]);
    H[3] = ((xh >> 1) ^ (q[19] << 5) ^ M[3]) + (xl ^ q[27] ^ q[3]);
    H[4] = ((xh >> 3) ^ q[20] ^ M[4]) + (xl ^ q[28] ^ q[4]);
    H[5] = ((xh << 6) ^ (q[21] >> 6) ^ M[5]) + (xl ^ q[29] ^ q[5]);
    H[6] = ((xh >> 4) ^ (q[22] << 6) ^ M[6]) + (xl ^ q[30] ^ q[6]);
    H[7] = ((xh >> 11) ^ (q[23] << 2) ^ M[7]) + (xl ^ q[31] ^ q[7]);
    H[8] = BMW_ROTL(H[4], 9) + (xh ^ q[24] ^ M[8]) + ((xl << 8) ^ q[23] ^ q[8]);
    H[9] = BMW_ROTL(H[5], 10) + (xh ^ q[25] ^ M[9]) + ((xl >> 6) ^ q[16] ^ q[9]);
    H[10] = BMW_ROTL(H[6], 11) + (xh ^ q[26] ^ M[10]) + ((xl << 6) ^ q[17] ^ q[10]);
    H[11] = BMW_ROTL(H[7], 12) + (xh ^ q[27] ^ M[11]) + ((xl << 4) ^ q[18] ^ q[11]);
    H[12] = BMW_ROTL(H[0], 13) + (xh ^ q[28] ^ M[12]) + ((xl >> 3) ^ q[19] ^ q[12]);
    H[13] = BMW_ROTL(H[1], 14) + (xh ^ q[29] ^ M[13]) + ((xl >> 4) ^ q[20] ^ q[13]);
    H[14] = BMW_ROTL(H[2], 15) + (xh ^ q[30] ^ M[14]) + ((xl >> 7) ^ q[21] ^ q[14]);
    H[15] = BMW_ROTL(H[3], 16) + (xh ^ q[31] ^ M[15]) + ((xl >> 2) ^ q[22] ^ q[15]);
#endif
}

#ifdef BMW_TINY
static void BMW_FN(BMW_W *H, const BMW_W *M)
{
    HB_SCRATCH BMW_W q[32];
    bmw_f01(H, M, q);
    bmw_f2(H, M, q);
}
#endif

#undef BMW_s0
#undef BMW_s1
#undef BMW_s2
#undef BMW_s3
#undef BMW_s4
#undef BMW_s5
#undef BMW_ADD
#undef BMW_E1
#undef BMW_E2
