/* x86 SIMD pieces of the K12 leaf kernels (avx2/, avx512/; see
 * impls.toml): TurboSHAKE(S_i, D=0x0B) of 4 or 8 whole 8192-byte leaves
 * side by side, one Keccak-p[1600, 12] state per 64-bit element of a
 * vector.  Vector k holds lane k of every state, so each step of a round is
 * the scalar one (keccak/keccakp1600_lanes.h) applied to all states at once.
 * A block's lanes are brought into that form by 4x4 transposes of 64-bit
 * words (two of them joined for the 8-way kernel).
 *
 * Every function carries its own target attribute, so the library builds
 * with plain -O2; only a CPU with the features (the dispatch checks,
 * src/common/hb_dispatch.h) may call them.  Included by the kernel folders
 * only; on other CPUs they compile to nothing. */
#ifndef HB_K12_X86_H
#define HB_K12_X86_H

#if defined(__x86_64__) || defined(__i386__)
#define HB_KX_X86 1
#include "k12_serial.h"
#include "../../common/hb_util.h"
#include <immintrin.h>

#define HB_KX_AVX2 __attribute__((target("avx2")))
#define HB_KX_AVX512 __attribute__((target("avx2,avx512f")))
#define HB_KX_INLINE __attribute__((always_inline)) inline

/* The round constants of Keccak-p[1600, 12]: RC[12..23] of FIPS 202
 * sec. 3.2.5 (the rc(t) LFSR), the last 12 of Keccak-f[1600]'s 24, as
 * RFC 9861 sec. 2.2 takes them for TurboSHAKE. */
