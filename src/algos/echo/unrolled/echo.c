/* ECHO (round-2 version): see ../echo.h.  The state is a 4x4 matrix of
 * 128-bit words w[0..15], stored column by column (w[4c + r] is row r of
 * column c); each 128-bit word is an AES state of four little-endian
 * column words, so w[i] occupies s[4i .. 4i+3]. */
#include "../echo.h"
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"

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

#include "../echo_mix32.h"
#include "../echo_big.h"
