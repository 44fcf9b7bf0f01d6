/*
 * fugue_sbox.h -- SubBytes + Super-Mix of a byte at row k from the AES
 * S-box alone (../aes/aes_tables.c), the column of M computed: no Fugue
 * tables.  Included first by the implementation (see fugue_smix.h).
 */
#ifndef HB_FUGUE_T_H
#define HB_FUGUE_T_H
#include "hashbench.h"
#include "../aes/aes_round.h"

/* column 0 of M = (1, 1, 7, 4) times S[v], computed */
static uint32_t fg_t0(unsigned v)
{
    uint32_t s = HB_ROM_U8(hb_aes_sbox, v), s2, s4;
    s2 = (s << 1) ^ ((s >> 7) * 0x11bu);
    s4 = (s2 << 1) ^ ((s2 >> 7) * 0x11bu);
    return (s << 24) | (s << 16) | ((s4 ^ s2 ^ s) << 8) | s4;
}
#define FG_T(k, v) FG_ROT_##k(fg_t0(v))

#endif
