/* shavite3_core.h -- the pieces both SHAvite-3 compression functions use
 * (shavite3_256.c, shavite3_512.c): the AES round, the message expansion
 * and the Feistel function.  Static, so each width's object holds its own
 * copy and an image links one compression function only. */
#ifndef HB_SHAVITE3_CORE_H
#define HB_SHAVITE3_CORE_H

#include "shavite3.h"
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

#ifdef HB_SHAVITE3_COMPACT
/* one AES round (key 0) from x into y, the four columns in a loop: one
 * column expression in the code -- with the S-box alone (HB_AES_TABLES=0)
 * SDCC inlines hb_aes_col_ at every use, each copy with its own locals on
 * the frame, and the 8051's pdata stack is 256 bytes */
static void sv_aes_round(uint32_t *y, const uint32_t *x)
{
    unsigned j;
    for (j = 0; j < 4; j++)
        y[j] = HB_AES_COL(x[j], x[(j + 1) & 3], x[(j + 2) & 3], x[(j + 3) & 3]);
}
#endif

/*
 * Message expansion.  The round keys form one long sequence rk[0..]: the
 * message words, then alternately chunks of N words (N = 16 for C256, 32
 * for C512) made by the nonlinear step -- an AES round (key 0: the salt)
 * over four words of the previous chunk, word order rotated by one, XOR
 * the four words just before -- and by the linear step
 * rk[i] = rk[i-N] ^ rk[i-3] (C256) / rk[i-N] ^ rk[i-7] (C512).  The
 * counter enters four groups of the nonlinear chunks.  A chunk depends
 * only on the chunk before it, so the rounds need only a few chunks at a
 * time: C256 makes 3 chunks per 4 rounds, C512 2 chunks per 2 rounds.
 */

/* counter injection into the groups at rk[16, 56, 84, 124] (C256,
 * 64-bit counter) / rk[32, 164, 316, 440] (C512); at = index of d[0].
 * A function of its own: inside chunk_nl these lines took SDCC 104 bytes
 * of spill locations on the 8051's 223-byte hardware stack, which then
 * overflowed below the AES round (the firmware restarted). */
static void sv_count(uint32_t *d, const uint32_t *cnt, unsigned N, unsigned at)
{
    if (N == 16) {
        switch (at) {
        case 16:  d[0] ^= cnt[0]; d[1] ^= ~cnt[1]; break;
        case 56:  d[1] ^= cnt[1]; d[2] ^= ~cnt[0]; break;
        case 84:  d[2] ^= cnt[1]; d[3] ^= ~cnt[0]; break;
        case 124: d[0] ^= cnt[0]; d[3] ^= ~cnt[1]; break;
        default: break;
        }
    } else {
        switch (at) {
        case 32:  d[0] ^= cnt[0]; d[1] ^= cnt[1]; d[2] ^= cnt[2]; d[3] ^= ~cnt[3]; break;
        case 164: d[0] ^= cnt[3]; d[1] ^= cnt[2]; d[2] ^= cnt[1]; d[3] ^= ~cnt[0]; break;
        case 316: d[0] ^= cnt[2]; d[1] ^= cnt[3]; d[2] ^= cnt[0]; d[3] ^= ~cnt[1]; break;
        case 440: d[0] ^= cnt[1]; d[1] ^= cnt[0]; d[2] ^= cnt[3]; d[3] ^= ~cnt[2]; break;
        default: break;
        }
    }
}

/* nonlinear chunk dst from prev; base = index of dst[0] in rk[] */
static void chunk_nl(uint32_t *dst, const uint32_t *prev, unsigned N, unsigned base,
                     const uint32_t *cnt)
{
    unsigned g;
    const uint32_t *before = prev + N - 4;
    for (g = 0; g < N; g += 4) {
#ifdef HB_SHAVITE3_COMPACT
        uint32_t x[4], y[4];
        x[0] = prev[g + 1]; x[1] = prev[g + 2]; x[2] = prev[g + 3]; x[3] = prev[g];
        sv_aes_round(y, x);
        dst[g] = y[0] ^ before[0];
        dst[g + 1] = y[1] ^ before[1];
        dst[g + 2] = y[2] ^ before[2];
        dst[g + 3] = y[3] ^ before[3];
#else
        uint32_t y0, y1, y2, y3;
        HB_AES_ROUND_LE(y0, y1, y2, y3, prev[g + 1], prev[g + 2], prev[g + 3], prev[g]);
        dst[g] = y0 ^ before[0];
        dst[g + 1] = y1 ^ before[1];
        dst[g + 2] = y2 ^ before[2];
        dst[g + 3] = y3 ^ before[3];
#endif
        sv_count(dst + g, cnt, N, base + g);
        before = dst + g;
    }
}

/* linear chunk dst from prev: rk[i] = rk[i-N] ^ rk[i-tap] */
static void chunk_lin(uint32_t *dst, const uint32_t *prev, unsigned N, unsigned tap)
{
    unsigned i;
    for (i = 0; i < tap; i++) dst[i] = prev[i] ^ prev[N - tap + i];
    for (; i < N; i++) dst[i] = prev[i] ^ dst[i - tap];
}

/* x ^= F^nr(r): nr AES rounds, each preceded by XOR of four key words */
#ifdef HB_SHAVITE3_COMPACT
static void sv_feistel(uint32_t *x, const uint32_t *r, const uint32_t *k, unsigned nr)
{
    uint32_t a[4], b[4];
    unsigned i, j;
    for (i = 0; i < 4; i++) a[i] = r[i];
    for (j = 0; j < nr; j++) {
        for (i = 0; i < 4; i++) b[i] = a[i] ^ k[4 * j + i];
        sv_aes_round(a, b);
    }
    for (i = 0; i < 4; i++) x[i] ^= a[i];
}
#define SV_FEISTEL(x, r, k, nr) sv_feistel(x, r, k, nr)
#else
#define SV_FEISTEL(x, r, k, nr) do { \
        uint32_t a0 = (r)[0], a1 = (r)[1], a2 = (r)[2], a3 = (r)[3], b0, b1, b2, b3; \
        unsigned j_; \
        for (j_ = 0; j_ < (nr); j_++) { \
            const uint32_t *kk_ = (k) + 4 * j_; \
            a0 ^= kk_[0]; a1 ^= kk_[1]; a2 ^= kk_[2]; a3 ^= kk_[3]; \
            HB_AES_ROUND_LE(b0, b1, b2, b3, a0, a1, a2, a3); \
            a0 = b0; a1 = b1; a2 = b2; a3 = b3; \
        } \
        (x)[0] ^= a0; (x)[1] ^= a1; (x)[2] ^= a2; (x)[3] ^= a3; \
    } while (0)
#endif

#endif
