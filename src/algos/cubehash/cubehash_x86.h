/*
 * cubehash_x86.h -- CubeHash's rounds on four 256-bit registers, for the
 * avx2 and avx512 forms (their sources set the target and include this
 * once; CH_ROTL is vprold under AVX-512VL, a shift pair otherwise).
 *
 * Spec sec. 2 swaps bit 3 of a word's index i in x_0.... (step 3), bit 2
 * (step 8), then bit 1 (step 5) and bit 0 (step 10) in x_1....; every add
 * and xor pairs a[i] with b[i], so a and b share one layout.  a0 holds
 * a[0..7], a1 a[8..15] (b0, b1 likewise): the bit-3 swap only crosses which
 * register the next xor takes.  Inside a register word i sits at position
 * p(i) = 4*i0 + 2*i2 + i1 (i0, i1, i2: bits 0, 1, 2 of i): bits 2 and 1 are word
 * shuffles inside each 128-bit half (1 cycle), bit 0 exchanges the halves
 * (vperm2i128, 3 cycles), and that slow swap falls on b, whose chain
 * through a round is shorter than a's (a's also carries the rotations).
 * With the halves swap on a instead (the words in order) a round took
 * about one cycle more: 7.2 against 6.3 cycles for avx512, 8.1 against
 * 7.3 for avx2 (64 KiB, README "Host kernels").  Loads and stores move
 * words between x[] order and p() with one vpermd each.
 */
#ifndef HB_CUBEHASH_X86_H
#define HB_CUBEHASH_X86_H

#include <immintrin.h>
#include "cubehash.h"

#ifndef CH_ROTL
#define CH_ROTL(v, r) _mm256_or_si256(_mm256_slli_epi32(v, r), _mm256_srli_epi32(v, 32 - (r)))
#endif
/* x[] order -> p() (position p holds word CH_IDX[p]), and back */
#define CH_IDX _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#define CH_UNIDX _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)
/* flip bit 2 of i (a, step 8), bit 1 (b, step 5), bit 0 (b, step 10) */
#define CH_SWAP4(v) _mm256_shuffle_epi32(v, 0x4e)
#define CH_SWAP2(v) _mm256_shuffle_epi32(v, 0xb1)
#define CH_SWAP1(v) _mm256_permute2x128_si256(v, v, 0x01)

#define CH_ROUND(a0, a1, b0, b1) do { \
        __m256i t_; \
        b0 = _mm256_add_epi32(b0, a0); b1 = _mm256_add_epi32(b1, a1); \
        t_ = CH_ROTL(a0, 7); a0 = _mm256_xor_si256(CH_ROTL(a1, 7), b0); a1 = _mm256_xor_si256(t_, b1); \
        b0 = _mm256_add_epi32(CH_SWAP2(b0), a0); b1 = _mm256_add_epi32(CH_SWAP2(b1), a1); \
        a0 = _mm256_xor_si256(CH_SWAP4(CH_ROTL(a0, 11)), b0); \
        a1 = _mm256_xor_si256(CH_SWAP4(CH_ROTL(a1, 11)), b1); \
        b0 = CH_SWAP1(b0); b1 = CH_SWAP1(b1); \
    } while (0)

#define CH_LD(p) _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(p)), CH_IDX)
#define CH_ST(p, v) _mm256_storeu_si256((__m256i *)(p), _mm256_permutevar8x32_epi32(v, CH_UNIDX))
#define CH_LOAD(x) __m256i a0 = CH_LD(x), a1 = CH_LD((x) + 8), b0 = CH_LD((x) + 16), b1 = CH_LD((x) + 24)
#define CH_STORE(x) do { \
        CH_ST(x, a0); CH_ST((x) + 8, a1); CH_ST((x) + 16, b0); CH_ST((x) + 24, b1); \
    } while (0)

/* the words of a block are little-endian, as x86 stores them */
void hb_cubehash_compress(void *state, const uint8_t *blk, size_t n)
{
    uint32_t *x = (uint32_t *)state;
    unsigned r;
    CH_LOAD(x);
    for (; n; n--, blk += 32) {
        a0 = _mm256_xor_si256(a0, CH_LD(blk));
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
