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

HB_KECCAKP1600_DEFINE_PERM;
