/*
 * simd_x86.h -- the SIMD compression on 128-bit x86 vectors: the sse2
 * form (impls.toml) sets the target and includes this once; the avx2 and
 * avx512 forms take its Feistel part and helpers through simd_x86_256.h.
 * SX_ROTL is vprold under AVX-512VL (one instruction on a Feistel step's
 * critical path instead of two), a shift pair otherwise.
 *
 * Message expansion: the NTT of simd_core.h (../unrolled/), 16 inner DFTs
 * of size R over j1, twiddles alpha^(j2 k1), R outer DFTs of size 16 over
 * j2, computed on 16-bit lanes, eight to a register.  The inner DFTs run
 * side by side, lane j2 each: row j1 of the block (bytes 16 j1 ..
 * 16 j1 + 15) is their j1-th input, so the message loads as it is.  An
 * 8 x 8 transpose per register block then puts k1 in the lanes, so that the
 * outer DFTs run side by side too and their output k2 is the R consecutive
 * values y[R k2 .. R k2 + R - 1]: the words of Z[k2] (and half of those of
 * Z[16 + (k2 mod 8)] and Z[24 + (k2 mod 8)]) without a shuffle.
 *
 * Every value must stay in -2^15..2^15-1: a 16-bit wrap adds +-2^16, which
 * is 1, not 0, mod 257.  So a butterfly's twiddle 2^k is not a shift but
 * SX_MULR, exact mod 257 for any 16-bit input and small on output, and the
 * middle twiddles are a full 16 x 16-bit product reduced (SX_MULT).  The
 * bounds of every step, worst case over all inputs, are checked by
 * tests/python/test_simd_x86_bounds.py, which runs this schedule (and so
 * simd_x86_256.h's, the same per lane) on intervals; change one and the
 * other together.
 *
 * Feistel part: A, B, C, D in one register each (n = 4) or two (n = 8:
 * lanes 0-3 and 4-7); the lane permutation j -> j ^ x of a step is a
 * pshufd, plus which half it reads for n = 8 (x >= 4).
 */
#ifndef HB_SIMD_X86_H
#define HB_SIMD_X86_H

#include <immintrin.h>
#include "simd.h"
#include "simd_tables_x86.h"

#ifndef SX_ROTL
#define SX_ROTL(v, r) _mm_or_si128(_mm_slli_epi32(v, r), _mm_srli_epi32(v, 32 - (r)))
#endif

/* ---- arithmetic mod 257 on 16-bit lanes --------------------------------- */

/* x mod 257 as (x & 255) - (x >> 8) (256 == -1): any x to -128..383 */
#define SX_RED(x) _mm_sub_epi16(_mm_and_si128(x, _mm_set1_epi16(255)), _mm_srai_epi16(x, 8))
/* x 2^k mod 257, 1 <= k <= 7: with x = 2^(8-k) h + l, 0 <= l < 2^(8-k),
 * x 2^k = 256 h + 2^k l == 2^k l - h; exact for any x, |out| <= |x| /
 * 2^(8-k) + 255 */
#define SX_MULR(x, k)                                                         \
    _mm_sub_epi16(_mm_slli_epi16(_mm_and_si128(x, _mm_set1_epi16((1 << (8 - (k))) - 1)), k), \
                  _mm_srai_epi16(x, 8 - (k)))
/* d 2^e mod 257 for the butterfly difference d = a - b (e < 8) or b - a
 * (e >= 8: 2^8 == -1) */
#define SX_TW(d, e) (((e) & 7) ? SX_MULR(d, (e) & 7) : (d))
/* radix-2 decimation-in-frequency butterfly with twiddle 2^e */
#define SX_BF(a, b, e) do {                                                   \
        __m128i d_ = (e) & 8 ? _mm_sub_epi16(b, a) : _mm_sub_epi16(a, b);     \
        a = _mm_add_epi16(a, b);                                              \
        b = SX_TW(d_, e);                                                     \
    } while (0)
/* x t mod 257 for a twiddle |t| <= 128: the 32-bit product is 2^16 hi +
 * lo, 2^16 == 1, and lo (unsigned) == (lo & 255) - (lo >> 8); |out| <=
 * |x t| / 2^16 + 256 */
