/* bmw_iv.h -- the initial values of BMW, for bmw256.c and bmw512.c. */
#ifndef HB_BMW_IV_H
#define HB_BMW_IV_H
#include "../../common/hb_util.h"

/* Initial values (spec 1.3): the byte sequence 00 01 02 ... read as
 * big-endian words, starting at 0x00 (224, 384), 0x40 (256) or 0x80 (512);
 * CONST_final (spec 2.3, round-2 tweak): 0xaa..a0 + i.  Both are formulas,
 * so they are computed here rather than tabulated. */
static uint32_t bmw_iv32(unsigned base, unsigned i)
{
    uint32_t b = (uint32_t)(base + 4 * i);
    return (b << 24) | ((b + 1) << 16) | ((b + 2) << 8) | (b + 3);
}

#endif
