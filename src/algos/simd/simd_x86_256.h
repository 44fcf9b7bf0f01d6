/*
 * simd_x86_256.h -- the SIMD compression with 256-bit vectors, for the avx2
 * and avx512 forms (impls.toml): their sources set the target and include
 * this once; SY_ROTL and SX_ROTL are vprold under AVX-512VL, shift pairs
 * otherwise.
 *
 * The NTT is simd_x86.h's, step for step and lane for lane (so the bounds
 * its test checks hold here), with sixteen 16-bit lanes to a register: a
 * row j1 of the inner DFTs is one register, and the transpose works inside
 * each 128-bit half, which leaves SIMD-256's outer DFT (8 lanes k1) with
 * inputs j2 and j2 + 8 in the two halves of register j2.  Those two are
 * exactly the pairs of its first level, done with a half swap; the levels
 * after it pair registers, and each half runs the same butterflies.  The
 * outputs are then the rows k2 = 2i, 2i + 1 of y side by side: one store
 * writes Z[2i] and Z[2i + 1].  SIMD-512's transpose ends with an exchange
 * of halves, its outer DFT is one register per j2 and a word of Z one
 * register.
 *
 * Feistel part: SIMD-256 as simd_x86.h; SIMD-512 with A, B, C, D in one
 * register each, the lane permutations j ^ x with x >= 4 a swap of the
 * 128-bit halves before the pshufd.
 */
#ifndef HB_SIMD_X86_256_H
#define HB_SIMD_X86_256_H

#include "simd_x86.h"

#ifndef SY_ROTL
#define SY_ROTL(v, r) _mm256_or_si256(_mm256_slli_epi32(v, r), _mm256_srli_epi32(v, 32 - (r)))
#endif

/* SX_RED, SX_MULR, SX_BF, sx_mult of simd_x86.h on 256 bits */
#define SY_RED(x) _mm256_sub_epi16(_mm256_and_si256(x, _mm256_set1_epi16(255)), _mm256_srai_epi16(x, 8))
#define SY_MULR(x, k)                                                         \
    _mm256_sub_epi16(_mm256_slli_epi16(_mm256_and_si256(x, _mm256_set1_epi16((1 << (8 - (k))) - 1)), k), \
                     _mm256_srai_epi16(x, 8 - (k)))
#define SY_TW(d, e) (((e) & 7) ? SY_MULR(d, (e) & 7) : (d))
#define SY_BF(a, b, e) do {                                                   \
        __m256i d_ = (e) & 8 ? _mm256_sub_epi16(b, a) : _mm256_sub_epi16(a, b); \
        a = _mm256_add_epi16(a, b);                                           \
        b = SY_TW(d_, e);                                                     \
    } while (0)
static inline __m256i sy_mult(__m256i x, __m256i t)
{
    __m256i lo = _mm256_mullo_epi16(x, t), hi = _mm256_mulhi_epi16(x, t);
    return _mm256_add_epi16(hi, _mm256_sub_epi16(_mm256_and_si256(lo, _mm256_set1_epi16(255)),
                                                 _mm256_srli_epi16(lo, 8)));
}

/* levels 1..3 of the 16-point DFT on x[0..7] (one half of SX_DFT16_TAIL) */
#define SY_DFT8_TAIL(x) do {                                                  \
        SY_BF(x[0], x[4], 0); SY_BF(x[1], x[5], 2); SY_BF(x[2], x[6], 4); SY_BF(x[3], x[7], 6);          \
        SY_BF(x[0], x[2], 0); SY_BF(x[1], x[3], 4); SY_BF(x[4], x[6], 0); SY_BF(x[5], x[7], 4);          \
        SY_BF(x[0], x[1], 0); SY_BF(x[2], x[3], 0); SY_BF(x[4], x[5], 0); SY_BF(x[6], x[7], 0);          \
    } while (0)
#define SY_DFT16(x) do {                                                      \
        SY_BF(x[0], x[8], 0); SY_BF(x[1], x[9], 1); SY_BF(x[2], x[10], 2); SY_BF(x[3], x[11], 3);        \
        SY_BF(x[4], x[12], 4); SY_BF(x[5], x[13], 5); SY_BF(x[6], x[14], 6); SY_BF(x[7], x[15], 7);      \
        SY_DFT8_TAIL(x);                                                      \
        SY_DFT8_TAIL((x + 8));                                                \
    } while (0)