static inline __m128i sx_mult(__m128i x, __m128i t)
{
    __m128i lo = _mm_mullo_epi16(x, t), hi = _mm_mulhi_epi16(x, t);
    return _mm_add_epi16(hi, _mm_sub_epi16(_mm_and_si128(lo, _mm_set1_epi16(255)),
                                           _mm_srli_epi16(lo, 8)));
}

/* levels 1..3 of a 16-point DFT with root 2 (level 0 is the caller's):
 * x[p] = X[bitrev4(p)] */
#define SX_DFT16_TAIL(x) do {                                                 \
        SX_BF(x[0], x[4], 0); SX_BF(x[1], x[5], 2); SX_BF(x[2], x[6], 4); SX_BF(x[3], x[7], 6);          \
        SX_BF(x[8], x[12], 0); SX_BF(x[9], x[13], 2); SX_BF(x[10], x[14], 4); SX_BF(x[11], x[15], 6);    \
        SX_BF(x[0], x[2], 0); SX_BF(x[1], x[3], 4); SX_BF(x[4], x[6], 0); SX_BF(x[5], x[7], 4);          \
        SX_BF(x[8], x[10], 0); SX_BF(x[9], x[11], 4); SX_BF(x[12], x[14], 0); SX_BF(x[13], x[15], 4);    \
        SX_BF(x[0], x[1], 0); SX_BF(x[2], x[3], 0); SX_BF(x[4], x[5], 0); SX_BF(x[6], x[7], 0);          \
        SX_BF(x[8], x[9], 0); SX_BF(x[10], x[11], 0); SX_BF(x[12], x[13], 0); SX_BF(x[14], x[15], 0);    \
    } while (0)
#define SX_DFT16(x) do {                                                      \
        SX_BF(x[0], x[8], 0); SX_BF(x[1], x[9], 1); SX_BF(x[2], x[10], 2); SX_BF(x[3], x[11], 3);        \
        SX_BF(x[4], x[12], 4); SX_BF(x[5], x[13], 5); SX_BF(x[6], x[14], 6); SX_BF(x[7], x[15], 7);      \
        SX_DFT16_TAIL(x);                                                     \
    } while (0)

/* 8 x 8 transpose of 16-bit lanes: o[c] lane r = i[r] lane c */
static inline void sx_transpose8(__m128i o[8], const __m128i i0[8])
{
    __m128i a0 = _mm_unpacklo_epi16(i0[0], i0[1]), a1 = _mm_unpackhi_epi16(i0[0], i0[1]);
    __m128i a2 = _mm_unpacklo_epi16(i0[2], i0[3]), a3 = _mm_unpackhi_epi16(i0[2], i0[3]);
    __m128i a4 = _mm_unpacklo_epi16(i0[4], i0[5]), a5 = _mm_unpackhi_epi16(i0[4], i0[5]);
    __m128i a6 = _mm_unpacklo_epi16(i0[6], i0[7]), a7 = _mm_unpackhi_epi16(i0[6], i0[7]);
    __m128i b0 = _mm_unpacklo_epi32(a0, a2), b1 = _mm_unpackhi_epi32(a0, a2);
    __m128i b2 = _mm_unpacklo_epi32(a1, a3), b3 = _mm_unpackhi_epi32(a1, a3);
    __m128i b4 = _mm_unpacklo_epi32(a4, a6), b5 = _mm_unpackhi_epi32(a4, a6);
    __m128i b6 = _mm_unpacklo_epi32(a5, a7), b7 = _mm_unpackhi_epi32(a5, a7);
    o[0] = _mm_unpacklo_epi64(b0, b4); o[1] = _mm_unpackhi_epi64(b0, b4);
    o[2] = _mm_unpacklo_epi64(b1, b5); o[3] = _mm_unpackhi_epi64(b1, b5);
    o[4] = _mm_unpacklo_epi64(b2, b6); o[5] = _mm_unpackhi_epi64(b2, b6);
    o[6] = _mm_unpacklo_epi64(b3, b7); o[7] = _mm_unpackhi_epi64(b3, b7);
}

/* the outer DFT's output for the words: y (any 16-bit value) to its
 * centred lift c (-128..128) and 185 c, 233 c mod 2^16.  RED twice gives
 * -1..256, which centres without a third reduction (-1 and 256 are both
 * -1). */
