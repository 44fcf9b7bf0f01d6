/*
 * aes_col.h (sbox/) -- one column of the AES round from the S-box alone
 * (256 bytes, ../aes_tables.c), MixColumns computed with doublings in
 * GF(2^8): the smallest form (the 8051's).  Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

HB_INLINE uint32_t hb_aes_col_(uint32_t a, uint32_t b, uint32_t c, uint32_t d) HB_REENTRANT
{
    uint32_t w = (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(a, 0))
               | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(b, 1)) << 8
               | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(c, 2)) << 16
               | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(d, 3)) << 24;
    uint32_t r1 = HB_AES_ROL32(w, 24), r2 = HB_AES_ROL32(w, 16), r3 = HB_AES_ROL32(w, 8);
    /* row r: 2 a_r + 3 a_(r+1) + a_(r+2) + a_(r+3) */
    return HB_AES_XTIME32(w ^ r1) ^ r1 ^ r2 ^ r3;
}
#define HB_AES_COL(a, b, c, d) hb_aes_col_(a, b, c, d)

#endif