/* sx_transpose8 in each 128-bit half: o[c] = column c of the rows' low
 * halves | column c of their high halves */
static inline void sy_transpose8x2(__m256i o[8], const __m256i i0[8])
{
    __m256i a0 = _mm256_unpacklo_epi16(i0[0], i0[1]), a1 = _mm256_unpackhi_epi16(i0[0], i0[1]);
    __m256i a2 = _mm256_unpacklo_epi16(i0[2], i0[3]), a3 = _mm256_unpackhi_epi16(i0[2], i0[3]);
    __m256i a4 = _mm256_unpacklo_epi16(i0[4], i0[5]), a5 = _mm256_unpackhi_epi16(i0[4], i0[5]);
    __m256i a6 = _mm256_unpacklo_epi16(i0[6], i0[7]), a7 = _mm256_unpackhi_epi16(i0[6], i0[7]);
    __m256i b0 = _mm256_unpacklo_epi32(a0, a2), b1 = _mm256_unpackhi_epi32(a0, a2);
    __m256i b2 = _mm256_unpacklo_epi32(a1, a3), b3 = _mm256_unpackhi_epi32(a1, a3);
    __m256i b4 = _mm256_unpacklo_epi32(a4, a6), b5 = _mm256_unpackhi_epi32(a4, a6);
    __m256i b6 = _mm256_unpacklo_epi32(a5, a7), b7 = _mm256_unpackhi_epi32(a5, a7);
    o[0] = _mm256_unpacklo_epi64(b0, b4); o[1] = _mm256_unpackhi_epi64(b0, b4);
    o[2] = _mm256_unpacklo_epi64(b1, b5); o[3] = _mm256_unpackhi_epi64(b1, b5);
    o[4] = _mm256_unpacklo_epi64(b2, b6); o[5] = _mm256_unpackhi_epi64(b2, b6);
    o[6] = _mm256_unpacklo_epi64(b3, b7); o[7] = _mm256_unpackhi_epi64(b3, b7);
}

#define SY_LIFT(v, z185, z233) do {                                           \
        __m256i r_ = SY_RED(SY_RED(v));                                       \
        r_ = _mm256_sub_epi16(r_, _mm256_and_si256(_mm256_cmpgt_epi16(r_, _mm256_set1_epi16(128)), \
                                                   _mm256_set1_epi16(257)));  \
        z185 = _mm256_mullo_epi16(r_, _mm256_set1_epi16(185));                \
        z233 = _mm256_mullo_epi16(r_, _mm256_set1_epi16(233));                \
    } while (0)
#define SY_PAIR_EVEN(a, b) _mm256_or_si256(_mm256_and_si256(a, _mm256_set1_epi32(0xffff)), _mm256_slli_epi32(b, 16))
#define SY_PAIR_ODD(a, b) _mm256_or_si256(_mm256_srli_epi32(a, 16), _mm256_andnot_si256(_mm256_set1_epi32(0xffff), b))

#define SY_ROW(p) _mm256_cvtepu8_epi16(SX_LD(p))
#define SY_TWV(tab, k1) _mm256_load_si256((const __m256i *)(const void *)(tab)[k1])
/* the final block's X^(N-1) (lane 15) and X^(N-3) (lane 13) terms */
#define SY_E(final) _mm256_setr_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (short)((final) != 0), 0, 1)

