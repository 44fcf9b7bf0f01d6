/*
 * Groestl on 64-bit columns with the AES S-box alone (256 bytes,
 * ../../aes/aes_tables.c), MixBytes computed: no Groestl tables.
 * See ../groestl.h; section numbers refer to the Groestl specification,
 * version 2.0.1 (Jan 2011).
 */
#include "../groestl_cols.h"
#define HB_AES_NO_ROUND   /* the S-box only */
#include "../../aes/aes_round.h"

#define XT(b) ((uint8_t)(((b) << 1) ^ (((b) >> 7) * 0x1b)))
/* S-box of the bytes v0..v7 (row r from its column), then
 * B = circ(2,2,3,4,5,3,5,7): row i gets sum over r of b[(r - i) mod 8] * s_r */
static uint64_t gcol_sbox(unsigned v0, unsigned v1, unsigned v2, unsigned v3,
                          unsigned v4, unsigned v5, unsigned v6, unsigned v7)
{
    uint8_t s[8], m[8][8];
    unsigned r, i;
    uint64_t out = 0;
    s[0] = HB_ROM_U8(hb_aes_sbox, v0); s[1] = HB_ROM_U8(hb_aes_sbox, v1);
    s[2] = HB_ROM_U8(hb_aes_sbox, v2); s[3] = HB_ROM_U8(hb_aes_sbox, v3);
    s[4] = HB_ROM_U8(hb_aes_sbox, v4); s[5] = HB_ROM_U8(hb_aes_sbox, v5);
    s[6] = HB_ROM_U8(hb_aes_sbox, v6); s[7] = HB_ROM_U8(hb_aes_sbox, v7);
    for (r = 0; r < 8; r++) {
        uint8_t x1 = s[r], x2 = XT(x1), x4 = XT(x2);
        /* coefficients 2, 2, 3, 4, 5, 3, 5, 7 */
        m[r][0] = x2; m[r][1] = x2; m[r][2] = x2 ^ x1; m[r][3] = x4;
        m[r][4] = x4 ^ x1; m[r][5] = x2 ^ x1; m[r][6] = x4 ^ x1; m[r][7] = x4 ^ x2 ^ x1;
    }
    for (i = 0; i < 8; i++) {
        uint8_t v = 0;
        for (r = 0; r < 8; r++) v ^= m[r][(r - i) & 7];
        out |= (uint64_t)v << (8 * i);
    }
    return out;
}
/* output column j: row r comes from column j + s_r (ShiftBytes, sec. 3.3) */
#define GCOL(a, m, j, s0, s1, s2, s3, s4, s5, s6, s7) \
    gcol_sbox(GB(a[((j) + (s0)) & (m)], 0), GB(a[((j) + (s1)) & (m)], 1), GB(a[((j) + (s2)) & (m)], 2), \
              GB(a[((j) + (s3)) & (m)], 3), GB(a[((j) + (s4)) & (m)], 4), GB(a[((j) + (s5)) & (m)], 5), \
              GB(a[((j) + (s6)) & (m)], 6), GB(a[((j) + (s7)) & (m)], 7))

#include "../groestl_perm.h"
#include "../groestl_md.h"
