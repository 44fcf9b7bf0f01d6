/*
 * jh_e8_x86.h -- JH's E8 inside F8 with 128-bit x86 vectors: the body the
 * SIMD implementations (jh/sse2, jh/avx, jh/avx512; ../impls.toml) share.
 * Included by exactly one source of each, after its `target` pragma and
 * after it has chosen the instructions:
 *
 *   JH_X86_PSHUFB   swap bytes and 16-bit groups with pshufb (SSSE3)
 *   JH_X86_TERNLOG  S-boxes, L and the bit swaps as vpternlogq (AVX-512VL)
 *
 * The bit-sliced E8 of jh_e8.h with each 128-bit word x0..x7 in one
 * register instead of two 64-bit halves: the S-box circuit, L, the swap
 * of the odd words' bit positions i <-> i ^ 2^(r mod 7) and the round
 * constants are the same (words 4r, 4r+1 of JH_RC are the even words'
 * 128-bit constant, 4r+2, 4r+3 the odd words').  A swap of 1, 2 or 4 bits
 * never crosses a 64-bit lane, so 64-bit shifts do it; 8 and 16 bits are
 * 16-bit shifts and word shuffles (SSE2) or one pshufb, 32 and 64 bits
 * dword shuffles.
 */
#ifndef HB_JH_E8_X86_H
#define HB_JH_E8_X86_H
#include "jh_e8.h"
#include <immintrin.h>

#define JH_X(a, b) _mm_xor_si128(a, b)

#ifdef JH_X86_TERNLOG
/* vpternlogq's truth table: the byte f(A, B, C) computed on the three
 * inputs' patterns, as Intel's manual defines the immediate */
#define JH_TA 0xF0
#define JH_TB 0xCC
#define JH_TC 0xAA
#define JH_T(a, b, c, f) _mm_ternarylogic_epi64(a, b, c, (f) & 0xFF)
/* the S-box circuit of jh_e8.h, each step one instruction: the initial
 * a3 = ~a3 folded into the two steps that read a3 before it is rewritten */
#define JH_SB(a0, a1, a2, a3, c) do {                                           \
        __m128i t_;                                                             \
        a0 = JH_T(a0, a2, c, JH_TA ^ (~JH_TB & JH_TC));                         \
        t_ = JH_T(c, a0, a1, JH_TA ^ (JH_TB & JH_TC));                          \
        a0 = JH_T(a0, a2, a3, JH_TA ^ (JH_TB & ~JH_TC));                        \
        a3 = JH_T(a3, a1, a2, ~JH_TA ^ (~JH_TB & JH_TC));                       \
        a1 = JH_T(a1, a0, a2, JH_TA ^ (JH_TB & JH_TC));                         \
        a2 = JH_T(a2, a0, a3, JH_TA ^ (JH_TB & ~JH_TC));                        \
        a0 = JH_T(a0, a1, a3, JH_TA ^ (JH_TB | JH_TC));                         \
        a3 = JH_T(a3, a1, a2, JH_TA ^ (JH_TB & JH_TC));                         \
        a1 = JH_T(a1, t_, a0, JH_TA ^ (JH_TB & JH_TC));                         \
        a2 = JH_X(a2, t_);                                                      \
    } while (0)
#define JH_X3(a, b, c) JH_T(a, b, c, JH_TA ^ JH_TB ^ JH_TC)
/* bits of m from v >> k, the others from v << k; the shifted copy, not
 * the mask, as the operand vpternlogq overwrites (no copy of the mask) */
#define JH_SWM(v, m, k) JH_T(_mm_srli_epi64(v, k), m, _mm_slli_epi64(v, k), (JH_TB & JH_TA) | (~JH_TB & JH_TC))
#else
#define JH_SB(a0, a1, a2, a3, c) do {                                           \
        __m128i t_;                                                             \
        a3 = JH_X(a3, ones);                                                    \
        a0 = JH_X(a0, _mm_andnot_si128(a2, c));                                 \
        t_ = JH_X(c, _mm_and_si128(a0, a1));                                    \
        a0 = JH_X(a0, _mm_and_si128(a2, a3));                                   \
        a3 = JH_X(a3, _mm_andnot_si128(a1, a2));                                \
        a1 = JH_X(a1, _mm_and_si128(a0, a2));                                   \
        a2 = JH_X(a2, _mm_andnot_si128(a3, a0));                                \
        a0 = JH_X(a0, _mm_or_si128(a1, a3));                                    \
        a3 = JH_X(a3, _mm_and_si128(a1, a2));                                   \
        a1 = JH_X(a1, _mm_and_si128(t_, a0));                                   \
        a2 = JH_X(a2, t_);                                                      \
    } while (0)
