/* x86 SIMD pieces of the BLAKE3 kernels (sse41/, avx2/, avx512/; see
 * impls.toml): one compression in rows (blake3_x86_rows.h), and hash_many
 * (blake3.h) with one chain per vector lane, 4, 8 or 16 at a time.
 *
 * Lane-wise, a chain is the scalar compression word for word: vector k of
 * the state holds state word k of every chain, vector j of the message
 * holds message word j of every chain's current block.  The message is
 * brought into that form by transposing the blocks of the chains (4x4,
 * 8x8 or 16x16 words), and the chaining values back the same way.
 *
 * Every function carries its own target attribute, so the library builds
 * with plain -O2; only a CPU with the features (the dispatch checks,
 * src/common/hb_dispatch.h) may call them.  Included by the kernel folders
 * only; on other CPUs they compile to nothing. */
#ifndef HB_BLAKE3_X86_H
#define HB_BLAKE3_X86_H

#include "blake3.h"
#include "../../common/hb_util.h"

#if defined(__x86_64__) || defined(__i386__)
#define HB3_X86 1
#include <immintrin.h>

#define HB3_SSE41 __attribute__((target("ssse3,sse4.1")))
/* the helpers take arrays by pointer: inlined, the arrays stay in registers */
#define HB3_INLINE __attribute__((always_inline)) inline
#define HB3_AVX2 __attribute__((target("ssse3,sse4.1,avx2")))
#define HB3_AVX512 __attribute__((target("ssse3,sse4.1,avx2,avx512f,avx512vl")))
/* gcc's scheduling pass after register allocation (-fschedule-insns2, on
 * at -O2) reorders the side-by-side steps of HB3_HALF's four G functions;
 * left in the source order, the 16-lane hash_many is about 5 % faster
 * (0.146 against 0.152 ns/byte on cache-resident chunks, AMD EPYC with
 * AVX-512; README "Host kernels").  clang has no such pass to turn off. */
#if defined(__GNUC__) && !defined(__clang__)
#define HB3_SOURCE_ORDER __attribute__((optimize("no-schedule-insns2")))
#else
#define HB3_SOURCE_ORDER
#endif

/* the flags of block j of `blocks` */
#define HB3_FLAGS(j) (flags | ((j) == 0 ? first : 0) | ((j) + 1 == blocks ? last : 0))

/* ---- one compression, rows ---- */
#define HB3_ROWS_NAME hb3_rows_sse41
#define HB3_ROWS_CORE hb3_rows_core_sse41
#define HB3_ROWS_CHAIN hb3_chains_sse41
#define HB3_ROWS_TARGET HB3_SSE41
#define HB3_R16(x) _mm_shuffle_epi8((x), _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define HB3_R8(x) _mm_shuffle_epi8((x), _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
#define HB3_R12(x) hb3_4_r12(x)
#define HB3_R7(x) hb3_4_r7(x)
static inline HB3_SSE41 __m128i hb3_4_r12(__m128i x)
{
    return _mm_or_si128(_mm_srli_epi32(x, 12), _mm_slli_epi32(x, 20));
}
static inline HB3_SSE41 __m128i hb3_4_r7(__m128i x)
{
    return _mm_or_si128(_mm_srli_epi32(x, 7), _mm_slli_epi32(x, 25));
}
#include "blake3_x86_rows.h"
#undef HB3_ROWS_NAME
#undef HB3_ROWS_CORE
#undef HB3_ROWS_CHAIN
#undef HB3_ROWS_TARGET
#undef HB3_R16
#undef HB3_R12
#undef HB3_R8
#undef HB3_R7

