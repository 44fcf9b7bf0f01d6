/* SHAvite-3-224/256 with the x86 AES instructions: the C256 compression
 * function (see ../shavite3.h, ../impls.toml) and the widths' init.
 * Compiled for AES-NI and SSSE3 by a target pragma, so the library still
 * builds with plain -O2; only a CPU with them may call it, which the
 * host's dispatch checks (src/common/hb_dispatch.h).
 *
 * Four little-endian 32-bit words (a quarter of the state, a group of
 * round keys) are in memory exactly an AES state (byte 4c + r = row r of
 * column c), so they load into an XMM register as they are, and
 * aesenc(x, k) = MixColumns(ShiftRows(SubBytes(x))) ^ k does one keyless
 * AES round of SHAvite-3 and the XOR after it.
 *
 * The compression stands alone rather than over the portable round macros
 * (shavite3_core.h): its message expansion works on whole groups of four
 * round-key words, the portable one word by word. */
#include "../shavite3.h"
#include "../../../common/hb_util.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,ssse3"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("aes,ssse3")
#endif

/* group q (4 <= q < 36) of the 144 round-key words as 36 groups of four:
 * the message is groups 0..3, then come chunks of four groups, nonlinear
 * (odd chunks) and linear in turn.  Each group needs only the group four
 * back (chunk q/4 - 1, same place) and the one just before, so k[] holds
 * the last four, group q in k[q % 4] over the group four back. */
static inline void next_group(__m128i *k, unsigned q, const uint32_t *cnt)
{
    __m128i prev = k[(q - 1) & 3], *x = &k[q & 3];
    if (q & 4) {
        /* AES round (key 0) of the group four back, words rotated by one
         * (1, 2, 3, 0), XOR the group just before */
        *x = _mm_aesenc_si128(_mm_shuffle_epi32(*x, 0x39), prev);
        /* the counter into the groups at words 16, 56, 84, 124
         * (_mm_set_epi32 takes the words high to low) */
        if (q == 4) *x = _mm_xor_si128(*x, _mm_set_epi32(0, 0, (int)~cnt[1], (int)cnt[0]));
        if (q == 14) *x = _mm_xor_si128(*x, _mm_set_epi32(0, (int)~cnt[0], (int)cnt[1], 0));
        if (q == 21) *x = _mm_xor_si128(*x, _mm_set_epi32((int)~cnt[0], (int)cnt[1], 0, 0));
        if (q == 31) *x = _mm_xor_si128(*x, _mm_set_epi32((int)~cnt[1], 0, 0, (int)cnt[0]));
    } else {
        /* rk[i] = rk[i-16] ^ rk[i-3] for the four words i of the group:
         * words 1..3 of the group before, then word 0 of this one, which
         * is already rk[i-16] ^ (word 1 before) */
        __m128i v = _mm_xor_si128(*x, _mm_srli_si128(prev, 4));
        *x = _mm_xor_si128(v, _mm_slli_si128(v, 12));
    }
}

/* a ^= F3(b) with the key groups k[i], k[j], k[m] (the slots of the
 * round's three groups): three AES rounds, each after the XOR of a key
 * group; the last round's XOR is the Feistel XOR */
#define SV_F3(a, b, i, j, m) \
    ((a) = _mm_aesenc_si128(_mm_aesenc_si128(_mm_aesenc_si128(_mm_xor_si128(b, k[i]), k[j]), k[m]), a))

void hb_shavite3_c256(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    __m128i k[4], L, R;
    k[0] = _mm_loadu_si128((const __m128i *)blk);
    k[1] = _mm_loadu_si128((const __m128i *)(blk + 16));
    k[2] = _mm_loadu_si128((const __m128i *)(blk + 32));
    k[3] = _mm_loadu_si128((const __m128i *)(blk + 48));
    L = _mm_loadu_si128((const __m128i *)h);
    R = _mm_loadu_si128((const __m128i *)(h + 4));
    /* 12 Feistel rounds written out, each after the key groups it needs
     * are made: at constant indices k[] lives in registers, and the
     * expansion, a dependency chain of its own, overlaps the rounds' */
    SV_F3(L, R, 0, 1, 2);
    next_group(k, 4, cnt); next_group(k, 5, cnt);
    SV_F3(R, L, 3, 0, 1);
    next_group(k, 6, cnt); next_group(k, 7, cnt); next_group(k, 8, cnt);
    SV_F3(L, R, 2, 3, 0);
    next_group(k, 9, cnt); next_group(k, 10, cnt); next_group(k, 11, cnt);
    SV_F3(R, L, 1, 2, 3);
    next_group(k, 12, cnt); next_group(k, 13, cnt); next_group(k, 14, cnt);
    SV_F3(L, R, 0, 1, 2);
    next_group(k, 15, cnt); next_group(k, 16, cnt); next_group(k, 17, cnt);
    SV_F3(R, L, 3, 0, 1);
    next_group(k, 18, cnt); next_group(k, 19, cnt); next_group(k, 20, cnt);
    SV_F3(L, R, 2, 3, 0);
    next_group(k, 21, cnt); next_group(k, 22, cnt); next_group(k, 23, cnt);
    SV_F3(R, L, 1, 2, 3);
    next_group(k, 24, cnt); next_group(k, 25, cnt); next_group(k, 26, cnt);
    SV_F3(L, R, 0, 1, 2);
    next_group(k, 27, cnt); next_group(k, 28, cnt); next_group(k, 29, cnt);
    SV_F3(R, L, 3, 0, 1);
    next_group(k, 30, cnt); next_group(k, 31, cnt); next_group(k, 32, cnt);
    SV_F3(L, R, 2, 3, 0);
    next_group(k, 33, cnt); next_group(k, 34, cnt); next_group(k, 35, cnt);
    SV_F3(R, L, 1, 2, 3);
    _mm_storeu_si128((__m128i *)h, _mm_xor_si128(_mm_loadu_si128((const __m128i *)h), L));
    _mm_storeu_si128((__m128i *)(h + 4), _mm_xor_si128(_mm_loadu_si128((const __m128i *)(h + 4)), R));
}

/* the IVs, the md compression over the blocks and the inits: the same
 * as every other form's (C256 is this file's own) */
#define SV_OWN_COMPRESS
#include "../shavite3_c256.h"

#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_shavite3_aesni_256_unused;
#endif
