/* hamsi_big_array.h -- the Hamsi-384/512 kernel of hamsi_big.h on a
 * state array, with 4-bit expansion tables.  The implementation's
 * hamsi512.c (unrolled/ or compact/) defines HAMSI_BIG_L(s, i), the
 * diffusion layer of a round on the 32-word state s (i: a free unsigned),
 * and HAMSI_BIG_LOCALS, the variables it needs besides (declared with the
 * function's own: a block of their own moved SDCC's frame layout), then
 * includes this and hamsi_big.h. */
#ifndef HB_HAMSI_BIG_ARRAY_H
#define HB_HAMSI_BIG_ARRAY_H
#define HAMSI_WANT_512
#include "hamsi_core.h"
#include "hamsi_tables.h"

/* Hamsi-384/512: the same over 32 words, with the extra diagonal L layer */
static void hamsi_big(uint32_t *h, const uint32_t *m, unsigned rounds, HB_ROM uint32_t *alpha)
{
    HB_SCRATCH uint32_t s[32];
    HAMSI_BIG_LOCALS
    unsigned r, i;
    /* C: m0 m1 c0 c1 m2 m3 c2 c3 c4 c5 m4 m5 c6 c7 m6 m7, then the same
     * pattern for the second halves (m8.., c8..) */
    for (i = 0; i < 2; i++) {
        const uint32_t *mm = m + 8 * i, *cc = h + 8 * i;
        uint32_t *ss = s + 16 * i;
        ss[0] = mm[0]; ss[1] = mm[1]; ss[2] = cc[0]; ss[3] = cc[1];
        ss[4] = mm[2]; ss[5] = mm[3]; ss[6] = cc[2]; ss[7] = cc[3];
        ss[8] = cc[4]; ss[9] = cc[5]; ss[10] = mm[4]; ss[11] = mm[5];
        ss[12] = cc[6]; ss[13] = cc[7]; ss[14] = mm[6]; ss[15] = mm[7];
    }
    for (r = 0; r < rounds; r++) {
        for (i = 0; i < 32; i++) s[i] ^= HB_ROM_U32(alpha, i);
        s[1] ^= (uint32_t)r;
        for (i = 0; i < 8; i++) SBOX(s[i], s[i + 8], s[i + 16], s[i + 24]);
        HAMSI_BIG_L(s, i);
    }
    for (i = 0; i < 8; i++) {
        h[i] ^= s[i];
        h[i + 8] ^= s[i + 16];
    }
}

/* message expansion: XOR of 4-bit table rows (LSB nibble first) */
static void hamsi512_blocks(uint32_t *h, const uint8_t *blk, size_t n, unsigned last)
{
    HB_SCRATCH uint32_t m[16];
    unsigned u, k, i;
    for (; n; n--, blk += 8) {
        for (i = 0; i < 16; i++) m[i] = 0;
        for (u = 0; u < 8; u++) {
            for (k = 0; k < 2; k++) {
                unsigned v = k ? blk[u] >> 4 : blk[u] & 15u, t = 2 * u + k;
                for (i = 0; i < 16; i++) m[i] ^= HB_ROM_U32(HAMSI_EXP512[t][v], i);
            }
        }
        hamsi_big(h, m, last ? 12 : 6, last ? HAMSI_ALPHA_F : HAMSI_ALPHA_N);
    }
}

#endif
