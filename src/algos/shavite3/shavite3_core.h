/* shavite3_core.h -- the pieces both SHAvite-3 compression functions use
 * (shavite3_c256.h, shavite3_c512.h): the message expansion.  Static, so
 * each width's object holds its own copy and an image links one
 * compression function only.  The implementation's round form
 * (shavite3_unrolled.h or shavite3_compact.h) comes first: SV_NL_ROUND,
 * the AES round of the expansion, and SV_FEISTEL. */
#ifndef HB_SHAVITE3_CORE_H
#define HB_SHAVITE3_CORE_H

#include "shavite3.h"
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

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
        SV_NL_ROUND(dst, prev, g, before);
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


#endif
