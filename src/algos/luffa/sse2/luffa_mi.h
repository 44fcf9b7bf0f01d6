/*
 * luffa_mi.h (sse2/) -- Luffa's message injection (that of ../passes) and
 * the sub-permutations Q_0..Q_3 side by side in the four 32-bit lanes of
 * SSE2 vectors (included by ../luffa.c after its S-box, MixWord and
 * constants, which the build finds on the form's include path).
 *
 * The Q_j of one block are independent, and each step is the same
 * operations on every Q_j with its own constants: vector k holds word k of
 * Q_0..Q_3, so one SubCrumb or MixWord serves four of them.  Luffa-384
 * (w = 4) fills the four lanes, Luffa-224/256 (w = 3) three, Luffa-512
 * (w = 5) runs Q_4 in scalar code beside them.  SSE2 is part of every
 * x86-64 CPU, so the host needs no dispatch; elsewhere (no __SSE2__) this
 * form is ../passes.
 */
#ifndef HB_LUFFA_MI_SSE2_H
#define HB_LUFFA_MI_SSE2_H

#include "../passes/luffa_mi.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* the run of Q_0..Q_{w-1} over one block: ../luffa.c calls it instead of
 * its loop of luffa_q (which this form still uses for Q_4) */
#define LUFFA_QS(V, w) luffa_qs_sse2(V, w)
static void luffa_q(uint32_t *x, unsigned j);

#define LV_ROTL(x, n) _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n)))

/* SUBCRUMB of ../luffa.c on vectors (ones: all bits set, for the NOTs) */
#define LV_SUBCRUMB(a0, a1, a2, a3) do {                                      \
        __m128i p_ = _mm_xor_si128(_mm_or_si128((a0), (a1)), (a3));           \
        __m128i q_ = _mm_xor_si128((a2), (a3));                               \
        __m128i m_ = _mm_and_si128((a3), (a0));                               \
        __m128i r_ = _mm_xor_si128(_mm_xor_si128((a1), ones), m_);            \
        __m128i s_ = _mm_xor_si128(m_, q_);                                   \
        __m128i u_ = _mm_xor_si128(_mm_and_si128(q_, p_), r_);                \
        __m128i v_ = _mm_or_si128(r_, s_);                                    \
        (a0) = _mm_xor_si128((a0), v_);                                       \
        (a1) = _mm_xor_si128(_mm_xor_si128(v_, p_), ones);                    \
        (a2) = _mm_and_si128(u_, v_);                                         \
        (a3) = _mm_xor_si128(s_, u_);                                         \
    } while (0)

/* MIXWORD of ../luffa.c on vectors */
#define LV_MIXWORD(u, v) do {                                                 \
        (v) = _mm_xor_si128((v), (u));                                        \
        (u) = _mm_xor_si128(LV_ROTL((u), 2), (v));                            \
        (v) = _mm_xor_si128(LV_ROTL((v), 14), (u));                           \
        (u) = _mm_xor_si128(LV_ROTL((u), 10), (v));                           \
        (v) = LV_ROTL((v), 1);                                                \
    } while (0)

/* the step constants of Q_0..Q_3 for step r, word 0 (k = 0) or 4 (k = 1) */
#define LV_RC(k, r) _mm_setr_epi32((int)HB_ROM_U32(LUFFA_RC[0][k], r), (int)HB_ROM_U32(LUFFA_RC[1][k], r), \
                                   (int)HB_ROM_U32(LUFFA_RC[2][k], r), (int)HB_ROM_U32(LUFFA_RC[3][k], r))

/* step r of Q (spec 4.4) in every lane; r a constant, so the constants
 * become vectors in the object file */
