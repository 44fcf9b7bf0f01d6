/* cubehash_blocks.h -- hb_cubehash_compress over the form's
 * hb_cubehash_rounds, for the portable forms (the x86 forms keep the state
 * in registers across blocks instead).  Included once, by the form's
 * source. */
#ifndef HB_CUBEHASH_BLOCKS_H
#define HB_CUBEHASH_BLOCKS_H

#include "cubehash.h"
#include "../../common/hb_util.h"

void hb_cubehash_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint32_t *x = (uint32_t *)state;
    unsigned i;
    while (n--) {
        for (i = 0; i < 8; i++) x[i] ^= hb_load32_le(blk + 4 * i);
        hb_cubehash_rounds(x, 16);
        blk += 32;
    }
}

#endif