static const uint64_t hb_kx_rc[12] = {
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

/* The 12 rounds over s[0..25) (lane (x, y) at s[x + 5y]), written once for
 * both widths over the operations KX_XOR, KX_XOR5, KX_ROL (by a constant),
 * KX_CHI (a ^ (~b & c)) and KX_RC (a round constant in every element).
 * The lanes live in named variables so that the compiler keeps what fits
 * in registers there (all 25 with AVX-512's 32). */
#define HB_KX_PERMUTE(V, s)                                                                    \
    do {                                                                                       \
        V a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3], a4 = s[4], a5 = s[5], a6 = s[6];         \
        V a7 = s[7], a8 = s[8], a9 = s[9], a10 = s[10], a11 = s[11], a12 = s[12];              \
        V a13 = s[13], a14 = s[14], a15 = s[15], a16 = s[16], a17 = s[17], a18 = s[18];        \
        V a19 = s[19], a20 = s[20], a21 = s[21], a22 = s[22], a23 = s[23], a24 = s[24];        \
        V c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;                                              \
        V b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12;                               \
        V b13, b14, b15, b16, b17, b18, b19, b20, b21, b22, b23, b24;                          \
        unsigned r_;                                                                           \
        for (r_ = 0; r_ < 12; r_++) {                                                          \
            /* theta */                                                                        \
            c0 = KX_XOR5(a0, a5, a10, a15, a20);                                               \
            c1 = KX_XOR5(a1, a6, a11, a16, a21);                                               \
            c2 = KX_XOR5(a2, a7, a12, a17, a22);                                               \
            c3 = KX_XOR5(a3, a8, a13, a18, a23);                                               \
            c4 = KX_XOR5(a4, a9, a14, a19, a24);                                               \
            d0 = KX_XOR(c4, KX_ROL(c1, 1));                                                    \
            d1 = KX_XOR(c0, KX_ROL(c2, 1));                                                    \
            d2 = KX_XOR(c1, KX_ROL(c3, 1));                                                    \
            d3 = KX_XOR(c2, KX_ROL(c4, 1));                                                    \
            d4 = KX_XOR(c3, KX_ROL(c0, 1));                                                    \
            /* rho and pi: b[y + 5 ((2x + 3y) mod 5)] = rot(a[x + 5y]) */                      \
            b0 = KX_XOR(a0, d0);                                                               \
            b16 = KX_ROL(KX_XOR(a5, d0), 36);                                                  \
            b7 = KX_ROL(KX_XOR(a10, d0), 3);                                                   \
            b23 = KX_ROL(KX_XOR(a15, d0), 41);                                                 \
            b14 = KX_ROL(KX_XOR(a20, d0), 18);                                                 \
            b10 = KX_ROL(KX_XOR(a1, d1), 1);                                                   \
            b1 = KX_ROL(KX_XOR(a6, d1), 44);                                                   \
            b17 = KX_ROL(KX_XOR(a11, d1), 10);                                                 \
            b8 = KX_ROL(KX_XOR(a16, d1), 45);                                                  \
            b24 = KX_ROL(KX_XOR(a21, d1), 2);                                                  \
            b20 = KX_ROL(KX_XOR(a2, d2), 62);                                                  \
            b11 = KX_ROL(KX_XOR(a7, d2), 6);                                                   \
            b2 = KX_ROL(KX_XOR(a12, d2), 43);                                                  \
            b18 = KX_ROL(KX_XOR(a17, d2), 15);                                                 \
            b9 = KX_ROL(KX_XOR(a22, d2), 61);                                                  \
            b5 = KX_ROL(KX_XOR(a3, d3), 28);                                                   \
            b21 = KX_ROL(KX_XOR(a8, d3), 55);                                                  \
            b12 = KX_ROL(KX_XOR(a13, d3), 25);                                                 \
            b3 = KX_ROL(KX_XOR(a18, d3), 21);                                                  \
            b19 = KX_ROL(KX_XOR(a23, d3), 56);                                                 \
            b15 = KX_ROL(KX_XOR(a4, d4), 27);                                                  \
            b6 = KX_ROL(KX_XOR(a9, d4), 20);                                                   \
            b22 = KX_ROL(KX_XOR(a14, d4), 39);                                                 \
            b13 = KX_ROL(KX_XOR(a19, d4), 8);                                                  \
            b4 = KX_ROL(KX_XOR(a24, d4), 14);                                                  \
            /* chi, then iota */                                                               \
            a0 = KX_XOR(KX_CHI(b0, b1, b2), KX_RC(hb_kx_rc[r_]));                              \
            a1 = KX_CHI(b1, b2, b3);                                                           \
            a2 = KX_CHI(b2, b3, b4);                                                           \
            a3 = KX_CHI(b3, b4, b0);                                                           \
            a4 = KX_CHI(b4, b0, b1);                                                           \
            a5 = KX_CHI(b5, b6, b7);                                                           \
            a6 = KX_CHI(b6, b7, b8);                                                           \
            a7 = KX_CHI(b7, b8, b9);                                                           \
            a8 = KX_CHI(b8, b9, b5);                                                           \
            a9 = KX_CHI(b9, b5, b6);                                                           \
            a10 = KX_CHI(b10, b11, b12);                                                       \
            a11 = KX_CHI(b11, b12, b13);                                                       \
            a12 = KX_CHI(b12, b13, b14);                                                       \
            a13 = KX_CHI(b13, b14, b10);                                                       \
            a14 = KX_CHI(b14, b10, b11);                                                       \
            a15 = KX_CHI(b15, b16, b17);                                                       \
            a16 = KX_CHI(b16, b17, b18);                                                       \
            a17 = KX_CHI(b17, b18, b19);                                                       \
            a18 = KX_CHI(b18, b19, b15);                                                       \
            a19 = KX_CHI(b19, b15, b16);                                                       \
            a20 = KX_CHI(b20, b21, b22);                                                       \
            a21 = KX_CHI(b21, b22, b23);                                                       \
            a22 = KX_CHI(b22, b23, b24);                                                       \
            a23 = KX_CHI(b23, b24, b20);                                                       \
            a24 = KX_CHI(b24, b20, b21);                                                       \
        }                                                                                      \
        s[0] = a0, s[1] = a1, s[2] = a2, s[3] = a3, s[4] = a4, s[5] = a5, s[6] = a6;           \
        s[7] = a7, s[8] = a8, s[9] = a9, s[10] = a10, s[11] = a11, s[12] = a12;                \
        s[13] = a13, s[14] = a14, s[15] = a15, s[16] = a16, s[17] = a17, s[18] = a18;          \
        s[19] = a19, s[20] = a20, s[21] = a21, s[22] = a22, s[23] = a23, s[24] = a24;          \
    } while (0)

/* ---- 4 states in __m256i ---- */

/* rotations by 8 and 56 move whole bytes: one shuffle instead of two
 * shifts and an or */
static HB_KX_INLINE HB_KX_AVX2 __m256i hb_kx4_rol(__m256i x, int n)
{
    if (n == 8)
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14,
                                                       7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    if (n == 56)
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                                       1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    return _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - n));
}