/* AVX-512VL rotates a lane in one instruction (vprord) */
#define HB3_ROWS_NAME hb3_rows_avx512
#define HB3_ROWS_CORE hb3_rows_core_avx512
#define HB3_ROWS_CHAIN hb3_chains_avx512
#define HB3_ROWS_TARGET HB3_AVX512
#define HB3_R16(x) _mm_ror_epi32((x), 16)
#define HB3_R12(x) _mm_ror_epi32((x), 12)
#define HB3_R8(x) _mm_ror_epi32((x), 8)
#define HB3_R7(x) _mm_ror_epi32((x), 7)
#include "blake3_x86_rows.h"
#undef HB3_ROWS_NAME
#undef HB3_ROWS_CORE
#undef HB3_ROWS_CHAIN
#undef HB3_ROWS_TARGET
#undef HB3_R16
#undef HB3_R12
#undef HB3_R8
#undef HB3_R7

/* ---- chains side by side ----
 *
 * Everything on the way of a block is written out straight, with constant
 * indices, never as a loop over an array of vectors: gcc -O2 does not unroll
 * such loops, and an array indexed by a loop variable lives in memory, so
 * each transpose became a round trip through the stack (a third of the
 * instructions of a 16-way block).  Straight, the arrays become registers. */
#define HB3_REP4(M) M(0) M(1) M(2) M(3)
#define HB3_REP8(M) HB3_REP4(M) M(4) M(5) M(6) M(7)
#define HB3_REP16(M) HB3_REP8(M) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)

/* message word order of round r: see unrolled/blake3_kernel.c; read
 * only with constant indices, folded by the compiler */
static const uint8_t HB3_SCHED[7 * 16] = {
     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,
     2,  6,  3, 10,  7,  0,  4, 13,  1, 11, 12,  5,  9, 14, 15,  8,
     3,  4, 10, 12, 13,  2,  7, 14,  6,  5,  9,  0, 11, 15,  8,  1,
    10,  7, 12,  9, 14,  3, 13, 15,  4,  0, 11,  2,  5,  8,  1,  6,
    12, 13,  9, 11, 15, 10, 14,  8,  7,  2,  5,  3,  0,  1,  6,  4,
     9, 14, 11,  5,  8, 12, 15,  1, 13,  3,  0, 10,  2,  6,  4,  7,
    11, 15,  5,  0,  1,  9,  8,  6, 14, 10,  2, 12,  3,  4,  7, 13};
#define HB3_S(r, k) HB3_SCHED[16 * (r) + (k)]

/* A half round over whole vectors: the four G functions (spec 2.2) on the
 * columns or the diagonals (a_k, b_k, c_k, d_k) with message words x_k, y_k,
 * each step done for all four before the next.  gcc -O2 does not schedule
 * instructions on x86, so written one G after another the four independent
 * chains reach the CPU one after another.  a + x is added before b, the
 * newest value.  P is the prefix of the width's operations (hb3_4_,
 * hb3_8_, hb3_16_). */
#define HB3_HALF(P, a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3,                \
                 x0, x1, x2, x3, y0, y1, y2, y3)                                                   \
    do {                                                                                           \
        a0 = P##add(P##add(a0, x0), b0); a1 = P##add(P##add(a1, x1), b1);                          \
        a2 = P##add(P##add(a2, x2), b2); a3 = P##add(P##add(a3, x3), b3);                          \
        d0 = P##r16(P##xor(d0, a0)); d1 = P##r16(P##xor(d1, a1));                                  \
        d2 = P##r16(P##xor(d2, a2)); d3 = P##r16(P##xor(d3, a3));                                  \
        c0 = P##add(c0, d0); c1 = P##add(c1, d1);                                                  \
        c2 = P##add(c2, d2); c3 = P##add(c3, d3);                                                  \
        b0 = P##r12(P##xor(b0, c0)); b1 = P##r12(P##xor(b1, c1));                                  \
        b2 = P##r12(P##xor(b2, c2)); b3 = P##r12(P##xor(b3, c3));                                  \
        a0 = P##add(P##add(a0, y0), b0); a1 = P##add(P##add(a1, y1), b1);                          \
        a2 = P##add(P##add(a2, y2), b2); a3 = P##add(P##add(a3, y3), b3);                          \
        d0 = P##r8(P##xor(d0, a0)); d1 = P##r8(P##xor(d1, a1));                                    \
        d2 = P##r8(P##xor(d2, a2)); d3 = P##r8(P##xor(d3, a3));                                    \
        c0 = P##add(c0, d0); c1 = P##add(c1, d1);                                                  \
        c2 = P##add(c2, d2); c3 = P##add(c3, d3);                                                  \
        b0 = P##r7(P##xor(b0, c0)); b1 = P##r7(P##xor(b1, c1));                                    \
        b2 = P##r7(P##xor(b2, c2)); b3 = P##r7(P##xor(b3, c3));                                    \
    } while (0)
