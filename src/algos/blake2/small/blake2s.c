/* BLAKE2s compression (RFC 7693 3.2 F),
 * rolled rounds over an array (8-bit targets): see ../impls.toml */
#include "blake2_rounds.h"

void hb_blake2s_block(hb_blake2s_ctx *c, const uint8_t *blk, uint32_t last) HB_REENTRANT
{
    HB_SCRATCH uint32_t m[16];
    HB_SCRATCH uint32_t v[16];
    uint8_t i;
    for (i = 0; i < 16; i++) m[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 8; i++) {
        v[i] = c->h[i];
        v[8 + i] = HB_ROM_U32(hb_blake2s_iv, i);
    }
    v[12] ^= c->t[0]; v[13] ^= c->t[1]; v[14] ^= last;
    for (i = 0; i < 10; i++) ROUND_V(G32, i);
    for (i = 0; i < 8; i++) c->h[i] ^= v[i] ^ v[8 + i];
}