#define KX_XOR(a, b) _mm256_xor_si256((a), (b))
#define KX_XOR5(a, b, c, d, e) KX_XOR(KX_XOR(KX_XOR(a, b), KX_XOR(c, d)), e)
#define KX_ROL(x, n) hb_kx4_rol((x), (n))
#define KX_CHI(a, b, c) KX_XOR((a), _mm256_andnot_si256((b), (c)))
#define KX_RC(k) _mm256_set1_epi64x((long long)(k))
static inline HB_KX_AVX2 void hb_kx4_permute(__m256i s[25])
{
    HB_KX_PERMUTE(__m256i, s);
}
#undef KX_XOR
#undef KX_XOR5
#undef KX_ROL
#undef KX_CHI
#undef KX_RC

/* lanes k..k+3 of the 4 leaves at p, p + stride, ... as 4 vectors, vector
 * j holding lane k + j of every leaf */
static HB_KX_INLINE HB_KX_AVX2 void hb_kx4_load4(const uint8_t *p, size_t stride, __m256i out[4])
{
    __m256i r0 = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i r1 = _mm256_loadu_si256((const __m256i *)(const void *)(p + stride));
    __m256i r2 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 2 * stride));
    __m256i r3 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 3 * stride));
    __m256i t0 = _mm256_unpacklo_epi64(r0, r1); /* l0 of 0,1 | l2 of 0,1 */
    __m256i t1 = _mm256_unpackhi_epi64(r0, r1); /* l1 of 0,1 | l3 of 0,1 */
    __m256i t2 = _mm256_unpacklo_epi64(r2, r3);
    __m256i t3 = _mm256_unpackhi_epi64(r2, r3);
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* s[0..lanes) ^= the first `lanes` lanes of the 4 leaves at p (stride apart) */
static HB_KX_INLINE HB_KX_AVX2 void hb_kx4_absorb(__m256i s[25], const uint8_t *p, size_t stride, unsigned lanes)
{
    __m256i t[4];
    unsigned k, j;
    for (k = 0; k + 4 <= lanes; k += 4) {
        hb_kx4_load4(p + 8 * k, stride, t);
        for (j = 0; j < 4; j++) s[k + j] = _mm256_xor_si256(s[k + j], t[j]);
    }
    for (; k < lanes; k++)
        s[k] = _mm256_xor_si256(s[k], _mm256_set_epi64x((long long)hb_load64_le(p + 3 * stride + 8 * k),
                                                        (long long)hb_load64_le(p + 2 * stride + 8 * k),
                                                        (long long)hb_load64_le(p + stride + 8 * k),
                                                        (long long)hb_load64_le(p + 8 * k)));
}

/* the CVs of 4 whole leaves at in (HB_KT_LEAF apart) to cv, cv_len apart */
static inline HB_KX_AVX2 void hb_kx4_leaves(const uint8_t *in, unsigned cv_len, uint8_t *cv)
{
    __m256i s[25];
    uint64_t out[4];
    unsigned rate = 200 - cv_len, k, j, pos; /* capacity = cv_len bytes */
    for (k = 0; k < 25; k++) s[k] = _mm256_setzero_si256();
    for (pos = 0; pos + rate <= HB_KT_LEAF; pos += rate) {
        hb_kx4_absorb(s, in + pos, HB_KT_LEAF, rate / 8);
        hb_kx4_permute(s);
    }
    /* the rest of the leaf is whole lanes (8192 mod 168 = 128, mod 136 = 32),
     * then TurboSHAKE's padding: D = 0x0B after it, 0x80 in the last byte */
    hb_kx4_absorb(s, in + pos, HB_KT_LEAF, (HB_KT_LEAF - pos) / 8);
    k = (HB_KT_LEAF - pos) / 8;
    s[k] = _mm256_xor_si256(s[k], _mm256_set1_epi64x(0x0B));
    s[rate / 8 - 1] = _mm256_xor_si256(s[rate / 8 - 1], _mm256_set1_epi64x((long long)0x8000000000000000ULL));
    hb_kx4_permute(s);
    for (k = 0; k < cv_len / 8; k++) {
        _mm256_storeu_si256((__m256i *)(void *)out, s[k]);
        for (j = 0; j < 4; j++) hb_store64_le(cv + j * cv_len + 8 * k, out[j]);
    }
}

/* ---- 8 states in __m512i: vprolq rotates, vpternlogq does the 3-input
 * xor of theta and chi's a ^ (~b & c) in one instruction each ---- */

#define KX_XOR(a, b) _mm512_xor_si512((a), (b))
/* truth tables over (a, b, c) = (0xF0, 0xCC, 0xAA): a ^ b ^ c = 0x96,
 * a ^ (~b & c) = 0xD2 */
