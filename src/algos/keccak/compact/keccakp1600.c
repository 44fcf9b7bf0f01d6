/*
 * Keccak-p[1600] on 64-bit lanes, one round in a loop: the smallest code
 * of the 64-bit forms, for parts whose flash the unrolled rounds outgrow
 * (AVR: the fastest form there too).
 */
#include "../keccakp1600_lanes.h"

void hb_keccakp1600_permute(void *st, unsigned rounds) HB_REENTRANT
{
    keccakp_compact((uint64_t *)st, 24 - rounds, 24);
}

const hb_perm hb_keccakp1600 = {200, kp_add, kp_extract, hb_keccakp1600_permute};
