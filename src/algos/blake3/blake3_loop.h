/* hash_many (blake3.h) as a loop over hb_blake3_kernel: the whole of it in
 * the portable forms (the x86 ones have their own, blake3_x86_rows.h).
 * Included by the implementation folders only. */
#ifndef HB_BLAKE3_LOOP_H
#define HB_BLAKE3_LOOP_H

#include "blake3.h"
#include "../../common/hb_util.h"

static void hb3_chains(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                       uint64_t counter, unsigned step, unsigned flags, unsigned first,
                       unsigned last, uint8_t *out) HB_REENTRANT
{
    HB_SCRATCH uint32_t m[16], cv[8];
    size_t i;
    unsigned j, k;
    for (i = 0; i < n; i++, counter += step) {
        memcpy(cv, key, 32);
        for (j = 0; j < blocks; j++, in += 64) {
            unsigned fl = flags | (j == 0 ? first : 0) | (j + 1 == blocks ? last : 0);
            for (k = 0; k < 16; k++) m[k] = hb_load32_le(in + 4 * k);
            hb_blake3_kernel(cv, m, counter, 64, fl, cv, 0);
        }
        for (k = 0; k < 8; k++) hb_store32_le(out + 32 * i + 4 * k, cv[k]);
    }
}

#endif