/* a round: the columns, then the diagonals */
#define HB3_ROUND(P, v, m, r)                                                                      \
    do {                                                                                           \
        HB3_HALF(P, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11],      \
                 v[12], v[13], v[14], v[15], m[HB3_S(r, 0)], m[HB3_S(r, 2)], m[HB3_S(r, 4)],       \
                 m[HB3_S(r, 6)], m[HB3_S(r, 1)], m[HB3_S(r, 3)], m[HB3_S(r, 5)], m[HB3_S(r, 7)]);  \
        HB3_HALF(P, v[0], v[1], v[2], v[3], v[5], v[6], v[7], v[4], v[10], v[11], v[8], v[9],      \
                 v[15], v[12], v[13], v[14], m[HB3_S(r, 8)], m[HB3_S(r, 10)], m[HB3_S(r, 12)],     \
                 m[HB3_S(r, 14)], m[HB3_S(r, 9)], m[HB3_S(r, 11)], m[HB3_S(r, 13)], m[HB3_S(r, 15)]); \
    } while (0)
/* the same, one G after another: the form for 16 vector registers (SSE4.1,
 * AVX2), where the four chains side by side need more than there are and
 * gcc spills (AVX2: 0.69 -> 0.82 cycles/byte); with AVX-512's 32 they fit */
#define HB3_G(P, a, b, c, d, x, y)                                      \
    do {                                                                \
        a = P##add(P##add(a, x), b); d = P##r16(P##xor(d, a));          \
        c = P##add(c, d);            b = P##r12(P##xor(b, c));          \
        a = P##add(P##add(a, y), b); d = P##r8(P##xor(d, a));           \
        c = P##add(c, d);            b = P##r7(P##xor(b, c));           \
    } while (0)
#define HB3_ROUND_SEQ(P, v, m, r)                                               \
    do {                                                                        \
        HB3_G(P, v[0], v[4], v[8], v[12], m[HB3_S(r, 0)], m[HB3_S(r, 1)]);      \
        HB3_G(P, v[1], v[5], v[9], v[13], m[HB3_S(r, 2)], m[HB3_S(r, 3)]);      \
        HB3_G(P, v[2], v[6], v[10], v[14], m[HB3_S(r, 4)], m[HB3_S(r, 5)]);     \
        HB3_G(P, v[3], v[7], v[11], v[15], m[HB3_S(r, 6)], m[HB3_S(r, 7)]);     \
        HB3_G(P, v[0], v[5], v[10], v[15], m[HB3_S(r, 8)], m[HB3_S(r, 9)]);     \
        HB3_G(P, v[1], v[6], v[11], v[12], m[HB3_S(r, 10)], m[HB3_S(r, 11)]);   \
        HB3_G(P, v[2], v[7], v[8], v[13], m[HB3_S(r, 12)], m[HB3_S(r, 13)]);    \
        HB3_G(P, v[3], v[4], v[9], v[14], m[HB3_S(r, 14)], m[HB3_S(r, 15)]);    \
    } while (0)
/* one block of every lane: v[0..8) holds the chaining values on entry and
 * the new ones on exit (no separate copy to carry between blocks); cl/ch
 * are the counters, fl the flags, R the round (HB3_ROUND or HB3_ROUND_SEQ) */
