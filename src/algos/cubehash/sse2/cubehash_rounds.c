/* CubeHash's rounds with SSE2 (every x86-64 CPU): see ../impls.toml.
 * Only a CPU with SSE2 may run it: the host dispatch checks
 * (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("sse2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("sse2")
#endif
#include "../cubehash.h"

/*
 * The state as eight 128-bit registers, a_q = x[4q..4q+3] and b_q =
 * x[16+4q..16+4q+3]: both swaps of the a half (spec sec. 2, steps 3 and 8:
 * x_00klm <-> x_01klm, x_0j0lm <-> x_0j1lm) exchange whole registers, so
 * they are only which rotated register the next xor takes; the swaps of the
 * b half (steps 5 and 10) are one pshufd per register.
 */
#define ROTL(v, r) _mm_or_si128(_mm_slli_epi32(v, r), _mm_srli_epi32(v, 32 - (r)))
#define ADD4() do { \
        b0 = _mm_add_epi32(b0, a0); b1 = _mm_add_epi32(b1, a1); \
        b2 = _mm_add_epi32(b2, a2); b3 = _mm_add_epi32(b3, a3); \
    } while (0)
#define ROUND() do { \
        __m128i t0, t1, t2, t3; \
        ADD4(); \
        t0 = ROTL(a0, 7); t1 = ROTL(a1, 7); t2 = ROTL(a2, 7); t3 = ROTL(a3, 7); \
        a0 = _mm_xor_si128(t2, b0); a1 = _mm_xor_si128(t3, b1); \
        a2 = _mm_xor_si128(t0, b2); a3 = _mm_xor_si128(t1, b3); \
        b0 = _mm_shuffle_epi32(b0, 0x4e); b1 = _mm_shuffle_epi32(b1, 0x4e); \
        b2 = _mm_shuffle_epi32(b2, 0x4e); b3 = _mm_shuffle_epi32(b3, 0x4e); \
        ADD4(); \
        t0 = ROTL(a0, 11); t1 = ROTL(a1, 11); t2 = ROTL(a2, 11); t3 = ROTL(a3, 11); \
        a0 = _mm_xor_si128(t1, b0); a1 = _mm_xor_si128(t0, b1); \
        a2 = _mm_xor_si128(t3, b2); a3 = _mm_xor_si128(t2, b3); \
        b0 = _mm_shuffle_epi32(b0, 0xb1); b1 = _mm_shuffle_epi32(b1, 0xb1); \
        b2 = _mm_shuffle_epi32(b2, 0xb1); b3 = _mm_shuffle_epi32(b3, 0xb1); \
    } while (0)
#define LD(p) _mm_loadu_si128((const __m128i *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(p), v)
#define LOAD(x) __m128i a0 = LD(x), a1 = LD((x) + 4), a2 = LD((x) + 8), a3 = LD((x) + 12), \
        b0 = LD((x) + 16), b1 = LD((x) + 20), b2 = LD((x) + 24), b3 = LD((x) + 28)
#define STORE(x) do { \
        ST(x, a0); ST((x) + 4, a1); ST((x) + 8, a2); ST((x) + 12, a3); \
        ST((x) + 16, b0); ST((x) + 20, b1); ST((x) + 24, b2); ST((x) + 28, b3); \
    } while (0)

/* the words of a block are little-endian, as x86 stores them */
void hb_cubehash_compress(void *state, const uint8_t *blk, size_t n)
{
    uint32_t *x = (uint32_t *)state;
    unsigned r;
    LOAD(x);
    for (; n; n--, blk += 32) {
        a0 = _mm_xor_si128(a0, LD(blk));
        a1 = _mm_xor_si128(a1, LD(blk + 16));
        for (r = 0; r < 16; r += 2) {
            ROUND();
            ROUND();
        }
    }
    STORE(x);
}

void hb_cubehash_rounds(uint32_t *x, unsigned n)
{
    LOAD(x);
    for (; n; n -= 2) {
        ROUND();
        ROUND();
    }
    STORE(x);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_cubehash_sse2_unused;
#endif
