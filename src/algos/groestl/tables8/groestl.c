/*
 * Groestl on 64-bit columns, SubBytes+MixBytes of a byte from eight 2 KiB
 * tables (groestl_tables.c; Tr = T0 rotated by 8r bits): eight lookups and
 * XORs per column, the fastest form on 32- and 64-bit CPUs.
 * See ../groestl.h; section numbers refer to the Groestl specification,
 * version 2.0.1 (Jan 2011).
 */
#include "../groestl_cols.h"

extern HB_ROM uint64_t hb_groestl_T0[256], hb_groestl_T1[256], hb_groestl_T2[256], hb_groestl_T3[256],
    hb_groestl_T4[256], hb_groestl_T5[256], hb_groestl_T6[256], hb_groestl_T7[256];

/* output column j: row r comes from column j + s_r (ShiftBytes, sec. 3.3),
 * SubBytes + MixBytes of its byte from table r (sec. 3.4) */
#define GCOL(a, m, j, s0, s1, s2, s3, s4, s5, s6, s7) \
    (HB_ROM_U64(hb_groestl_T0, GB(a[((j) + (s0)) & (m)], 0)) ^ \
     HB_ROM_U64(hb_groestl_T1, GB(a[((j) + (s1)) & (m)], 1)) ^ \
     HB_ROM_U64(hb_groestl_T2, GB(a[((j) + (s2)) & (m)], 2)) ^ \
     HB_ROM_U64(hb_groestl_T3, GB(a[((j) + (s3)) & (m)], 3)) ^ \
     HB_ROM_U64(hb_groestl_T4, GB(a[((j) + (s4)) & (m)], 4)) ^ \
     HB_ROM_U64(hb_groestl_T5, GB(a[((j) + (s5)) & (m)], 5)) ^ \
     HB_ROM_U64(hb_groestl_T6, GB(a[((j) + (s6)) & (m)], 6)) ^ \
     HB_ROM_U64(hb_groestl_T7, GB(a[((j) + (s7)) & (m)], 7)))

#include "../groestl_perm.h"
#include "../groestl_md.h"