#define HB3_BLOCK(P, R, v, m, cl, ch, fl)                                       \
    do {                                                                        \
        v[8] = P##set1(hb_blake3_iv[0]); v[9] = P##set1(hb_blake3_iv[1]);       \
        v[10] = P##set1(hb_blake3_iv[2]); v[11] = P##set1(hb_blake3_iv[3]);     \
        v[12] = cl; v[13] = ch; v[14] = P##set1(64); v[15] = P##set1(fl);       \
        R(P, v, m, 0); R(P, v, m, 1); R(P, v, m, 2); R(P, v, m, 3);             \
        R(P, v, m, 4); R(P, v, m, 5); R(P, v, m, 6);                            \
        v[0] = P##xor(v[0], v[8]); v[1] = P##xor(v[1], v[9]);                   \
        v[2] = P##xor(v[2], v[10]); v[3] = P##xor(v[3], v[11]);                 \
        v[4] = P##xor(v[4], v[12]); v[5] = P##xor(v[5], v[13]);                 \
        v[6] = P##xor(v[6], v[14]); v[7] = P##xor(v[7], v[15]);                 \
    } while (0)

/* the counters of chains 0..w-1, low and high words */
static inline void hb3_counters(uint32_t *lo, uint32_t *hi, unsigned w, uint64_t counter, unsigned step)
{
    unsigned i;
    for (i = 0; i < w; i++, counter += step) {
        lo[i] = (uint32_t)counter;
        hi[i] = (uint32_t)(counter >> 32);
    }
}


/* 4 lanes: SSE4.1 */
static inline HB3_SSE41 __m128i hb3_4_add(__m128i a, __m128i b) { return _mm_add_epi32(a, b); }
static inline HB3_SSE41 __m128i hb3_4_xor(__m128i a, __m128i b) { return _mm_xor_si128(a, b); }
static inline HB3_SSE41 __m128i hb3_4_set1(uint32_t x) { return _mm_set1_epi32((int)x); }
static inline HB3_SSE41 __m128i hb3_4_r16(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
}
static inline HB3_SSE41 __m128i hb3_4_r8(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
}
/* rows r[0..3] become columns */
static HB3_INLINE HB3_SSE41 void hb3_4_transpose(__m128i *r)
{
    __m128i t0 = _mm_unpacklo_epi32(r[0], r[1]), t1 = _mm_unpackhi_epi32(r[0], r[1]);
    __m128i t2 = _mm_unpacklo_epi32(r[2], r[3]), t3 = _mm_unpackhi_epi32(r[2], r[3]);
    r[0] = _mm_unpacklo_epi64(t0, t2);
    r[1] = _mm_unpackhi_epi64(t0, t2);
    r[2] = _mm_unpacklo_epi64(t1, t3);
    r[3] = _mm_unpackhi_epi64(t1, t3);
}

static inline HB3_SSE41 void hb3_hash4(const uint8_t *in, size_t stride, unsigned blocks,
                                       const uint32_t key[8], uint64_t counter, unsigned step,
                                       unsigned flags, unsigned first, unsigned last, uint8_t *out)
{
    __m128i m[16], v[16], cl, ch;
    uint32_t lo[4], hi[4];
    unsigned j;
    hb3_counters(lo, hi, 4, counter, step);
    cl = _mm_loadu_si128((const __m128i *)lo);
    ch = _mm_loadu_si128((const __m128i *)hi);
#define HB3_KEY(k) v[k] = _mm_set1_epi32((int)key[k]);
    HB3_REP8(HB3_KEY)
#undef HB3_KEY
    for (j = 0; j < blocks; j++, in += 64) {
        /* m[4g + k]: words 4g..4g+3 of lane k, transposed to word 4g + k of every lane */
#define HB3_LD(i) m[i] = _mm_loadu_si128((const __m128i *)(in + ((i) & 3) * stride + 16 * ((i) >> 2)));
        HB3_REP16(HB3_LD)
#undef HB3_LD
        hb3_4_transpose(m);
        hb3_4_transpose(m + 4);
        hb3_4_transpose(m + 8);
        hb3_4_transpose(m + 12);
        HB3_BLOCK(hb3_4_, HB3_ROUND_SEQ, v, m, cl, ch, HB3_FLAGS(j));
    }
    hb3_4_transpose(v);
    hb3_4_transpose(v + 4);
#define HB3_ST(k)                                                   \
    _mm_storeu_si128((__m128i *)(out + 32 * (k)), v[k]);            \
    _mm_storeu_si128((__m128i *)(out + 32 * (k) + 16), v[(k) + 4]);
    HB3_REP4(HB3_ST)
#undef HB3_ST
}

