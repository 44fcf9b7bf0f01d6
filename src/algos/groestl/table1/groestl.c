/*
 * Groestl on 64-bit columns, SubBytes+MixBytes of a byte from one 2 KiB
 * table (groestl_tables.c) and 64-bit rotations: an eighth of the table
 * data of tables8/.
 * See ../groestl.h; section numbers refer to the Groestl specification,
 * version 2.0.1 (Jan 2011).
 */
#include "../groestl_cols.h"

extern HB_ROM uint64_t hb_groestl_T0[256];

/* output column j: row r comes from column j + s_r (ShiftBytes, sec. 3.3);
 * table r of tables8/ is T0 rotated left by 8r bits */
#define GT(r, v) HB_ROTL64(HB_ROM_U64(hb_groestl_T0, v), 8 * (r))
#define GCOL(a, m, j, s0, s1, s2, s3, s4, s5, s6, s7) \
    (HB_ROM_U64(hb_groestl_T0, GB(a[((j) + (s0)) & (m)], 0)) ^ GT(1, GB(a[((j) + (s1)) & (m)], 1)) ^ \
     GT(2, GB(a[((j) + (s2)) & (m)], 2)) ^ GT(3, GB(a[((j) + (s3)) & (m)], 3)) ^ \
     GT(4, GB(a[((j) + (s4)) & (m)], 4)) ^ GT(5, GB(a[((j) + (s5)) & (m)], 5)) ^ \
     GT(6, GB(a[((j) + (s6)) & (m)], 6)) ^ GT(7, GB(a[((j) + (s7)) & (m)], 7)))

#include "../groestl_perm.h"
#include "../groestl_md.h"
