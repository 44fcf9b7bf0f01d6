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
 * written out.  The whole unrolled kernel (22 KB of code, about 5100
 * instructions) is far larger than the decoded-op cache, so a short
 * message runs much of it from the legacy decoders, and whatever runs
 * between two calls evicts more of it: the same 8 blocks took 0.92 of an
 * OpenSSL 1 KiB call when called back to back and 0.99 behind our own
 * init.  Rolling the second block alone (16 KB) took an interleaved 1 KiB
 * call from 1.15-1.17 to 1.10-1.11 times OpenSSL's in two sessions, 1 MiB
 * unchanged at 1.05 (64 B moved either way between sessions: 0.88-1.02,
 * unrolled 0.91-1.04; AMD Zen 4).  Rolling the first block's rounds too
 * (7 KB) gave 1.09 at 1 KiB but 1.10 at 1 MiB: its loop breaks the
 * overlap of the schedule with the rounds.  (The op-cache reading is
 * inferred from those timings: the VM offers no performance counters.)
 * A lone last block is loaded into both halves (the same vector work,
 * the second half unused).  rorx rotates
 * without destroying its source and andn computes Ch's ~e & g, saving the
 * register copies plain ror and not need.
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
 * round's b ^ c is the previous round's a ^ b (kept in bc). */
#define VR(a, b, c, d, e, f, g, h, wki)                     \
    do {                                                    \
        t = h + (wki) + S1(e) + (e & f) + (~e & g);         \
        d += t;                                             \
        ab = a ^ b;                                         \
        h = t + S0(a) + (b ^ (ab & bc));                    \
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
                                                   (const __m128i *)(K + (t))))));          \
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
    uint64_t a, b, c, d, e, f, g, h, t, ab, bc;
    __m256i v0, v1, v2, v3, v4, v5, v6, v7;
    unsigned j;

    while (n) {
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
        for (j = 0; j < 80; j += 16)
            VR16(j, 2);
        VEND();
        blk += 256;
        n -= 2;
    }
}
#else
/* not an x86-64 CPU: the dispatch never lists this implementation */
typedef int hb_sha2_avx2_unused;
#endif