/* 8 lanes: AVX2 */
static inline HB3_AVX2 __m256i hb3_8_add(__m256i a, __m256i b) { return _mm256_add_epi32(a, b); }
static inline HB3_AVX2 __m256i hb3_8_xor(__m256i a, __m256i b) { return _mm256_xor_si256(a, b); }
static inline HB3_AVX2 __m256i hb3_8_set1(uint32_t x) { return _mm256_set1_epi32((int)x); }
static inline HB3_AVX2 __m256i hb3_8_r16(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                                   2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
}
static inline HB3_AVX2 __m256i hb3_8_r8(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,
                                                   1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
}
static inline HB3_AVX2 __m256i hb3_8_r12(__m256i x)
{
    return _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20));
}
static inline HB3_AVX2 __m256i hb3_8_r7(__m256i x)
{
    return _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25));
}
/* rows r[0..7] become columns: 4x4 within each 128-bit half, then the
 * halves exchanged */
static HB3_INLINE HB3_AVX2 void hb3_8_transpose(__m256i *r)
{
    __m256i t[8], u[8];
#define HB3_T1(i)                                        \
    t[i] = _mm256_unpacklo_epi32(r[i], r[(i) + 1]);      \
    t[(i) + 1] = _mm256_unpackhi_epi32(r[i], r[(i) + 1]);
#define HB3_T2(i)                                               \
    u[i] = _mm256_unpacklo_epi64(t[i], t[(i) + 2]);             \
    u[(i) + 1] = _mm256_unpackhi_epi64(t[i], t[(i) + 2]);       \
    u[(i) + 2] = _mm256_unpacklo_epi64(t[(i) + 1], t[(i) + 3]); \
    u[(i) + 3] = _mm256_unpackhi_epi64(t[(i) + 1], t[(i) + 3]);
#define HB3_T3(i)                                                  \
    r[i] = _mm256_permute2x128_si256(u[i], u[(i) + 4], 0x20);      \
    r[(i) + 4] = _mm256_permute2x128_si256(u[i], u[(i) + 4], 0x31);
    HB3_T1(0) HB3_T1(2) HB3_T1(4) HB3_T1(6)
    HB3_T2(0) HB3_T2(4)
    HB3_REP4(HB3_T3)
#undef HB3_T1
#undef HB3_T2
#undef HB3_T3
}

static inline HB3_AVX2 void hb3_hash8(const uint8_t *in, size_t stride, unsigned blocks,
                                      const uint32_t key[8], uint64_t counter, unsigned step,
                                      unsigned flags, unsigned first, unsigned last, uint8_t *out)
{
    __m256i m[16], v[16], cl, ch;
    uint32_t lo[8], hi[8];
    unsigned j;
    hb3_counters(lo, hi, 8, counter, step);
    cl = _mm256_loadu_si256((const __m256i *)lo);
    ch = _mm256_loadu_si256((const __m256i *)hi);
#define HB3_KEY(k) v[k] = _mm256_set1_epi32((int)key[k]);
    HB3_REP8(HB3_KEY)
#undef HB3_KEY
    for (j = 0; j < blocks; j++, in += 64) {
        /* m[8g + k]: words 8g..8g+7 of lane k, transposed to word 8g + k
         * of every lane; prefetch as in hb3_hash16 */
#define HB3_LD(i)                                                                         \
        _mm_prefetch((const char *)(in + (i) * stride + 256), _MM_HINT_T0);               \
        m[i] = _mm256_loadu_si256((const __m256i *)(in + (i) * stride));                  \
        m[(i) + 8] = _mm256_loadu_si256((const __m256i *)(in + (i) * stride + 32));
        HB3_REP8(HB3_LD)
#undef HB3_LD
        hb3_8_transpose(m);
        hb3_8_transpose(m + 8);
        HB3_BLOCK(hb3_8_, HB3_ROUND_SEQ, v, m, cl, ch, HB3_FLAGS(j));
    }
    hb3_8_transpose(v);
#define HB3_ST(k) _mm256_storeu_si256((__m256i *)(out + 32 * (k)), v[k]);
    HB3_REP8(HB3_ST)
#undef HB3_ST
}

