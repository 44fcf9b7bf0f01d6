/* echo_sub32.h -- BIG.SUBWORDS on 32-bit column words, each AES round
 * written out as four column expressions of the selected AES form: the
 * unrolled form's and the statics form's (see echo_big.h). */
#ifndef HB_ECHO_SUB32_H
#define HB_ECHO_SUB32_H

/* BIG.SUBWORDS: two AES rounds per word, the first keyed by the counter k
 * (four 32-bit words, least significant first; incremented after every
 * word), the second by the salt (zero); each round written out as four
 * column expressions of the selected AES form */
static void big_subwords(uint32_t *s, uint32_t *k)
{
    unsigned i, j;
    for (i = 0; i < 16; i++) {
        uint32_t *x = s + 4 * i;
        uint32_t y0, y1, y2, y3;
        HB_AES_ROUND_LE(y0, y1, y2, y3, x[0], x[1], x[2], x[3]);
        y0 ^= k[0]; y1 ^= k[1]; y2 ^= k[2]; y3 ^= k[3];
        HB_AES_ROUND_LE(x[0], x[1], x[2], x[3], y0, y1, y2, y3);
        for (j = 0; j < 4 && ++k[j] == 0; j++) {}
    }
}

#endif
