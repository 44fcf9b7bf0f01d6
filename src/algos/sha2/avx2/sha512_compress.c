/* The SHA-512 compression (FIPS 180-4 6.4.2) with the message schedule in
 * AVX2 registers and the rounds in scalar registers with BMI1/BMI2: see
 * ../impls.toml.  Compiled with a per-function target attribute, so the
 * library builds with plain -O2; only a CPU with AVX2, BMI1 and BMI2 may
 * call it (the host's dispatch checks, src/common/hb_dispatch.h).
 *
 * The rounds are serial through the working variables and keep the scalar
 * ALUs busy; the schedule is not, so it goes to the vector unit, two words
 * of two blocks per step: a 256-bit register holds W[t], W[t+1] of one
 * block in its low half and of the next block in its high half (vpalignr
 * and vpshufb work within halves, so the blocks never mix).  Two words per
 * step suffice because W[t] and W[t+1] need W[t-2] and W[t-1] only, which
 * the previous step made.  Each step stores W+K for rounds sixteen ahead
 * and sits between two rounds of the first block, so the CPU overlaps the
 * two chains; the second block's rounds then read their W+K from memory
 * with no schedule work left, in a loop of sixteen rounds rather than
 * written out (16 KB of code instead of 22: the whole kernel is far larger
 * than the decoded-op cache, and a short message pays for that most).
 * Rolling the first block's rounds too (7 KB; measured before the three
 * details below) cost 5 % at 1 MiB: its loop
 * breaks the overlap of the schedule with the rounds.  A lone last block
 * is loaded into both halves (the same vector work, the second half
 * unused).  rorx rotates without destroying its source and andn computes
 * Ch's ~e & g, saving the register copies plain ror and not need.
 *
 * How GCC compiles this decides the speed as much as the algorithm: three
 * details below (VR's order of additions, the opaque K pointer, the
 * second block's pointer loop) took a call of 8 blocks from 1.14 to 1.02
 * times OpenSSL's sha512_block_data_order and 16 blocks from 1.09 to 1.02
 * (TSC cycles, median of 301 interleaved bursts, AMD Zen 4).  They work
 * together: the order of additions alone gained nothing, but leaving it
 * out of the three cost 11 % at 8 blocks, the K pointer 8 %, the loop
 * pointer 1-2 % (GCC 12's register allocation and scheduling: look at the
 * assembly after changing anything here).
 *
 * AVX-512VL's vprorq and vpternlogq would shorten the sigmas (four
 * instructions instead of nine), but the scalar rounds bound the speed: in
 * hb-peers on an AMD Zen 4 that form was 1 % faster at 1 MiB and 3 %
 * slower at 1 KiB, so there is none. */
#include "../sha512_core.h"

#if defined(__x86_64__)
#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__)
/* GCC at -O2 schedules x86 code only after register allocation; with the
 * pass before it as well, the kernel runs 3 % faster on 512 blocks and 5 %
 * on 8 (388 vs 400 and 416 vs 436 TSC cycles a block, AMD Zen 4): it
 * spreads the schedule steps between the rounds instead of leaving them in
 * clumps.  (Adding sched-pressure loses most of the gain.) */
#define HB_SHA512_AVX2 __attribute__((target("avx2,bmi,bmi2"), optimize("schedule-insns")))
#else
#define HB_SHA512_AVX2 __attribute__((target("avx2,bmi,bmi2")))
#endif

/* one round; wk is W[i] + K[i].  Ch(e,f,g) = (e & f) + (~e & g) (the two
 * terms share no bit).  Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and this
 * round's b ^ c is the previous round's a ^ b (kept in bc).  S1(e) is the
 * slowest term (three rotations, two xors) and e's next value (d + T1)
 * the round's critical chain, so S1(e) is added last, to d and to h
 * apart: everything else is summed while S1 is computed and the chain is
 * S1 plus one add. */
#define VR(a, b, c, d, e, f, g, h, wki)                     \
    do {                                                    \
        t = h + (wki) + (e & f) + (~e & g);                 \
        s = S1(e);                                          \
        d += t;                                             \
        d += s;                                             \
        ab = a ^ b;                                         \
        h = t + s + (b ^ (ab & bc)) + S0(a);                \
        bc = ab;                                            \
    } while (0)
/* W+K of round i of the first (B = 0) or second (B = 2) block of the pair:
 * the step of rounds t, t+1 stored those of both blocks at wk[2t..2t+3] */
#define VWK(i, B) wk[2 * ((i) & ~1) + (B) + ((i) & 1)]

/* sigma0 and sigma1 of FIPS 180-4 4.1.3 on each 64-bit lane */
#define VROR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))
#define VS0(x) _mm256_xor_si256(_mm256_xor_si256(VROR(x, 1), VROR(x, 8)), _mm256_srli_epi64(x, 7))
#define VS1(x) _mm256_xor_si256(_mm256_xor_si256(VROR(x, 19), VROR(x, 61)), _mm256_srli_epi64(x, 6))