/* 16 lanes: AVX-512 */
static inline HB3_AVX512 __m512i hb3_16_add(__m512i a, __m512i b) { return _mm512_add_epi32(a, b); }
static inline HB3_AVX512 __m512i hb3_16_xor(__m512i a, __m512i b) { return _mm512_xor_si512(a, b); }
static inline HB3_AVX512 __m512i hb3_16_set1(uint32_t x) { return _mm512_set1_epi32((int)x); }
static inline HB3_AVX512 __m512i hb3_16_r16(__m512i x) { return _mm512_ror_epi32(x, 16); }
static inline HB3_AVX512 __m512i hb3_16_r12(__m512i x) { return _mm512_ror_epi32(x, 12); }
static inline HB3_AVX512 __m512i hb3_16_r8(__m512i x) { return _mm512_ror_epi32(x, 8); }
static inline HB3_AVX512 __m512i hb3_16_r7(__m512i x) { return _mm512_ror_epi32(x, 7); }
/* rows r[0..15] become columns: 4x4 within each 128-bit quarter of every
 * group of four rows, then the quarters of the four groups transposed
 * (two rounds of 128-bit shuffles) */
static HB3_INLINE HB3_AVX512 void hb3_16_transpose(__m512i *r)
{
    __m512i t[16], u[16];
#define HB3_T1(i)                                        \
    t[i] = _mm512_unpacklo_epi32(r[i], r[(i) + 1]);      \
    t[(i) + 1] = _mm512_unpackhi_epi32(r[i], r[(i) + 1]);
    /* u[4g + j]: quarter q holds word 4q + j of rows 4g..4g+3 */
#define HB3_T2(i)                                               \
    u[i] = _mm512_unpacklo_epi64(t[i], t[(i) + 2]);             \
    u[(i) + 1] = _mm512_unpackhi_epi64(t[i], t[(i) + 2]);       \
    u[(i) + 2] = _mm512_unpacklo_epi64(t[(i) + 1], t[(i) + 3]); \
    u[(i) + 3] = _mm512_unpackhi_epi64(t[(i) + 1], t[(i) + 3]);
#define HB3_T3(j)                                                                               \
    {                                                                                           \
        __m512i p = _mm512_shuffle_i32x4(u[j], u[4 + (j)], _MM_SHUFFLE(2, 0, 2, 0));            \
        __m512i q = _mm512_shuffle_i32x4(u[j], u[4 + (j)], _MM_SHUFFLE(3, 1, 3, 1));            \
        __m512i s = _mm512_shuffle_i32x4(u[8 + (j)], u[12 + (j)], _MM_SHUFFLE(2, 0, 2, 0));     \
        __m512i w = _mm512_shuffle_i32x4(u[8 + (j)], u[12 + (j)], _MM_SHUFFLE(3, 1, 3, 1));     \
        r[j] = _mm512_shuffle_i32x4(p, s, _MM_SHUFFLE(2, 0, 2, 0));                             \
        r[8 + (j)] = _mm512_shuffle_i32x4(p, s, _MM_SHUFFLE(3, 1, 3, 1));                       \
        r[4 + (j)] = _mm512_shuffle_i32x4(q, w, _MM_SHUFFLE(2, 0, 2, 0));                       \
        r[12 + (j)] = _mm512_shuffle_i32x4(q, w, _MM_SHUFFLE(3, 1, 3, 1));                      \
    }
    HB3_T1(0) HB3_T1(2) HB3_T1(4) HB3_T1(6) HB3_T1(8) HB3_T1(10) HB3_T1(12) HB3_T1(14)
    HB3_T2(0) HB3_T2(4) HB3_T2(8) HB3_T2(12)
    HB3_REP4(HB3_T3)
#undef HB3_T1
#undef HB3_T2
#undef HB3_T3
}

