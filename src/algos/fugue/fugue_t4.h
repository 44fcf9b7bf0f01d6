/*
 * fugue_t4.h -- SubBytes + Super-Mix of a byte at row k from four 1 KiB
 * tables (fugue_t0.c, fugue_t1_3.c): a lookup per byte (the fastest).
 * Included first by the implementation (see fugue_smix.h).
 */
#ifndef HB_FUGUE_T_H
#define HB_FUGUE_T_H
#include "hashbench.h"

extern HB_ROM uint32_t hb_fugue_T0[256], hb_fugue_T1[256], hb_fugue_T2[256], hb_fugue_T3[256];

#define FG_T(k, v) FG_T_##k(v)
#define FG_T_0(v) HB_ROM_U32(hb_fugue_T0, v)
#define FG_T_1(v) HB_ROM_U32(hb_fugue_T1, v)
#define FG_T_2(v) HB_ROM_U32(hb_fugue_T2, v)
#define FG_T_3(v) HB_ROM_U32(hb_fugue_T3, v)

#endif
