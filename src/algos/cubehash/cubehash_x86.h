/*
 * cubehash_x86.h -- CubeHash's rounds on four 256-bit registers, for the
 * avx2 and avx512 forms (their sources set the target and include this
 * once; CH_ROTL is vprold under AVX-512VL, a shift pair otherwise).
 *
 * a0 = x[0..7], a1 = x[8..15], b0 = x[16..23], b1 = x[24..31], so every
 * add and xor of a round pairs a register of a with the same one of b.
 * The swaps (spec sec. 2): x_00klm <-> x_01klm (step 3) exchanges a0 and
 * a1, which costs nothing (the next xor takes them crossed);
 * x_0j0lm <-> x_0j1lm (step 8) exchanges the 128-bit halves of each a
 * register; x_1jk0m <-> x_1jk1m and x_1jkl0 <-> x_1jkl1 (steps 5 and 10)
 * are word shuffles inside each 128-bit half of b.
 */
#ifndef HB_CUBEHASH_X86_H
#define HB_CUBEHASH_X86_H

#include <immintrin.h>
#include "cubehash.h"

#ifndef CH_ROTL
#define CH_ROTL(v, r) _mm256_or_si256(_mm256_slli_epi32(v, r), _mm256_srli_epi32(v, 32 - (r)))
#endif
/* words 0123 -> 2301 and 1032 in each 128-bit half; the halves swapped */
#define CH_SWAP2(v) _mm256_shuffle_epi32(v, 0x4e)
#define CH_SWAP1(v) _mm256_shuffle_epi32(v, 0xb1)
#define CH_SWAP4(v) _mm256_permute2x128_si256(v, v, 0x01)

#define CH_ROUND(a0, a1, b0, b1) do { \
        __m256i t_; \
        b0 = _mm256_add_epi32(b0, a0); b1 = _mm256_add_epi32(b1, a1); \
        t_ = CH_ROTL(a0, 7); a0 = _mm256_xor_si256(CH_ROTL(a1, 7), b0); a1 = _mm256_xor_si256(t_, b1); \
        b0 = _mm256_add_epi32(CH_SWAP2(b0), a0); b1 = _mm256_add_epi32(CH_SWAP2(b1), a1); \
        a0 = _mm256_xor_si256(CH_SWAP4(CH_ROTL(a0, 11)), b0); \
        a1 = _mm256_xor_si256(CH_SWAP4(CH_ROTL(a1, 11)), b1); \
        b0 = CH_SWAP1(b0); b1 = CH_SWAP1(b1); \
    } while (0)

#define CH_LOAD(x) __m256i a0 = _mm256_loadu_si256((const __m256i *)(x)), \
        a1 = _mm256_loadu_si256((const __m256i *)((x) + 8)), \
        b0 = _mm256_loadu_si256((const __m256i *)((x) + 16)), \
        b1 = _mm256_loadu_si256((const __m256i *)((x) + 24))
#define CH_STORE(x) do { \
        _mm256_storeu_si256((__m256i *)(x), a0); _mm256_storeu_si256((__m256i *)((x) + 8), a1); \
        _mm256_storeu_si256((__m256i *)((x) + 16), b0); _mm256_storeu_si256((__m256i *)((x) + 24), b1); \
    } while (0)

/* the words of a block are little-endian, as x86 stores them */
void hb_cubehash_compress(void *state, const uint8_t *blk, size_t n)
{
    uint32_t *x = (uint32_t *)state;
    unsigned r;
    CH_LOAD(x);
    for (; n; n--, blk += 32) {
        a0 = _mm256_xor_si256(a0, _mm256_loadu_si256((const __m256i *)blk));
        for (r = 0; r < 16; r += 2) {
            CH_ROUND(a0, a1, b0, b1);
            CH_ROUND(a0, a1, b0, b1);
        }
    }
    CH_STORE(x);
}

void hb_cubehash_rounds(uint32_t *x, unsigned n)
{
    CH_LOAD(x);
    for (; n; n -= 2) {
        CH_ROUND(a0, a1, b0, b1);
        CH_ROUND(a0, a1, b0, b1);
    }
    CH_STORE(x);
}

#endif
