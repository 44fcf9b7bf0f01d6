/* BLAKE2s compression (RFC 7693 3.2 F),
 * unrolled rounds (the default): see ../impls.toml */
#include "blake2_rounds.h"

void hb_blake2s_block(hb_blake2s_ctx *c, const uint8_t *blk, uint32_t last) HB_REENTRANT
{
    uint32_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load32_le(blk + 4 * i);
    v0 = c->h[0]; v1 = c->h[1]; v2 = c->h[2]; v3 = c->h[3];
    v4 = c->h[4]; v5 = c->h[5]; v6 = c->h[6]; v7 = c->h[7];
    v8 = HB_ROM_U32(hb_blake2s_iv, 0); v9 = HB_ROM_U32(hb_blake2s_iv, 1);
    v10 = HB_ROM_U32(hb_blake2s_iv, 2); v11 = HB_ROM_U32(hb_blake2s_iv, 3);
    v12 = HB_ROM_U32(hb_blake2s_iv, 4) ^ c->t[0]; v13 = HB_ROM_U32(hb_blake2s_iv, 5) ^ c->t[1];
    v14 = HB_ROM_U32(hb_blake2s_iv, 6) ^ last;    v15 = HB_ROM_U32(hb_blake2s_iv, 7);
    ROUND(G32, 0); ROUND(G32, 1); ROUND(G32, 2); ROUND(G32, 3); ROUND(G32, 4);
    ROUND(G32, 5); ROUND(G32, 6); ROUND(G32, 7); ROUND(G32, 8); ROUND(G32, 9);
    c->h[0] ^= v0 ^ v8;  c->h[1] ^= v1 ^ v9;  c->h[2] ^= v2 ^ v10; c->h[3] ^= v3 ^ v11;
    c->h[4] ^= v4 ^ v12; c->h[5] ^= v5 ^ v13; c->h[6] ^= v6 ^ v14; c->h[7] ^= v7 ^ v15;
}
