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

/* Initial values from the round-2 specification (sec. 4.1), the same data
 * as ../shavite3_c256.h's (a wrong word fails every KAT of the width) */
static HB_ROM uint32_t IV224[8] = {
    0x6774f31c, 0x990ae210, 0xc87d4274, 0xc9546371, 0x62b2aea8, 0x4b5801d8, 0x1b702860, 0x842f3017
};
static HB_ROM uint32_t IV256[8] = {
    0x49bb3e47, 0x2674860d, 0xa8b392ac, 0x021ac4e6, 0x409283cf, 0x620e5d86, 0x6d929dcb, 0x96cc2a8b
};

/* acc ^ F3(x): three AES rounds, each after the XOR of four key words k[j];
 * the last round's XOR is the Feistel XOR into acc */
static __m128i f3(__m128i x, const __m128i *k, __m128i acc)
{
    x = _mm_aesenc_si128(_mm_xor_si128(x, k[0]), k[1]);
    x = _mm_aesenc_si128(x, k[2]);
    return _mm_aesenc_si128(x, acc);
}

void hb_shavite3_c256(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    /* the 144 round-key words as 36 groups of four: the message, then
     * chunks of four groups, nonlinear (odd chunks) and linear in turn */
    __m128i rk[36], L, R;
    unsigned q, r;
    for (q = 0; q < 4; q++) rk[q] = _mm_loadu_si128((const __m128i *)(blk + 16 * q));
    for (q = 4; q < 36; q++) {
        if (q & 4) {
            /* AES round (key 0) of the group four back, words rotated by
             * one (1, 2, 3, 0), XOR the group just before */
            rk[q] = _mm_aesenc_si128(_mm_shuffle_epi32(rk[q - 4], 0x39), rk[q - 1]);
            /* the counter into the groups at words 16, 56, 84, 124
             * (_mm_set_epi32 takes the words high to low) */
            if (q == 4) rk[q] = _mm_xor_si128(rk[q], _mm_set_epi32(0, 0, (int)~cnt[1], (int)cnt[0]));
            if (q == 14) rk[q] = _mm_xor_si128(rk[q], _mm_set_epi32(0, (int)~cnt[0], (int)cnt[1], 0));
            if (q == 21) rk[q] = _mm_xor_si128(rk[q], _mm_set_epi32((int)~cnt[0], (int)cnt[1], 0, 0));
            if (q == 31) rk[q] = _mm_xor_si128(rk[q], _mm_set_epi32((int)~cnt[1], 0, 0, (int)cnt[0]));
        } else {
            /* rk[i] = rk[i-16] ^ rk[i-3] for the four words i of the group:
             * words 1..3 of the group before, then word 0 of this one,
             * which is already rk[i-16] ^ (word 1 before) */
            __m128i v = _mm_xor_si128(rk[q - 4], _mm_srli_si128(rk[q - 1], 4));
            rk[q] = _mm_xor_si128(v, _mm_slli_si128(v, 12));
        }
    }
    /* 12 Feistel rounds on (L, R), three key groups each, written without
     * swapping the halves */
    L = _mm_loadu_si128((const __m128i *)h);
    R = _mm_loadu_si128((const __m128i *)(h + 4));
    for (r = 0; r < 12; r += 2) {
        L = f3(R, rk + 3 * r, L);
        R = f3(L, rk + 3 * r + 3, R);
    }
    _mm_storeu_si128((__m128i *)h, _mm_xor_si128(_mm_loadu_si128((const __m128i *)h), L));
    _mm_storeu_si128((__m128i *)(h + 4), _mm_xor_si128(_mm_loadu_si128((const __m128i *)(h + 4)), R));
}

/* md compress: every full block counts all of its bits */
static void compress256(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)state;
    while (n--) {
        hb_shavite3_count(c->cnt, 512);
        hb_shavite3_c256(c->h, blk, c->cnt);
        blk += 64;
    }
}

static const hb_shavite3_desc D256 = {{64, 0, compress256}, hb_shavite3_c256, 8};

int hb_shavite3_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return hb_shavite3_start(ctx, p, &D256, IV224, 28); }
int hb_shavite3_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return hb_shavite3_start(ctx, p, &D256, IV256, 32); }

#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_shavite3_aesni_256_unused;
#endif