#define SX_LIFT(v, z185, z233) do {                                           \
        __m128i r_ = SX_RED(SX_RED(v));                                       \
        r_ = _mm_sub_epi16(r_, _mm_and_si128(_mm_cmpgt_epi16(r_, _mm_set1_epi16(128)), \
                                             _mm_set1_epi16(257)));           \
        z185 = _mm_mullo_epi16(r_, _mm_set1_epi16(185));                      \
        z233 = _mm_mullo_epi16(r_, _mm_set1_epi16(233));                      \
    } while (0)
/* Z[16 + q] and Z[24 + q] from 233 y of rows q and q + 8: the even (q <
 * 8) or odd 16-bit lanes of each, row q's in the low halves */
#define SX_PAIR_EVEN(a, b) _mm_or_si128(_mm_and_si128(a, _mm_set1_epi32(0xffff)), _mm_slli_epi32(b, 16))
#define SX_PAIR_ODD(a, b) _mm_or_si128(_mm_srli_epi32(a, 16), _mm_andnot_si128(_mm_set1_epi32(0xffff), b))

#define SX_LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define SX_TWV(tab, k1, h) _mm_load_si128((const __m128i *)(const void *)&(tab)[k1][8 * (h)])

/*
 * Expansion of a 64-byte block (N = 128, R = 8) into Z[0..31].  Inner DFT:
 * 8 points, root alpha^16 = 4; inputs j1 = 0..3 are the block's rows,
 * 4..6 are zero and 7 holds the X^127 (lane 15) and final X^125 (lane 13)
 * terms, so the first level is the rows and the rows times 4^j1.
 */
