/* echo_sub32.h -- BIG.SUBWORDS on 32-bit column words, each AES round
 * written out as four column expressions of the selected AES form: the
 * unrolled form's and the statics form's (see echo_big.h). */
#ifndef HB_ECHO_SUB32_H
#define HB_ECHO_SUB32_H

/* BIG.SUBWORDS: two AES rounds per word, the first keyed by the counter k
 * (four 32-bit words, least significant first; incremented after every
 * word), the second by the salt (zero); each round written out as four
 * column expressions of the selected AES form.  The counter is held in
 * locals for the 16 words: incremented in the array, it cost a load, a
 * store and a loop test per word on the Cortex-M4. */
static void big_subwords(uint32_t *s, uint32_t *k)
{
    uint32_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
    unsigned i;
    for (i = 0; i < 16; i++) {
        uint32_t *x = s + 4 * i;
        uint32_t y0, y1, y2, y3;
        HB_AES_ROUND_LE(y0, y1, y2, y3, x[0], x[1], x[2], x[3]);
        y0 ^= k0; y1 ^= k1; y2 ^= k2; y3 ^= k3;
        HB_AES_ROUND_LE(x[0], x[1], x[2], x[3], y0, y1, y2, y3);
        if (++k0 == 0 && ++k1 == 0 && ++k2 == 0) ++k3;
    }
    k[0] = k0; k[1] = k1; k[2] = k2; k[3] = k3;
}

#endif
