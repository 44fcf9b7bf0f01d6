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

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS, from s into d: row r of column c
 * comes from column c + r; then AES MixColumns over the four words of a
 * column, byte position by byte position (four positions per 32-bit lane),
 * in loops: one lane expression in the code (the 8051's frame, see
 * aes_round above) */
static void big_shift_mix(uint32_t *d, const uint32_t *s)
{
    unsigned c, l;
    for (c = 0; c < 4; c++) {
        const uint32_t *a = s + 4 * (4 * c + 0);
        const uint32_t *b = s + 4 * (4 * ((c + 1) & 3) + 1);
        const uint32_t *e = s + 4 * (4 * ((c + 2) & 3) + 2);
        const uint32_t *f = s + 4 * (4 * ((c + 3) & 3) + 3);
        uint32_t *o = d + 16 * c;
        for (l = 0; l < 4; l++) {
            uint32_t A = a[l], B = b[l], C = e[l], D = f[l];
            uint32_t ab = A ^ B, bc = B ^ C, cd = C ^ D, da = D ^ A;
            o[l] = HB_AES_XTIME32(ab) ^ B ^ cd;          /* 2A 3B  C  D */
            o[4 + l] = HB_AES_XTIME32(bc) ^ C ^ da;      /*  A 2B 3C  D */
            o[8 + l] = HB_AES_XTIME32(cd) ^ D ^ ab;      /*  A  B 2C 3D */
            o[12 + l] = HB_AES_XTIME32(da) ^ A ^ bc;     /* 3A  B  C 2D */
        }
    }
}

#include "../echo_big.h"
