/*
 * aes_col.h (ram/) -- ttables/'s column (four 1 KiB T-tables, four lookups
 * and three XORs) with the tables plain const (aes_ttables.c): on a
 * Harvard part whose HB_ROM is program memory (the AVR) they are copied
 * to data memory at start-up, and a lookup is a 2-cycle SRAM load instead
 * of a 3-cycle flash read per byte, for 4 KiB of RAM.  Elsewhere the same
 * as ttables/.  Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

extern const uint32_t hb_aes_T0[256], hb_aes_T1[256], hb_aes_T2[256], hb_aes_T3[256];

/* the byte index in 32-bit arithmetic, not HB_AES_B's 16-bit unsigned:
 * so avr-gcc forms the table offset with one `mul` by 4 instead of a
 * zero-extension and two 16-bit shifts (SHAvite-3-512 on the AVR 857.0
 * against 876.9 c/B at 1 KiB) */
#define HB_AES_RAM_B(x, r) (((x) >> (8 * (r))) & 0xffu)

#define HB_AES_COL(a, b, c, d) \
    (hb_aes_T0[HB_AES_RAM_B(a, 0)] ^ hb_aes_T1[HB_AES_RAM_B(b, 1)] ^ \
     hb_aes_T2[HB_AES_RAM_B(c, 2)] ^ hb_aes_T3[HB_AES_RAM_B(d, 3)])

#endif