static inline void sx_expand4(__m128i Z[32], const uint8_t *m, int final)
{
    __m128i x[2][8], t[16];
    const __m128i zero = _mm_setzero_si128();
    const __m128i e = _mm_setr_epi16(0, 0, 0, 0, 0, (short)(final != 0), 0, 1);
    unsigned h, j;
    for (j = 0; j < 4; j++) {
        __m128i r = SX_LD(m + 16 * j);
        x[0][j] = _mm_unpacklo_epi8(r, zero);
        x[1][j] = _mm_unpackhi_epi8(r, zero);
    }
    for (h = 0; h < 2; h++) {
        __m128i *v = x[h];
        __m128i d3 = h ? _mm_sub_epi16(v[3], e) : v[3];
        if (h) v[3] = _mm_add_epi16(v[3], e);
        v[4] = v[0];
        v[5] = SX_MULR(v[1], 2);
        v[6] = SX_MULR(v[2], 4);
        v[7] = SX_MULR(d3, 6);
        SX_BF(v[0], v[2], 0); SX_BF(v[1], v[3], 4); SX_BF(v[4], v[6], 0); SX_BF(v[5], v[7], 4);
        SX_BF(v[0], v[1], 0); SX_BF(v[2], v[3], 0); SX_BF(v[4], v[5], 0); SX_BF(v[6], v[7], 0);
        /* v[p] is row k1 = bitrev3(p): reduce it, times alpha^(j2 k1) */
        v[0] = SX_RED(v[0]);
        v[1] = sx_mult(v[1], SX_TWV(SIMD_X86_TW128, 4, h));
        v[2] = sx_mult(v[2], SX_TWV(SIMD_X86_TW128, 2, h));
        v[3] = sx_mult(v[3], SX_TWV(SIMD_X86_TW128, 6, h));
        v[4] = sx_mult(v[4], SX_TWV(SIMD_X86_TW128, 1, h));
        v[5] = sx_mult(v[5], SX_TWV(SIMD_X86_TW128, 5, h));
        v[6] = sx_mult(v[6], SX_TWV(SIMD_X86_TW128, 3, h));
        v[7] = sx_mult(v[7], SX_TWV(SIMD_X86_TW128, 7, h));
    }
    /* rows in k1 order, transposed: t[j2] lane k1 */
    for (h = 0; h < 2; h++) {
        __m128i r[8];
        r[0] = x[h][0]; r[1] = x[h][4]; r[2] = x[h][2]; r[3] = x[h][6];
        r[4] = x[h][1]; r[5] = x[h][5]; r[6] = x[h][3]; r[7] = x[h][7];
        sx_transpose8(t + 8 * h, r);
    }
    SX_DFT16(t);
    /* t[p] = y[8 bitrev4(p) .. + 7] */
    {
        __m128i a[16], b[16];
        static const unsigned char br4[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
        for (j = 0; j < 16; j++) {
            SX_LIFT(t[br4[j]], a[j], b[j]);
            Z[j] = a[j];
        }
        for (j = 0; j < 8; j++) {
            Z[16 + j] = SX_PAIR_EVEN(b[j], b[j + 8]);
            Z[24 + j] = SX_PAIR_ODD(b[j], b[j + 8]);
        }
    }
}

/*
 * Expansion of a 128-byte block (N = 256, R = 16) into Z[0..31], two
 * registers a word (lanes 0-3, 4-7).  Inner DFT: 16 points, root alpha^16
 * = 2; inputs j1 = 0..7 are the block's rows, 8..14 zero, 15 the X^255 and
 * final X^253 terms.  Its output row k1 and the outer DFTs split in two
 * groups of eight lanes: g = 0 holds k1 = 0..7, g = 1 k1 = 8..15.
 */
static inline void sx_expand8(__m128i Z[32][2], const uint8_t *m, int final)
{
    __m128i x[2][16], t[2][16];
    const __m128i zero = _mm_setzero_si128();
    const __m128i e = _mm_setr_epi16(0, 0, 0, 0, 0, (short)(final != 0), 0, 1);
    static const unsigned char br4[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
    unsigned h, g, j;
    for (j = 0; j < 8; j++) {
        __m128i r = SX_LD(m + 16 * j);
        x[0][j] = _mm_unpacklo_epi8(r, zero);
        x[1][j] = _mm_unpackhi_epi8(r, zero);
    }
    for (h = 0; h < 2; h++) {
        __m128i *v = x[h];
        __m128i d7 = h ? _mm_sub_epi16(v[7], e) : v[7];
        if (h) v[7] = _mm_add_epi16(v[7], e);
        v[8] = v[0];
        v[9] = SX_MULR(v[1], 1);
        v[10] = SX_MULR(v[2], 2);
        v[11] = SX_MULR(v[3], 3);
        v[12] = SX_MULR(v[4], 4);
        v[13] = SX_MULR(v[5], 5);
        v[14] = SX_MULR(v[6], 6);
        v[15] = SX_MULR(d7, 7);
        SX_DFT16_TAIL(v);
        /* v[p] is row k1 = bitrev4(p): reduce it, times alpha^(j2 k1) */
        v[0] = SX_RED(v[0]);
        for (j = 1; j < 16; j++)
            v[j] = sx_mult(v[j], SX_TWV(SIMD_X86_TW256, br4[j], h));
    }
    for (g = 0; g < 2; g++)
        for (h = 0; h < 2; h++) {
            __m128i r[8];
            for (j = 0; j < 8; j++)
                r[j] = x[h][br4[8 * g + j]];
            sx_transpose8(t[g] + 8 * h, r);
        }
    SX_DFT16(t[0]);
    SX_DFT16(t[1]);
    /* t[g][p] = y[16 bitrev4(p) + 8 g .. + 7] */
    {
        __m128i b[2][16];
        for (j = 0; j < 16; j++)
            for (g = 0; g < 2; g++)
                SX_LIFT(t[g][br4[j]], Z[j][g], b[g][j]);
        for (j = 0; j < 8; j++)
            for (g = 0; g < 2; g++) {
                Z[16 + j][g] = SX_PAIR_EVEN(b[g][j], b[g][j + 8]);
                Z[24 + j][g] = SX_PAIR_ODD(b[g][j], b[g][j + 8]);
            }
    }
}

/* ---- the Feistel part ---------------------------------------------------- */

#define SX_IF(a, b, c) _mm_xor_si128(_mm_and_si128(_mm_xor_si128(b, c), a), c)
#define SX_MAJ(a, b, c) _mm_or_si128(_mm_and_si128(a, b), _mm_and_si128(_mm_or_si128(a, b), c))
/* pshufd immediate of the lane permutation j -> j ^ x within 4 lanes */
#define SX_PERM(x) (((x) & 3) | (((x) & 3) ^ 1) << 2 | (((x) & 3) ^ 2) << 4 | (((x) & 3) ^ 3) << 6)

/* one step on 4 lanes: D <- ((D + w + F(A, B, C)) <<< s) + (A <<< r) of
 * lane j ^ x, A <- A <<< r; the caller renames (D, A, B, C) as the new
 * (A, B, C, D) */
#define SX_STEP4(A, B, C, D, w, r, s, F, x) do {                              \
        __m128i t_ = SX_ROTL(A, r);                                           \
        D = _mm_add_epi32(_mm_add_epi32(D, w), F(A, B, C));                   \
        D = _mm_add_epi32(SX_ROTL(D, s), _mm_shuffle_epi32(t_, SX_PERM(x)));  \
        A = t_;                                                               \
    } while (0)
/* the same on 8 lanes, two registers each (lanes 0-3 in ..0, 4-7 in ..1):
 * x >= 4 takes the other register's lanes */
#define SX_STEP8(A, B, C, D, w, r, s, F, x) do {                              \
        __m128i t0_ = SX_ROTL(A##0, r), t1_ = SX_ROTL(A##1, r);               \
        D##0 = _mm_add_epi32(_mm_add_epi32(D##0, (w)[0]), F(A##0, B##0, C##0)); \
        D##1 = _mm_add_epi32(_mm_add_epi32(D##1, (w)[1]), F(A##1, B##1, C##1)); \
        D##0 = _mm_add_epi32(SX_ROTL(D##0, s), _mm_shuffle_epi32((x) & 4 ? t1_ : t0_, SX_PERM(x))); \
        D##1 = _mm_add_epi32(SX_ROTL(D##1, s), _mm_shuffle_epi32((x) & 4 ? t0_ : t1_, SX_PERM(x))); \
        A##0 = t0_;                                                           \
        A##1 = t1_;                                                           \
    } while (0)

/* lane permutations of step i (simd_core.h) */
#define SX_PX4(i) ((i) % 3 == 0 ? 1 : (i) % 3 == 1 ? 2 : 3)
#define SX_PX8(i) ((i) % 7 == 0 ? 1 : (i) % 7 == 1 ? 6 : (i) % 7 == 2 ? 2 : \
                   (i) % 7 == 3 ? 3 : (i) % 7 == 4 ? 5 : (i) % 7 == 5 ? 7 : 4)

