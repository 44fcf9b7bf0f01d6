/*
 * aes_col.h (ttables/) -- one column of the AES round from four 1 KiB
 * T-tables, Tr[x] = column r of MixColumns times S[x] (aes_ttables.c): four
 * lookups and three XORs, the fastest form where 4 KiB of tables fit.
 * Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

extern HB_ROM uint32_t hb_aes_T0[256], hb_aes_T1[256], hb_aes_T2[256], hb_aes_T3[256];

#define HB_AES_COL(a, b, c, d) \
    (HB_ROM_U32(hb_aes_T0, HB_AES_B(a, 0)) ^ HB_ROM_U32(hb_aes_T1, HB_AES_B(b, 1)) ^ \
     HB_ROM_U32(hb_aes_T2, HB_AES_B(c, 2)) ^ HB_ROM_U32(hb_aes_T3, HB_AES_B(d, 3)))

#endif
