/* bmw_w64.h -- the word size and constants of BMW-384/512 (spec tables
 * 1.3, 1.4, 2.2) for bmw_core.h: included first by one source of an
 * implementation. */
#ifndef HB_BMW_W64_H
#define HB_BMW_W64_H
#include "bmw.h"
#include "../../common/hb_util.h"

#define BMW_W uint64_t
#define BMW_SFN bmw_s
#define BMW_ROTL(x, n) HB_ROTL64(x, n)
#define BMW_S0R1 4
#define BMW_S0R2 37
#define BMW_S1R1 13
#define BMW_S1R2 43
#define BMW_S2R1 19
#define BMW_S2R2 53
#define BMW_S3R1 28
#define BMW_S3R2 59
#define BMW_R1 5
#define BMW_R2 11
#define BMW_R3 27
#define BMW_R4 32
#define BMW_R5 37
#define BMW_R6 43
#define BMW_R7 53
#define BMW_K 0x0555555555555555ULL

#endif
