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

#include "../echo_mix32.h"
#include "../echo_big.h"
