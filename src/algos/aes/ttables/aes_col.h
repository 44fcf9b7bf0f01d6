/*
 * aes_col.h (ttables/) -- one column of the AES round from four 1 KiB
 * T-tables, Tr[x] = column r of MixColumns times S[x] (aes_ttables.c): four
 * lookups and three XORs, the fastest form where 4 KiB of tables fit.
 * The four are rows of one array, hb_aes_T[r], so that one base register
 * reaches all of them.  Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

extern HB_ROM uint32_t hb_aes_T[4][256];

#define HB_AES_COL(a, b, c, d) \
    (HB_ROM_U32(hb_aes_T[0], HB_AES_B(a, 0)) ^ HB_ROM_U32(hb_aes_T[1], HB_AES_B(b, 1)) ^ \
     HB_ROM_U32(hb_aes_T[2], HB_AES_B(c, 2)) ^ HB_ROM_U32(hb_aes_T[3], HB_AES_B(d, 3)))

#endif
