/*
 * aes_col.h (ttables/) -- one column of the AES round from four 1 KiB
 * T-tables, Tr[x] = column r of MixColumns times S[x] (aes_ttables.c): four
 * lookups and three XORs, the fastest form where 4 KiB of tables fit.
 * On 64-bit hosts the four are rows of one array, hb_aes_T[r] (see
 * HB_AES_T_ROWS).  Included by ../aes_round.h.
 */
#ifndef HB_AES_COL_H
#define HB_AES_COL_H

/* HB_AES_T_ROWS: one base register reaches all four tables, where four
 * took four of x86-64's registers and ECHO's and SHAvite-3's state spilled
 * for them (ECHO-256 1.05 -> 1.02 of sphlib 3.0); on Cortex-M4 the same
 * made both 2% slower */
#if !defined(HB_AES_T_ROWS) && (defined(__x86_64__) || defined(__aarch64__))
#define HB_AES_T_ROWS
#endif

#ifdef HB_AES_T_ROWS
extern HB_ROM uint32_t hb_aes_T[4][256];
#define HB_AES_T0 hb_aes_T[0]
#define HB_AES_T1 hb_aes_T[1]
#define HB_AES_T2 hb_aes_T[2]
#define HB_AES_T3 hb_aes_T[3]
#else
extern HB_ROM uint32_t hb_aes_T0[256], hb_aes_T1[256], hb_aes_T2[256], hb_aes_T3[256];
#define HB_AES_T0 hb_aes_T0
#define HB_AES_T1 hb_aes_T1
#define HB_AES_T2 hb_aes_T2
#define HB_AES_T3 hb_aes_T3
#endif

#define HB_AES_COL(a, b, c, d) \
    (HB_ROM_U32(HB_AES_T0, HB_AES_B(a, 0)) ^ HB_ROM_U32(HB_AES_T1, HB_AES_B(b, 1)) ^ \
     HB_ROM_U32(HB_AES_T2, HB_AES_B(c, 2)) ^ HB_ROM_U32(HB_AES_T3, HB_AES_B(d, 3)))

#endif
