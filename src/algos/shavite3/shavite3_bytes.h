/* shavite3_bytes.h -- the AES rounds of SHAvite-3 on states of 16 bytes
 * (../aes/aes_bytes.h), for 8-bit CPUs: the four words of a round's input
 * are split into bytes once, the 3 or 4 rounds of F and their key XORs
 * run on bytes, and the result is packed back once, where the word forms
 * pay a 32-bit column expression per output word.  Included first by the
 * sources of shavite3/bytes/ (see shavite3_core.h). */
#ifndef HB_SHAVITE3_ROUND_H
#define HB_SHAVITE3_ROUND_H

#include "../aes/aes_bytes.h"

/* a[4i..4i+3] = the bytes of w (little-endian, the AES state's column) */
static void sv_split(uint8_t *a, const uint32_t *w, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        uint32_t v = w[i];
        a[4 * i] = (uint8_t)v;
        a[4 * i + 1] = (uint8_t)(v >> 8);
        a[4 * i + 2] = (uint8_t)(v >> 16);
        a[4 * i + 3] = (uint8_t)(v >> 24);
    }
}

/* x[i] ^= column i of a, for i = 0..3 */
static void sv_fold(uint32_t *x, const uint8_t *a)
{
    unsigned i;
    for (i = 0; i < 4; i++)
        x[i] ^= (uint32_t)a[4 * i] | (uint32_t)a[4 * i + 1] << 8
              | (uint32_t)a[4 * i + 2] << 16 | (uint32_t)a[4 * i + 3] << 24;
}

/* nonlinear step of the expansion, group g: dst[g..g+3] = AES round (key 0)
 * of prev[g+1], prev[g+2], prev[g+3], prev[g], XOR before[0..3] */
static void sv_nl_round(uint32_t *dst, const uint32_t *prev, const uint32_t *before)
{
    uint8_t a[16];
    unsigned i;
    sv_split(a, prev + 1, 3);
    sv_split(a + 12, prev, 1);
    hb_aes8_round(a);
    for (i = 0; i < 4; i++) dst[i] = before[i];
    sv_fold(dst, a);
}
#define SV_NL_ROUND(dst, prev, g, before) sv_nl_round((dst) + (g), (prev) + (g), before)

/* x ^= F^nr(r): nr AES rounds, each preceded by XOR of four key words */
static void sv_feistel(uint32_t *x, const uint32_t *r, const uint32_t *k, unsigned nr)
{
    uint8_t a[16], kb[16];
    unsigned i, j;
    sv_split(a, r, 4);
    for (j = 0; j < nr; j++) {
        sv_split(kb, k + 4 * j, 4);
        for (i = 0; i < 16; i++) a[i] ^= kb[i];
        hb_aes8_round(a);
    }
    sv_fold(x, a);
}
#define SV_FEISTEL(x, r, k, nr) sv_feistel(x, r, k, nr)

#endif
