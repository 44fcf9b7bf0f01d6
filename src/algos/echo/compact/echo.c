/* ECHO (round-2 version): see ../echo.h.  The state is a 4x4 matrix of
 * 128-bit words w[0..15], stored column by column (w[4c + r] is row r of
 * column c); each 128-bit word is an AES state of four little-endian
 * column words, so w[i] occupies s[4i .. 4i+3]. */
#include "../echo.h"
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"

/* one AES round (no key) from x into y, the four columns in a loop: one
 * column expression in the code.  With the S-box alone (aes/sbox/) SDCC
 * inlines hb_aes_col_ at every use, each copy with its own locals on the
 * frame: the eight copies of the unrolled form (echo/unrolled/) made
 * big_subwords' frame 218 bytes, and with its callers the 8051's 256-byte
 * pdata stack wrapped (the firmware hung). */
static void aes_round(uint32_t *y, const uint32_t *x)
{
    unsigned j;
    for (j = 0; j < 4; j++)
        y[j] = HB_AES_COL(x[j], x[(j + 1) & 3], x[(j + 2) & 3], x[(j + 3) & 3]);
}

/* BIG.SUBWORDS: two AES rounds per word, the first keyed by the counter k
 * (four 32-bit words, least significant first; incremented after every
 * word), the second by the salt (zero) */
static void big_subwords(uint32_t *s, uint32_t *k)
{
    unsigned i, j;
    for (i = 0; i < 16; i++) {
        uint32_t *x = s + 4 * i;
        uint32_t y[4];
        aes_round(y, x);
        for (j = 0; j < 4; j++) y[j] ^= k[j];
        aes_round(x, y);
        for (j = 0; j < 4 && ++k[j] == 0; j++) {}
    }
}

#define ECHO_XTIME32 HB_AES_XTIME32
#include "../echo_mix32.h"
#include "../echo_big.h"