#define KX_XOR5(a, b, c, d, e) _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define KX_ROL(x, n) _mm512_rol_epi64((x), (n))
#define KX_CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2)
#define KX_RC(k) _mm512_set1_epi64((long long)(k))
static inline HB_KX_AVX512 void hb_kx8_permute(__m512i s[25])
{
    HB_KX_PERMUTE(__m512i, s);
}
#undef KX_XOR
#undef KX_XOR5
#undef KX_ROL
#undef KX_CHI
#undef KX_RC

/* the AVX2 4x4 transpose again, compiled for this target (inlined) */
static HB_KX_INLINE HB_KX_AVX512 void hb_kx8_load4(const uint8_t *p, size_t stride, __m256i out[4])
{
    __m256i r0 = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i r1 = _mm256_loadu_si256((const __m256i *)(const void *)(p + stride));
    __m256i r2 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 2 * stride));
    __m256i r3 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 3 * stride));
    __m256i t0 = _mm256_unpacklo_epi64(r0, r1);
    __m256i t1 = _mm256_unpackhi_epi64(r0, r1);
    __m256i t2 = _mm256_unpacklo_epi64(r2, r3);
    __m256i t3 = _mm256_unpackhi_epi64(r2, r3);
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* s[0..lanes) ^= the first `lanes` lanes of the 8 leaves at p (stride
 * apart): leaves 0-3 in the low half of each vector, 4-7 in the high */
static HB_KX_INLINE HB_KX_AVX512 void hb_kx8_absorb(__m512i s[25], const uint8_t *p, size_t stride, unsigned lanes)
{
    __m256i lo[4], hi[4];
    unsigned k, j;
    for (k = 0; k + 4 <= lanes; k += 4) {
        hb_kx8_load4(p + 8 * k, stride, lo);
        hb_kx8_load4(p + 4 * stride + 8 * k, stride, hi);
        for (j = 0; j < 4; j++)
            s[k + j] = _mm512_xor_si512(s[k + j], _mm512_inserti64x4(_mm512_castsi256_si512(lo[j]), hi[j], 1));
    }
    for (; k < lanes; k++)
        s[k] = _mm512_xor_si512(s[k], _mm512_set_epi64((long long)hb_load64_le(p + 7 * stride + 8 * k),
                                                       (long long)hb_load64_le(p + 6 * stride + 8 * k),
                                                       (long long)hb_load64_le(p + 5 * stride + 8 * k),
                                                       (long long)hb_load64_le(p + 4 * stride + 8 * k),
                                                       (long long)hb_load64_le(p + 3 * stride + 8 * k),
                                                       (long long)hb_load64_le(p + 2 * stride + 8 * k),
                                                       (long long)hb_load64_le(p + stride + 8 * k),
                                                       (long long)hb_load64_le(p + 8 * k)));
}

/* the CVs of 8 whole leaves at in (HB_KT_LEAF apart) to cv, cv_len apart */
static inline HB_KX_AVX512 void hb_kx8_leaves(const uint8_t *in, unsigned cv_len, uint8_t *cv)
{
    __m512i s[25];
    uint64_t out[8];
    unsigned rate = 200 - cv_len, k, j, pos; /* capacity = cv_len bytes */
    for (k = 0; k < 25; k++) s[k] = _mm512_setzero_si512();
    for (pos = 0; pos + rate <= HB_KT_LEAF; pos += rate) {
        hb_kx8_absorb(s, in + pos, HB_KT_LEAF, rate / 8);
        hb_kx8_permute(s);
    }
    /* as in hb_kx4_leaves: whole lanes left, then the padding */
    hb_kx8_absorb(s, in + pos, HB_KT_LEAF, (HB_KT_LEAF - pos) / 8);
    k = (HB_KT_LEAF - pos) / 8;
    s[k] = _mm512_xor_si512(s[k], _mm512_set1_epi64(0x0B));
    s[rate / 8 - 1] = _mm512_xor_si512(s[rate / 8 - 1], _mm512_set1_epi64((long long)0x8000000000000000ULL));
    hb_kx8_permute(s);
    for (k = 0; k < cv_len / 8; k++) {
        _mm512_storeu_si512((void *)out, s[k]);
        for (j = 0; j < 8; j++) hb_store64_le(cv + j * cv_len + 8 * k, out[j]);
    }
}

#else
#define HB_KX_X86 0
#endif

#endif
