/*
 * aes_col.h (trows/) -- the T-table column of ../ttables, with the four
 * tables as rows of one array hb_aes_T[4][256] (aes_ttables.c): one base
 * register reaches all four.  On x86-64 four arrays took four registers and
 * ECHO's and SHAvite-3's state spilled for them (ECHO-256 1.05 -> 1.02 of
 * sphlib 3.0's time); on the Cortex-M4 the one array made both about 2%
 * slower, so it is the host's form only.  Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

extern HB_ROM uint32_t hb_aes_T[4][256];

#define HB_AES_COL(a, b, c, d) \
    (HB_ROM_U32(hb_aes_T[0], HB_AES_B(a, 0)) ^ HB_ROM_U32(hb_aes_T[1], HB_AES_B(b, 1)) ^ \
     HB_ROM_U32(hb_aes_T[2], HB_AES_B(c, 2)) ^ HB_ROM_U32(hb_aes_T[3], HB_AES_B(d, 3)))

#endif
