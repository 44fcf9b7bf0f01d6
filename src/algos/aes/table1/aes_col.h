/*
 * aes_col.h (table1/) -- one column of the AES round from one 1 KiB
 * T-table (aes_ttables.c): Tr is T0 rotated left by 8r bits, so the
 * rotations replace three of the four tables.  Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

extern HB_ROM uint32_t hb_aes_T0[256];

#define HB_AES_COL(a, b, c, d) \
    (HB_ROM_U32(hb_aes_T0, HB_AES_B(a, 0)) ^ \
     HB_AES_ROL32(HB_ROM_U32(hb_aes_T0, HB_AES_B(b, 1)), 8) ^ \
     HB_AES_ROL32(HB_ROM_U32(hb_aes_T0, HB_AES_B(c, 2)), 16) ^ \
     HB_AES_ROL32(HB_ROM_U32(hb_aes_T0, HB_AES_B(d, 3)), 24))

#endif
