/* SHAvite-3-384/512 with the x86 AES instructions: the C512 compression
 * function (see ../shavite3.h, ../impls.toml) and the widths' init.  The
 * byte order, the target pragma and the dispatch as in shavite3_256.c. */
#include "../shavite3.h"
#include "../../../common/hb_util.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,ssse3"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("aes,ssse3")
#endif

/* group q (8 <= q < 112) of the 448 round-key words as 112 groups of
 * four: the message is groups 0..7, then come chunks of eight groups,
 * nonlinear (odd chunks) and linear in turn.  Each group needs only the
 * group eight back (same place in the chunk before) and the two just
 * before, so k[] holds the last eight, group q in k[q % 8] over the group
 * eight back. */
static inline void next_group(__m128i *k, unsigned q, const uint32_t *cnt)
{
    __m128i *x = &k[q & 7];
    if (q & 8) {
        /* AES round (key 0) of the group eight back, words rotated by one
         * (1, 2, 3, 0), XOR the group just before */
        *x = _mm_aesenc_si128(_mm_shuffle_epi32(*x, 0x39), k[(q - 1) & 7]);
        /* the counter into the groups at words 32, 164, 316, 440
         * (_mm_set_epi32 takes the words high to low) */
        if (q == 8)
            *x = _mm_xor_si128(*x, _mm_set_epi32((int)~cnt[3], (int)cnt[2], (int)cnt[1], (int)cnt[0]));
        if (q == 41)
            *x = _mm_xor_si128(*x, _mm_set_epi32((int)~cnt[0], (int)cnt[1], (int)cnt[2], (int)cnt[3]));
        if (q == 79)
            *x = _mm_xor_si128(*x, _mm_set_epi32((int)~cnt[1], (int)cnt[0], (int)cnt[3], (int)cnt[2]));
        if (q == 110)
            *x = _mm_xor_si128(*x, _mm_set_epi32((int)~cnt[2], (int)cnt[3], (int)cnt[0], (int)cnt[1]));
    } else {
        /* rk[i] = rk[i-32] ^ rk[i-7]: rk[i-7 .. i-4] are words 1..3 of the
         * group two back and word 0 of the group before */
        *x = _mm_xor_si128(*x, _mm_alignr_epi8(k[(q - 1) & 7], k[(q - 2) & 7], 4));
    }
}

/* chunk c: its eight groups, over chunk c - 1 */
#define SV_CHUNK(c) do { \
        next_group(k, 8 * (c), cnt); next_group(k, 8 * (c) + 1, cnt); \
        next_group(k, 8 * (c) + 2, cnt); next_group(k, 8 * (c) + 3, cnt); \
        next_group(k, 8 * (c) + 4, cnt); next_group(k, 8 * (c) + 5, cnt); \
        next_group(k, 8 * (c) + 6, cnt); next_group(k, 8 * (c) + 7, cnt); \
    } while (0)

/* a ^= F4(b) with the key groups k[i .. i+3]: four AES rounds, each after
 * the XOR of a key group; the last round's XOR is the Feistel XOR */
#define SV_F4(a, b, i) \
    ((a) = _mm_aesenc_si128(_mm_aesenc_si128(_mm_aesenc_si128(_mm_aesenc_si128( \
        _mm_xor_si128(b, k[i]), k[(i) + 1]), k[(i) + 2]), k[(i) + 3]), a))

/* one round on (A, B, C, D) with the chunk in k[]: A ^= F4(B),
 * C ^= F4(D), then (A, B, C, D) <- (D, A, B, C) */
#define SV_ROUND() do { \
        __m128i t_; \
        SV_F4(A, B, 0); SV_F4(C, D, 4); \
        t_ = D; D = C; C = B; B = A; A = t_; \
    } while (0)

void hb_shavite3_c512(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    __m128i k[8], A, B, C, D;
    unsigned q;
    for (q = 0; q < 8; q++) k[q] = _mm_loadu_si128((const __m128i *)(blk + 16 * q));
    A = _mm_loadu_si128((const __m128i *)h);
    B = _mm_loadu_si128((const __m128i *)(h + 4));
    C = _mm_loadu_si128((const __m128i *)(h + 8));
    D = _mm_loadu_si128((const __m128i *)(h + 12));
    /* 14 rounds written out, one chunk of keys each, the next chunk made
     * after the round: at constant indices k[] lives in registers, and the
     * expansion, a dependency chain of its own, overlaps the rounds' */
    SV_ROUND(); SV_CHUNK(1); SV_ROUND(); SV_CHUNK(2); SV_ROUND(); SV_CHUNK(3);
    SV_ROUND(); SV_CHUNK(4); SV_ROUND(); SV_CHUNK(5); SV_ROUND(); SV_CHUNK(6);
    SV_ROUND(); SV_CHUNK(7); SV_ROUND(); SV_CHUNK(8); SV_ROUND(); SV_CHUNK(9);
    SV_ROUND(); SV_CHUNK(10); SV_ROUND(); SV_CHUNK(11); SV_ROUND(); SV_CHUNK(12);
    SV_ROUND(); SV_CHUNK(13); SV_ROUND();
    _mm_storeu_si128((__m128i *)h, _mm_xor_si128(_mm_loadu_si128((const __m128i *)h), A));
    _mm_storeu_si128((__m128i *)(h + 4), _mm_xor_si128(_mm_loadu_si128((const __m128i *)(h + 4)), B));
    _mm_storeu_si128((__m128i *)(h + 8), _mm_xor_si128(_mm_loadu_si128((const __m128i *)(h + 8)), C));
    _mm_storeu_si128((__m128i *)(h + 12), _mm_xor_si128(_mm_loadu_si128((const __m128i *)(h + 12)), D));
}

/* the IVs, the md compression over the blocks and the inits: the same
 * as every other form's (C512 is this file's own) */
#define SV_OWN_COMPRESS
#include "../shavite3_c512.h"

#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_shavite3_aesni_512_unused;
#endif
