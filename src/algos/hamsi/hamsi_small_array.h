/* hamsi_small_array.h -- the Hamsi-224/256 kernel of hamsi_small.h on a
 * state array with one S-box instance in a loop, and 4-bit expansion
 * tables (the 8-bit CPUs' forms: compact/, unrolled/). */
#ifndef HB_HAMSI_SMALL_ARRAY_H
#define HB_HAMSI_SMALL_ARRAY_H
#define HAMSI_WANT_256
#include "hamsi_core.h"
#include "hamsi_tables.h"

/* Hamsi-224/256: concatenation C (spec 2.2.5), `rounds` rounds of P or
 * Pf, truncation T and feed-forward into h.  The state is an array
 * (HB_SCRATCH) with one S-box instance in a loop: as sixteen locals plus
 * four inline S-boxes with their temporaries, the frame overflowed the
 * 8051's 256-byte pdata stack and the run hung. */
static void hamsi_small(uint32_t *h, const uint32_t *m, unsigned rounds, HB_ROM uint32_t *alpha)
{
    HB_SCRATCH uint32_t s[16];
    unsigned r, i;
    /* C: m0 m1 c0 c1 c2 c3 m2 m3 m4 m5 c4 c5 c6 c7 m6 m7 */
    s[0] = m[0]; s[1] = m[1]; s[2] = h[0]; s[3] = h[1];
    s[4] = h[2]; s[5] = h[3]; s[6] = m[2]; s[7] = m[3];
    s[8] = m[4]; s[9] = m[5]; s[10] = h[4]; s[11] = h[5];
    s[12] = h[6]; s[13] = h[7]; s[14] = m[6]; s[15] = m[7];
    for (r = 0; r < rounds; r++) {
        /* words 4k..4k+3 take alpha 8k..8k+3 */
        for (i = 0; i < 16; i++) s[i] ^= HB_ROM_U32(alpha, i + (i & ~3u));
        s[1] ^= (uint32_t)r;
        for (i = 0; i < 4; i++) SBOX(s[i], s[i + 4], s[i + 8], s[i + 12]);
        HL(s[0], s[5], s[10], s[15]);
        HL(s[1], s[6], s[11], s[12]);
        HL(s[2], s[7], s[8], s[13]);
        HL(s[3], s[4], s[9], s[14]);
    }
    for (i = 0; i < 4; i++) {
        h[i] ^= s[i];
        h[i + 4] ^= s[i + 8];
    }
}

/* message expansion: XOR of 4-bit table rows (LSB nibble first) */
static void hamsi256_blocks(uint32_t *h, const uint8_t *blk, size_t n, unsigned last)
{
    HB_SCRATCH uint32_t m[8];
    unsigned u, k, i;
    for (; n; n--, blk += 4) {
        for (i = 0; i < 8; i++) m[i] = 0;
        for (u = 0; u < 4; u++) {
            for (k = 0; k < 2; k++) {
                unsigned v = k ? blk[u] >> 4 : blk[u] & 15u, t = 2 * u + k;
                for (i = 0; i < 8; i++) m[i] ^= HB_ROM_U32(HAMSI_EXP256[t][v], i);
            }
        }
        hamsi_small(h, m, last ? 6 : 3, last ? HAMSI_ALPHA_F : HAMSI_ALPHA_N);
    }
}

#endif
