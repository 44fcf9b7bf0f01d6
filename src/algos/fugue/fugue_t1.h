/*
 * fugue_t1.h -- SubBytes + Super-Mix of a byte at row k from one 1 KiB
 * table (fugue_t0.c) rotated by 8k bits: a quarter of the table data of
 * fugue_t4.h.  Included first by the implementation (see fugue_smix.h).
 */
#ifndef HB_FUGUE_T_H
#define HB_FUGUE_T_H
#include "hashbench.h"

extern HB_ROM uint32_t hb_fugue_T0[256];

#define FG_T(k, v) FG_ROT_##k(HB_ROM_U32(hb_fugue_T0, v))

#endif