/* the 8 steps of round rd, rotations (r, s, t, u); W[i] the word of step i
 * (the expansion's Z in step order, simd_kernel.h's SIMD_ZORDER) */
#define SX_ROUND(STEP, PX, FI, FM, rd, r, s, t, u) do {                       \
        STEP(X0, X1, X2, X3, SX_W(8 * rd + 0), r, s, FI, PX(8 * rd + 0));     \
        STEP(X3, X0, X1, X2, SX_W(8 * rd + 1), s, t, FI, PX(8 * rd + 1));     \
        STEP(X2, X3, X0, X1, SX_W(8 * rd + 2), t, u, FI, PX(8 * rd + 2));     \
        STEP(X1, X2, X3, X0, SX_W(8 * rd + 3), u, r, FI, PX(8 * rd + 3));     \
        STEP(X0, X1, X2, X3, SX_W(8 * rd + 4), r, s, FM, PX(8 * rd + 4));     \
        STEP(X3, X0, X1, X2, SX_W(8 * rd + 5), s, t, FM, PX(8 * rd + 5));     \
        STEP(X2, X3, X0, X1, SX_W(8 * rd + 6), t, u, FM, PX(8 * rd + 6));     \
        STEP(X1, X2, X3, X0, SX_W(8 * rd + 7), u, r, FM, PX(8 * rd + 7));     \
    } while (0)
/* which expanded word Z[q] step i takes (the spec's permutation, 2.1.3;
 * SIMD_ZORDER of simd_kernel.h): read at constant indices, so folded */
static const unsigned char sx_zorder[32] = {
    4, 6, 0, 2, 7, 5, 3, 1, 15, 11, 12, 8, 9, 13, 10, 14,
    17, 18, 23, 20, 22, 21, 16, 19, 30, 24, 25, 31, 27, 29, 28, 26
};
#define SX_W(i) Z[sx_zorder[i]]

/* rotations of the tweaked version (SIMD 1.1 spec), the 32 steps and the
 * 4 feed-forward steps, whose words are the old chaining value F */