/* the counters counter + k * step of lanes k = 0..15, low words to *lo and
 * high words to *hi, in 64-bit lanes: written as 16 scalars and loaded
 * back as one vector, they cost a store-forwarding stall every call */
static HB3_INLINE HB3_AVX512 void hb3_16_counters(uint64_t counter, unsigned step, __m512i *lo, __m512i *hi)
{
    __m512i c = _mm512_set1_epi64((long long)counter), s = _mm512_set1_epi64((long long)step);
    /* k * step < 2^36: the 32 x 32 -> 64-bit product is exact */
    __m512i a = _mm512_add_epi64(c, _mm512_mul_epu32(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), s));
    __m512i b = _mm512_add_epi64(c, _mm512_mul_epu32(_mm512_setr_epi64(8, 9, 10, 11, 12, 13, 14, 15), s));
    *lo = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(a)), _mm512_cvtepi64_epi32(b), 1);
    *hi = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(_mm512_srli_epi64(a, 32))),
                             _mm512_cvtepi64_epi32(_mm512_srli_epi64(b, 32)), 1);
}

static HB3_INLINE HB3_AVX512 HB3_SOURCE_ORDER void hb3_hash16(const uint8_t *in, size_t stride, unsigned blocks,
                                         const uint32_t key[8], uint64_t counter, unsigned step,
                                         unsigned flags, unsigned first, unsigned last, uint8_t *out)
{
    __m512i m[16], v[16], cl, ch;
    unsigned j;
    hb3_16_counters(counter, step, &cl, &ch);
#define HB3_KEY(k) v[k] = _mm512_set1_epi32((int)key[k]);
    HB3_REP8(HB3_KEY)
#undef HB3_KEY
    for (j = 0; j < blocks; j++, in += 64) {
        /* sixteen streams at once are more than the hardware prefetcher
         * follows: ask for each one's next block.  No further: the chunks
         * are 1 KiB apart, so in a 32 KiB 8-way L1 lanes k, k + 4, k + 8
         * and k + 12 share sets, and four lanes' current and next lines
         * already fill a set's eight ways (the likely reason).  Hashing
         * 64 MiB from memory, against the reference C with its assembly:
         * four blocks ahead 1.13x its time, two 1.01x, one 0.96x, no
         * prefetch 1.27x (README "Host kernels").  Each lane's prefetch
         * beside its load: the 16 prefetches issued together, then the
         * loads as 32-byte halves, took 1 GiB from memory 7% longer
         * (0.245 against 0.229 s of CPU) for 1.5% at 1 MiB in cache. */
#define HB3_LD(k)                                                                 \
        _mm_prefetch((const char *)(in + (k) * stride + 64), _MM_HINT_T0);        \
        m[k] = _mm512_loadu_si512((const void *)(in + (k) * stride));
        HB3_REP16(HB3_LD)
#undef HB3_LD
        hb3_16_transpose(m);
        HB3_BLOCK(hb3_16_, HB3_ROUND, v, m, cl, ch, HB3_FLAGS(j));
    }
    /* the chaining values are eight words: rows 8..15 are ballast */
#define HB3_BAL(k) v[(k) + 8] = v[k];
    HB3_REP8(HB3_BAL)
#undef HB3_BAL
    hb3_16_transpose(v);
#define HB3_ST(k) _mm256_storeu_si256((__m256i *)(out + 32 * (k)), _mm512_castsi512_si256(v[k]));
    HB3_REP16(HB3_ST)
#undef HB3_ST
}
#else
#define HB3_X86 0
#endif

#endif
