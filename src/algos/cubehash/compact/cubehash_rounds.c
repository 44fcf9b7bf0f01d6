/* CubeHash rounds, compact: see ../impls.toml and cubehash.c */
#include "../cubehash.h"
#include "../../../common/hb_util.h"
#include "../cubehash_blocks.h"

/* The ten steps of a round as loops over x[] in place, with the swaps done
 * as data moves: a tiny frame for 8-bit targets, where the 32 named words
 * of unrolled/ do not fit the 8051's stacks (the round hung there). */
static void swap_words(uint32_t *x, unsigned lo, unsigned hi, unsigned bit)
{
    unsigned i;
    uint32_t t;
    for (i = lo; i < hi; i++)
        if (!(i & bit)) { t = x[i]; x[i] = x[i ^ bit]; x[i ^ bit] = t; }
}

void hb_cubehash_rounds(uint32_t *x, unsigned n) HB_REENTRANT
{
    unsigned i;
    for (; n; n--) {
        for (i = 0; i < 16; i++) x[16 + i] += x[i];              /* 1 */
        for (i = 0; i < 16; i++) x[i] = HB_ROTL32(x[i], 7);      /* 2 */
        swap_words(x, 0, 16, 8);                                 /* 3: x_00klm <-> x_01klm */
        for (i = 0; i < 16; i++) x[i] ^= x[16 + i];              /* 4 */
        swap_words(x, 16, 32, 2);                                /* 5: x_1jk0m <-> x_1jk1m */
        for (i = 0; i < 16; i++) x[16 + i] += x[i];              /* 6 */
        for (i = 0; i < 16; i++) x[i] = HB_ROTL32(x[i], 11);     /* 7 */
        swap_words(x, 0, 16, 4);                                 /* 8: x_0j0lm <-> x_0j1lm */
        for (i = 0; i < 16; i++) x[i] ^= x[16 + i];              /* 9 */
        swap_words(x, 16, 32, 1);                                /* 10: x_1jkl0 <-> x_1jkl1 */
    }
}