/* W+K of words t, t+1 of both blocks from x to wk.  The empty asm with a
 * memory clobber makes GCC read W+K back from memory in the rounds (an add
 * with a memory operand) instead of extracting it from the vector
 * registers (vmovq, vpextrq: more instructions, and 3 % slower). */
#define VSTORE(x, t)                                                                        \
    do {                                                                                    \
        _mm256_store_si256((__m256i *)(wk + 2 * (t)),                                       \
                           _mm256_add_epi64(x, _mm256_broadcastsi128_si256(_mm_loadu_si128( \
                                                   (const __m128i *)(kp + (t))))));         \
        __asm__ volatile("" ::: "memory");                                                  \
    } while (0)
/* x0 = W[t-16..t-15] becomes W[t..t+1]; x1, x4, x5 hold W[t-14..t-13],
 * W[t-8..t-7], W[t-6..t-5], x7 W[t-2..t-1] */
#define VS(x0, x1, x4, x5, x7, t)                                                        \
    do {                                                                                 \
        x0 = _mm256_add_epi64(_mm256_add_epi64(x0, VS0(_mm256_alignr_epi8(x1, x0, 8))),  \
                              _mm256_add_epi64(_mm256_alignr_epi8(x5, x4, 8), VS1(x7))); \
        VSTORE(x0, t);                                                                   \
    } while (0)
/* words k, k+1 of both blocks, byte-swapped */
#define VLOAD(v, k)                                                                        \
    do {                                                                                   \
        v = _mm256_shuffle_epi8(                                                           \
            _mm256_inserti128_si256(                                                       \
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(blk + 8 * (k)))), \
                _mm_loadu_si128((const __m128i *)(nxt + 8 * (k))), 1),                     \
            bswap);                                                                        \
        VSTORE(v, k);                                                                      \
    } while (0)

/* rounds j..j+15 of the first block and the schedule of j+16..j+31 */
#define VR16S(j)                                       \
    do {                                               \
        VR(a, b, c, d, e, f, g, h, VWK((j) + 0, 0));   \
        VR(h, a, b, c, d, e, f, g, VWK((j) + 1, 0));   \
        VS(v0, v1, v4, v5, v7, (j) + 16);              \
        VR(g, h, a, b, c, d, e, f, VWK((j) + 2, 0));   \
        VR(f, g, h, a, b, c, d, e, VWK((j) + 3, 0));   \
        VS(v1, v2, v5, v6, v0, (j) + 18);              \
        VR(e, f, g, h, a, b, c, d, VWK((j) + 4, 0));   \
        VR(d, e, f, g, h, a, b, c, VWK((j) + 5, 0));   \
        VS(v2, v3, v6, v7, v1, (j) + 20);              \
        VR(c, d, e, f, g, h, a, b, VWK((j) + 6, 0));   \
        VR(b, c, d, e, f, g, h, a, VWK((j) + 7, 0));   \
        VS(v3, v4, v7, v0, v2, (j) + 22);              \
        VR(a, b, c, d, e, f, g, h, VWK((j) + 8, 0));   \
        VR(h, a, b, c, d, e, f, g, VWK((j) + 9, 0));   \
        VS(v4, v5, v0, v1, v3, (j) + 24);              \
        VR(g, h, a, b, c, d, e, f, VWK((j) + 10, 0));  \
        VR(f, g, h, a, b, c, d, e, VWK((j) + 11, 0));  \
        VS(v5, v6, v1, v2, v4, (j) + 26);              \
        VR(e, f, g, h, a, b, c, d, VWK((j) + 12, 0));  \
        VR(d, e, f, g, h, a, b, c, VWK((j) + 13, 0));  \
        VS(v6, v7, v2, v3, v5, (j) + 28);              \
        VR(c, d, e, f, g, h, a, b, VWK((j) + 14, 0));  \
        VR(b, c, d, e, f, g, h, a, VWK((j) + 15, 0));  \
        VS(v7, v0, v3, v4, v6, (j) + 30);              \
    } while (0)

