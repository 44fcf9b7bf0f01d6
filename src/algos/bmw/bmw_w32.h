/* bmw_w32.h -- the word size and constants of BMW-224/256 (spec tables
 * 1.3, 1.4, 2.2) for bmw_core.h: included first by one source of an
 * implementation. */
#ifndef HB_BMW_W32_H
#define HB_BMW_W32_H
#include "bmw.h"
#include "../../common/hb_util.h"

#define BMW_W uint32_t
#define BMW_SFN bmw_s
#define BMW_ROTL(x, n) HB_ROTL32(x, n)
#define BMW_S0R1 4
#define BMW_S0R2 19
#define BMW_S1R1 8
#define BMW_S1R2 23
#define BMW_S2R1 12
#define BMW_S2R2 25
#define BMW_S3R1 15
#define BMW_S3R2 29
#define BMW_R1 3
#define BMW_R2 7
#define BMW_R3 13
#define BMW_R4 16
#define BMW_R5 19
#define BMW_R6 23
#define BMW_R7 27
#define BMW_K 0x05555555UL

#endif