#define LV_STEP(r) do {                                                       \
        LV_SUBCRUMB(a0, a1, a2, a3);                                          \
        LV_SUBCRUMB(a5, a6, a7, a4);                                          \
        LV_MIXWORD(a0, a4); LV_MIXWORD(a1, a5);                               \
        LV_MIXWORD(a2, a6); LV_MIXWORD(a3, a7);                               \
        a0 = _mm_xor_si128(a0, LV_RC(0, r));                                  \
        a4 = _mm_xor_si128(a4, LV_RC(1, r));                                  \
    } while (0)

/* rows r0..r3 (four words each) become columns, and back */
#define LV_TRANSPOSE(r0, r1, r2, r3) do {                                     \
        __m128i t0_ = _mm_unpacklo_epi32((r0), (r1));                         \
        __m128i t1_ = _mm_unpacklo_epi32((r2), (r3));                         \
        __m128i t2_ = _mm_unpackhi_epi32((r0), (r1));                         \
        __m128i t3_ = _mm_unpackhi_epi32((r2), (r3));                         \
        (r0) = _mm_unpacklo_epi64(t0_, t1_); (r1) = _mm_unpackhi_epi64(t0_, t1_); \
        (r2) = _mm_unpacklo_epi64(t2_, t3_); (r3) = _mm_unpackhi_epi64(t2_, t3_); \
    } while (0)

/* the tweak (spec 4.5): words 4..7 of Q_j rotated left by j, in lane j:
 * by 1 in lanes 1 and 3, then by 2 in lanes 2 and 3 */
#define LV_TWEAK(x) do {                                                      \
        (x) = _mm_or_si128(_mm_and_si128(LV_ROTL((x), 1), odd), _mm_andnot_si128(odd, (x)));  \
        (x) = _mm_or_si128(_mm_and_si128(LV_ROTL((x), 2), high), _mm_andnot_si128(high, (x))); \
    } while (0)

static void luffa_qs_sse2(uint32_t V[5][8], unsigned w)
{
    const __m128i ones = _mm_set1_epi32(-1);
    const __m128i odd = _mm_setr_epi32(0, -1, 0, -1), high = _mm_setr_epi32(0, 0, -1, -1);
    /* for w = 3 lane 3 runs on V_3, which is zero and is not written back */
    __m128i a0 = _mm_loadu_si128((const __m128i *)V[0]), a4 = _mm_loadu_si128((const __m128i *)(V[0] + 4));
    __m128i a1 = _mm_loadu_si128((const __m128i *)V[1]), a5 = _mm_loadu_si128((const __m128i *)(V[1] + 4));
    __m128i a2 = _mm_loadu_si128((const __m128i *)V[2]), a6 = _mm_loadu_si128((const __m128i *)(V[2] + 4));
    __m128i a3 = _mm_loadu_si128((const __m128i *)V[3]), a7 = _mm_loadu_si128((const __m128i *)(V[3] + 4));
    LV_TRANSPOSE(a0, a1, a2, a3);
    LV_TRANSPOSE(a4, a5, a6, a7);
    LV_TWEAK(a4); LV_TWEAK(a5); LV_TWEAK(a6); LV_TWEAK(a7);
    LV_STEP(0); LV_STEP(1); LV_STEP(2); LV_STEP(3);
    LV_STEP(4); LV_STEP(5); LV_STEP(6); LV_STEP(7);
    LV_TRANSPOSE(a0, a1, a2, a3);
    LV_TRANSPOSE(a4, a5, a6, a7);
    _mm_storeu_si128((__m128i *)V[0], a0); _mm_storeu_si128((__m128i *)(V[0] + 4), a4);
    _mm_storeu_si128((__m128i *)V[1], a1); _mm_storeu_si128((__m128i *)(V[1] + 4), a5);
    _mm_storeu_si128((__m128i *)V[2], a2); _mm_storeu_si128((__m128i *)(V[2] + 4), a6);
    if (w > 3) {
        _mm_storeu_si128((__m128i *)V[3], a3); _mm_storeu_si128((__m128i *)(V[3] + 4), a7);
    }
    if (w > 4)
        luffa_q(V[4], 4);
}
#endif

#endif