/* rounds j..j+15 of block B (0 or 2) with the schedule already stored */
#define VR16(j, B)                                     \
    do {                                               \
        VR(a, b, c, d, e, f, g, h, VWK((j) + 0, B));   \
        VR(h, a, b, c, d, e, f, g, VWK((j) + 1, B));   \
        VR(g, h, a, b, c, d, e, f, VWK((j) + 2, B));   \
        VR(f, g, h, a, b, c, d, e, VWK((j) + 3, B));   \
        VR(e, f, g, h, a, b, c, d, VWK((j) + 4, B));   \
        VR(d, e, f, g, h, a, b, c, VWK((j) + 5, B));   \
        VR(c, d, e, f, g, h, a, b, VWK((j) + 6, B));   \
        VR(b, c, d, e, f, g, h, a, VWK((j) + 7, B));   \
        VR(a, b, c, d, e, f, g, h, VWK((j) + 8, B));   \
        VR(h, a, b, c, d, e, f, g, VWK((j) + 9, B));   \
        VR(g, h, a, b, c, d, e, f, VWK((j) + 10, B));  \
        VR(f, g, h, a, b, c, d, e, VWK((j) + 11, B));  \
        VR(e, f, g, h, a, b, c, d, VWK((j) + 12, B));  \
        VR(d, e, f, g, h, a, b, c, VWK((j) + 13, B));  \
        VR(c, d, e, f, g, h, a, b, VWK((j) + 14, B));  \
        VR(b, c, d, e, f, g, h, a, VWK((j) + 15, B));  \
    } while (0)

/* rounds j..j+15 of the second block, p = wk + 2 * j (VWK): a pointer
 * the loop advances, so each W+K is a constant offset from one register
 * (indexed by a loop counter, GCC kept the counter on the stack and
 * rebuilt every index from it, 3 instructions a round) */
#define VWKP(p, k) (p)[2 * ((k) & ~1) + 2 + ((k) & 1)]
#define VR16P(p)                                       \
    do {                                               \
        VR(a, b, c, d, e, f, g, h, VWKP(p, 0));        \
        VR(h, a, b, c, d, e, f, g, VWKP(p, 1));        \
        VR(g, h, a, b, c, d, e, f, VWKP(p, 2));        \
        VR(f, g, h, a, b, c, d, e, VWKP(p, 3));        \
        VR(e, f, g, h, a, b, c, d, VWKP(p, 4));        \
        VR(d, e, f, g, h, a, b, c, VWKP(p, 5));        \
        VR(c, d, e, f, g, h, a, b, VWKP(p, 6));        \
        VR(b, c, d, e, f, g, h, a, VWKP(p, 7));        \
        VR(a, b, c, d, e, f, g, h, VWKP(p, 8));        \
        VR(h, a, b, c, d, e, f, g, VWKP(p, 9));        \
        VR(g, h, a, b, c, d, e, f, VWKP(p, 10));       \
        VR(f, g, h, a, b, c, d, e, VWKP(p, 11));       \
        VR(e, f, g, h, a, b, c, d, VWKP(p, 12));       \
        VR(d, e, f, g, h, a, b, c, VWKP(p, 13));       \
        VR(c, d, e, f, g, h, a, b, VWKP(p, 14));       \
        VR(b, c, d, e, f, g, h, a, VWKP(p, 15));       \
    } while (0)

#define VSTART()                                    \
    do {                                            \
        a = H[0]; b = H[1]; c = H[2]; d = H[3];     \
        e = H[4]; f = H[5]; g = H[6]; h = H[7];     \
        bc = b ^ c;                                 \
    } while (0)
#define VEND()                                      \
    do {                                            \
        H[0] += a; H[1] += b; H[2] += c; H[3] += d; \
        H[4] += e; H[5] += f; H[6] += g; H[7] += h; \
    } while (0)

HB_SHA512_AVX2 void hb_sha512_compress(void *state, const uint8_t *blk, size_t n)
{
    /* the bytes of each 64-bit lane reversed */
    const __m256i bswap = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                          8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    uint64_t *H = (uint64_t *)state;
    /* W+K of two blocks, two words of each in turn (VWK) */
    uint64_t wk[160] __attribute__((aligned(32)));
    uint64_t a, b, c, d, e, f, g, h, t, s, ab, bc;
    __m256i v0, v1, v2, v3, v4, v5, v6, v7;
    const uint64_t *p;

    while (n) {
        /* opaque to GCC, so that the K loads stay in the steps: knowing K,
         * it hoists the 40 broadcasts of K pairs out of the loop into stack
         * slots, filled on every call and competing with the schedule for
         * the vector registers */
        const uint64_t *kp = K;
        __asm__("" : "+r"(kp));
        const uint8_t *nxt = n > 1 ? blk + 128 : blk;
        VLOAD(v0, 0); VLOAD(v1, 2); VLOAD(v2, 4); VLOAD(v3, 6);
        VLOAD(v4, 8); VLOAD(v5, 10); VLOAD(v6, 12); VLOAD(v7, 14);
        VSTART();
        VR16S(0);
        VR16S(16);
        VR16S(32);
        VR16S(48);
        VR16(64, 0);
        VEND();
        if (n == 1)
            break;
        VSTART();
        for (p = wk; p < wk + 160; p += 32)
            VR16P(p);
        VEND();
        blk += 256;
        n -= 2;
    }
}
#else
/* not an x86-64 CPU: the dispatch never lists this implementation */
typedef int hb_sha2_avx2_unused;
#endif