#define SX_FEISTEL(STEP, PX, FI, FM, F0, F1, F2, F3) do {                     \
        SX_ROUND(STEP, PX, FI, FM, 0, 3, 23, 17, 27);                         \
        SX_ROUND(STEP, PX, FI, FM, 1, 28, 19, 22, 7);                         \
        SX_ROUND(STEP, PX, FI, FM, 2, 29, 9, 15, 5);                          \
        SX_ROUND(STEP, PX, FI, FM, 3, 4, 13, 10, 25);                         \
        STEP(X0, X1, X2, X3, F0, 4, 13, FI, PX(32));                          \
        STEP(X3, X0, X1, X2, F1, 13, 10, FI, PX(33));                         \
        STEP(X2, X3, X0, X1, F2, 10, 25, FI, PX(34));                         \
        STEP(X1, X2, X3, X0, F3, 25, 4, FI, PX(35));                          \
    } while (0)

/* the Feistel part of a 64-byte block m, expanded into Z */
static inline void sx_feistel4(uint32_t S[4][8], const uint8_t *m, const __m128i Z[32])
{
    __m128i F0 = SX_LD(S[0]), F1 = SX_LD(S[1]), F2 = SX_LD(S[2]), F3 = SX_LD(S[3]);
    __m128i X0, X1, X2, X3;
    X0 = _mm_xor_si128(F0, SX_LD(m));
    X1 = _mm_xor_si128(F1, SX_LD(m + 16));
    X2 = _mm_xor_si128(F2, SX_LD(m + 32));
    X3 = _mm_xor_si128(F3, SX_LD(m + 48));
    SX_FEISTEL(SX_STEP4, SX_PX4, SX_IF, SX_MAJ, F0, F1, F2, F3);
    _mm_storeu_si128((__m128i *)(void *)S[0], X0);
    _mm_storeu_si128((__m128i *)(void *)S[1], X1);
    _mm_storeu_si128((__m128i *)(void *)S[2], X2);
    _mm_storeu_si128((__m128i *)(void *)S[3], X3);
}

static inline void sx_block4(uint32_t S[4][8], const uint8_t *m, int final)
{
    __m128i Z[32];
    sx_expand4(Z, m, final);
    sx_feistel4(S, m, Z);
}


static inline void sx_block8(uint32_t S[4][8], const uint8_t *m, int final)
{
    __m128i Z[32][2];
    __m128i F0[2], F1[2], F2[2], F3[2];
    __m128i X00, X01, X10, X11, X20, X21, X30, X31;
    F0[0] = SX_LD(S[0]); F0[1] = SX_LD(S[0] + 4);
    F1[0] = SX_LD(S[1]); F1[1] = SX_LD(S[1] + 4);
    F2[0] = SX_LD(S[2]); F2[1] = SX_LD(S[2] + 4);
    F3[0] = SX_LD(S[3]); F3[1] = SX_LD(S[3] + 4);
    sx_expand8(Z, m, final);
    X00 = _mm_xor_si128(F0[0], SX_LD(m));
    X01 = _mm_xor_si128(F0[1], SX_LD(m + 16));
    X10 = _mm_xor_si128(F1[0], SX_LD(m + 32));
    X11 = _mm_xor_si128(F1[1], SX_LD(m + 48));
    X20 = _mm_xor_si128(F2[0], SX_LD(m + 64));
    X21 = _mm_xor_si128(F2[1], SX_LD(m + 80));
    X30 = _mm_xor_si128(F3[0], SX_LD(m + 96));
    X31 = _mm_xor_si128(F3[1], SX_LD(m + 112));
    SX_FEISTEL(SX_STEP8, SX_PX8, SX_IF, SX_MAJ, F0, F1, F2, F3);
    _mm_storeu_si128((__m128i *)(void *)S[0], X00);
    _mm_storeu_si128((__m128i *)(void *)(S[0] + 4), X01);
    _mm_storeu_si128((__m128i *)(void *)S[1], X10);
    _mm_storeu_si128((__m128i *)(void *)(S[1] + 4), X11);
    _mm_storeu_si128((__m128i *)(void *)S[2], X20);
    _mm_storeu_si128((__m128i *)(void *)(S[2] + 4), X21);
    _mm_storeu_si128((__m128i *)(void *)S[3], X30);
    _mm_storeu_si128((__m128i *)(void *)(S[3] + 4), X31);
}

#endif