/* sx_expand4 with 16 lanes a register (see the top of this file) */
static inline void sy_expand4(__m128i Z[32], const uint8_t *m, int final)
{
    static const unsigned char k2[8] = {0, 8, 4, 12, 2, 10, 6, 14};   /* bitrev4 */
    __m256i v[8], r[8], t[8], a, b[8];
    const __m256i e = SY_E(final);
    __m256i d3;
    unsigned c;
    v[0] = SY_ROW(m);
    v[1] = SY_ROW(m + 16);
    v[2] = SY_ROW(m + 32);
    v[3] = SY_ROW(m + 48);
    d3 = _mm256_sub_epi16(v[3], e);
    v[3] = _mm256_add_epi16(v[3], e);
    v[4] = v[0];
    v[5] = SY_MULR(v[1], 2);
    v[6] = SY_MULR(v[2], 4);
    v[7] = SY_MULR(d3, 6);
    SY_BF(v[0], v[2], 0); SY_BF(v[1], v[3], 4); SY_BF(v[4], v[6], 0); SY_BF(v[5], v[7], 4);
    SY_BF(v[0], v[1], 0); SY_BF(v[2], v[3], 0); SY_BF(v[4], v[5], 0); SY_BF(v[6], v[7], 0);
    /* v[p] is row k1 = bitrev3(p); r[k1] reduced, times alpha^(j2 k1) */
    r[0] = SY_RED(v[0]);
    r[4] = sy_mult(v[1], SY_TWV(SIMD_X86_TW128, 4));
    r[2] = sy_mult(v[2], SY_TWV(SIMD_X86_TW128, 2));
    r[6] = sy_mult(v[3], SY_TWV(SIMD_X86_TW128, 6));
    r[1] = sy_mult(v[4], SY_TWV(SIMD_X86_TW128, 1));
    r[5] = sy_mult(v[5], SY_TWV(SIMD_X86_TW128, 5));
    r[3] = sy_mult(v[6], SY_TWV(SIMD_X86_TW128, 3));
    r[7] = sy_mult(v[7], SY_TWV(SIMD_X86_TW128, 7));
    /* t[c] = inputs j2 = c | c + 8 of the outer DFT, lanes k1; its first
     * level pairs the two halves: sum low, (low - high) 2^c high */
    sy_transpose8x2(t, r);
#define SY_HALF_BF(c) do {                                                    \
        __m256i s_ = _mm256_permute4x64_epi64(t[c], 0x4e);                    \
        __m256i d_ = _mm256_sub_epi16(s_, t[c]);                              \
        t[c] = _mm256_blend_epi32(_mm256_add_epi16(t[c], s_), SY_TW(d_, c), 0xf0); \
    } while (0)
    SY_HALF_BF(0); SY_HALF_BF(1); SY_HALF_BF(2); SY_HALF_BF(3);
    SY_HALF_BF(4); SY_HALF_BF(5); SY_HALF_BF(6); SY_HALF_BF(7);
#undef SY_HALF_BF
    SY_DFT8_TAIL(t);
    /* t[c] = y rows k2 = bitrev4(c) | bitrev4(c) + 1 (c < 8: k2 even, so
     * the two are Z[k2], Z[k2 + 1]); the rows q and q + 8 that the 233
     * half pairs are t[c] and t[c + 1] for even c (k2 = q, q + 8) */
    for (c = 0; c < 8; c++) {
        SY_LIFT(t[c], a, b[c]);
        _mm256_storeu_si256((__m256i *)(void *)&Z[k2[c]], a);
    }
    for (c = 0; c < 8; c += 2) {
        _mm256_storeu_si256((__m256i *)(void *)&Z[16 + k2[c]], SY_PAIR_EVEN(b[c], b[c + 1]));
        _mm256_storeu_si256((__m256i *)(void *)&Z[24 + k2[c]], SY_PAIR_ODD(b[c], b[c + 1]));
    }
}

