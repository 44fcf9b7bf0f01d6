/* shavite3_compact.h -- the AES rounds of SHAvite-3 as one function with
 * the four columns in a loop: one column expression in the code.  With
 * the S-box alone (aes/sbox/, which shavite3/compact/ requires) SDCC
 * inlines hb_aes_col_ at every use, each copy with its own locals on the
 * frame, and the 8051's pdata stack is 256 bytes.  Included first by the
 * sources of shavite3/compact/ (see shavite3_core.h). */
#ifndef HB_SHAVITE3_ROUND_H
#define HB_SHAVITE3_ROUND_H

#include "../aes/aes_round.h"

/* one AES round (key 0) from x into y */
static void sv_aes_round(uint32_t *y, const uint32_t *x)
{
    unsigned j;
    for (j = 0; j < 4; j++)
        y[j] = HB_AES_COL(x[j], x[(j + 1) & 3], x[(j + 2) & 3], x[(j + 3) & 3]);
}

/* nonlinear step of the expansion, group g: dst[g..g+3] = AES round (key 0)
 * of prev[g+1], prev[g+2], prev[g+3], prev[g], XOR before[0..3] */
#define SV_NL_ROUND(dst, prev, g, before) do { \
        uint32_t x[4], y[4]; \
        x[0] = prev[g + 1]; x[1] = prev[g + 2]; x[2] = prev[g + 3]; x[3] = prev[g]; \
        sv_aes_round(y, x); \
        dst[g] = y[0] ^ before[0]; \
        dst[g + 1] = y[1] ^ before[1]; \
        dst[g + 2] = y[2] ^ before[2]; \
        dst[g + 3] = y[3] ^ before[3]; \
    } while (0)

/* x ^= F^nr(r): nr AES rounds, each preceded by XOR of four key words */
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

#endif