#define JH_X3(a, b, c) JH_X(a, JH_X(b, c))
#define JH_SWM(v, m, k) _mm_or_si128(_mm_slli_epi64(_mm_and_si128(v, m), k), \
                                     _mm_and_si128(_mm_srli_epi64(v, k), m))
#endif

/* L of jh_e8.h on whole 128-bit words */
#define JH_LIN(a0, a1, a2, a3, b0, b1, b2, b3) do {                             \
        b0 = JH_X(b0, a1); b1 = JH_X(b1, a2); b2 = JH_X3(b2, a3, a0); b3 = JH_X(b3, a0); \
        a0 = JH_X(a0, b1); a1 = JH_X(a1, b2); a2 = JH_X3(a2, b3, b0); a3 = JH_X(a3, b0); \
    } while (0)

#define JH_SW1(v) JH_SWM(v, m1, 1)
#define JH_SW2(v) JH_SWM(v, m2, 2)
#define JH_SW4(v) JH_SWM(v, m4, 4)
#ifdef JH_X86_PSHUFB
#define JH_SW8(v) _mm_shuffle_epi8(v, p8)
#define JH_SW16(v) _mm_shuffle_epi8(v, p16)
#else
#define JH_SW8(v) _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8))
#define JH_SW16(v) _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xB1), 0xB1)
#endif
#define JH_SW32(v) _mm_shuffle_epi32(v, 0xB1)
#define JH_SW64(v) _mm_shuffle_epi32(v, 0x4E)

/* round r: S-boxes of both groups, L, then the odd words' swap SW */
#define JH_XROUND(r, SW) do {                                                   \
        const __m128i *c_ = (const __m128i *)(const void *)(JH_RC + 4 * (r));   \
        JH_SB(x0, x2, x4, x6, _mm_loadu_si128(c_));                             \
        JH_SB(x1, x3, x5, x7, _mm_loadu_si128(c_ + 1));                         \
        JH_LIN(x0, x2, x4, x6, x1, x3, x5, x7);                                 \
        x1 = SW(x1); x3 = SW(x3); x5 = SW(x5); x7 = SW(x7);                     \
    } while (0)

#define JH_LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define JH_ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

void hb_jh_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint8_t *s = (uint8_t *)state;
    /* x_j = bytes 16j..16j+15 of H, as in the 64-bit form's (xJ0, xJ1) */
    __m128i x0 = JH_LD(s), x1 = JH_LD(s + 16), x2 = JH_LD(s + 32), x3 = JH_LD(s + 48),
        x4 = JH_LD(s + 64), x5 = JH_LD(s + 80), x6 = JH_LD(s + 96), x7 = JH_LD(s + 112);
    const __m128i m1 = _mm_set1_epi64x(0x5555555555555555LL), m2 = _mm_set1_epi64x(0x3333333333333333LL),
        m4 = _mm_set1_epi64x(0x0F0F0F0F0F0F0F0FLL);
#ifdef JH_X86_PSHUFB
    const __m128i p8 = _mm_set_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1),
        p16 = _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2);
#endif
#ifndef JH_X86_TERNLOG
    const __m128i ones = _mm_set1_epi32(-1);
#endif
    unsigned r;

    while (n--) {
        __m128i b0 = JH_LD(blk), b1 = JH_LD(blk + 16), b2 = JH_LD(blk + 32), b3 = JH_LD(blk + 48);
        /* F8: the block enters the first half of H ... */
        x0 = JH_X(x0, b0); x1 = JH_X(x1, b1); x2 = JH_X(x2, b2); x3 = JH_X(x3, b3);
        for (r = 0; r < 42; r += 7) {
            JH_XROUND(r + 0, JH_SW1);
            JH_XROUND(r + 1, JH_SW2);
            JH_XROUND(r + 2, JH_SW4);
            JH_XROUND(r + 3, JH_SW8);
            JH_XROUND(r + 4, JH_SW16);
            JH_XROUND(r + 5, JH_SW32);
            JH_XROUND(r + 6, JH_SW64);
        }
        /* ... and the second half after E8 */
        x4 = JH_X(x4, b0); x5 = JH_X(x5, b1); x6 = JH_X(x6, b2); x7 = JH_X(x7, b3);
        blk += 64;
    }
    JH_ST(s, x0); JH_ST(s + 16, x1); JH_ST(s + 32, x2); JH_ST(s + 48, x3);
    JH_ST(s + 64, x4); JH_ST(s + 80, x5); JH_ST(s + 96, x6); JH_ST(s + 112, x7);
}

#endif