/* sx_expand8 with 16 lanes a register: Z[q] is one register */
static inline void sy_expand8(__m256i Z[32], const uint8_t *m, int final)
{
    static const unsigned char br4[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
    __m256i v[16], r[16], o[2][8], t[16], b[16];
    const __m256i e = SY_E(final);
    __m256i d7;
    unsigned j;
    for (j = 0; j < 8; j++)
        v[j] = SY_ROW(m + 16 * j);
    d7 = _mm256_sub_epi16(v[7], e);
    v[7] = _mm256_add_epi16(v[7], e);
    v[8] = v[0];
    v[9] = SY_MULR(v[1], 1);
    v[10] = SY_MULR(v[2], 2);
    v[11] = SY_MULR(v[3], 3);
    v[12] = SY_MULR(v[4], 4);
    v[13] = SY_MULR(v[5], 5);
    v[14] = SY_MULR(v[6], 6);
    v[15] = SY_MULR(d7, 7);
    SY_DFT8_TAIL(v);
    SY_DFT8_TAIL((v + 8));
    /* v[p] is row k1 = bitrev4(p) */
    r[0] = SY_RED(v[0]);
    for (j = 1; j < 16; j++)
        r[br4[j]] = sy_mult(v[j], SY_TWV(SIMD_X86_TW256, br4[j]));
    /* rows k1 < 8 and k1 >= 8 transposed in the halves, then the halves
     * exchanged: t[j2] lane k1 */
    sy_transpose8x2(o[0], r);
    sy_transpose8x2(o[1], r + 8);
    for (j = 0; j < 8; j++) {
        t[j] = _mm256_permute2x128_si256(o[0][j], o[1][j], 0x20);
        t[j + 8] = _mm256_permute2x128_si256(o[0][j], o[1][j], 0x31);
    }
    SY_DFT16(t);
    /* t[p] = y[16 bitrev4(p) .. + 15] */
    for (j = 0; j < 16; j++)
        SY_LIFT(t[br4[j]], Z[j], b[j]);
    for (j = 0; j < 8; j++) {
        Z[16 + j] = SY_PAIR_EVEN(b[j], b[j + 8]);
        Z[24 + j] = SY_PAIR_ODD(b[j], b[j + 8]);
    }
}

#define SY_IF(a, b, c) _mm256_xor_si256(_mm256_and_si256(_mm256_xor_si256(b, c), a), c)
#define SY_MAJ(a, b, c) _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(_mm256_or_si256(a, b), c))
/* lane j ^ x of t, 8 lanes */
#define SY_PERM8(t, x)                                                        \
    (((x) & 3) ? _mm256_shuffle_epi32((x) & 4 ? _mm256_permute4x64_epi64(t, 0x4e) : (t), SX_PERM(x)) \
               : _mm256_permute4x64_epi64(t, 0x4e))
#define SY_STEP8(A, B, C, D, w, r, s, F, x) do {                              \
        __m256i t_ = SY_ROTL(A, r);                                           \
        D = _mm256_add_epi32(_mm256_add_epi32(D, w), F(A, B, C));             \
        D = _mm256_add_epi32(SY_ROTL(D, s), SY_PERM8(t_, x));                 \
        A = t_;                                                               \
    } while (0)

static inline void sy_block8(uint32_t S[4][8], const uint8_t *m, int final)
{
    __m256i Z[32];
    __m256i F0 = _mm256_loadu_si256((const __m256i *)(const void *)S[0]);
    __m256i F1 = _mm256_loadu_si256((const __m256i *)(const void *)S[1]);
    __m256i F2 = _mm256_loadu_si256((const __m256i *)(const void *)S[2]);
    __m256i F3 = _mm256_loadu_si256((const __m256i *)(const void *)S[3]);
    __m256i X0, X1, X2, X3;
    sy_expand8(Z, m, final);
    X0 = _mm256_xor_si256(F0, _mm256_loadu_si256((const __m256i *)(const void *)m));
    X1 = _mm256_xor_si256(F1, _mm256_loadu_si256((const __m256i *)(const void *)(m + 32)));
    X2 = _mm256_xor_si256(F2, _mm256_loadu_si256((const __m256i *)(const void *)(m + 64)));
    X3 = _mm256_xor_si256(F3, _mm256_loadu_si256((const __m256i *)(const void *)(m + 96)));
    SX_FEISTEL(SY_STEP8, SX_PX8, SY_IF, SY_MAJ, F0, F1, F2, F3);
    _mm256_storeu_si256((__m256i *)(void *)S[0], X0);
    _mm256_storeu_si256((__m256i *)(void *)S[1], X1);
    _mm256_storeu_si256((__m256i *)(void *)S[2], X2);
    _mm256_storeu_si256((__m256i *)(void *)S[3], X3);
}

void hb_simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    if (n == 4) {
        __m128i Z[32];
        sy_expand4(Z, m, final);
        sx_feistel4(S, m, Z);
    } else {
        sy_block8(S, m, final);
    }
}

#endif
