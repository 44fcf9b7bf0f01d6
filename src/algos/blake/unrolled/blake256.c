/* BLAKE-224/256 compression, rounds unrolled: see ../impls.toml */
#include "../blake.h"
#include "../blake_sigma.h"
#include "../../../common/hb_util.h"

/* sec. 2.1.1: c0..c15, the first digits of pi (tools/derive_blake_consts.py) */
static HB_ROM uint32_t C[16] = {
    0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0, 0x082EFA98, 0xEC4E6C89,
    0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C, 0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917
};
#define BLAKE_G(a, b, c, d, i, j)                                                   \
    v##a += v##b + (m##i ^ HB_ROM_U32(C, j)); v##d = HB_ROTR32(v##d ^ v##a, 16);      \
    v##c += v##d; v##b = HB_ROTR32(v##b ^ v##c, 12);                                 \
    v##a += v##b + (m##j ^ HB_ROM_U32(C, i)); v##d = HB_ROTR32(v##d ^ v##a, 8);       \
    v##c += v##d; v##b = HB_ROTR32(v##b ^ v##c, 7);

void hb_blake256_block(hb_blake256_state *st, const uint8_t *blk) HB_REENTRANT
{
    uint32_t v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    /* the message in 16 named words, not an array: with m[i], gcc on the
     * Cortex-M4 XORed more of the constants in as four immediates each
     * (about 110 more instructions a block) */
    uint32_t m0 = hb_load32_be(blk + 0), m1 = hb_load32_be(blk + 4), m2 = hb_load32_be(blk + 8),
        m3 = hb_load32_be(blk + 12), m4 = hb_load32_be(blk + 16), m5 = hb_load32_be(blk + 20),
        m6 = hb_load32_be(blk + 24), m7 = hb_load32_be(blk + 28), m8 = hb_load32_be(blk + 32),
        m9 = hb_load32_be(blk + 36), m10 = hb_load32_be(blk + 40), m11 = hb_load32_be(blk + 44),
        m12 = hb_load32_be(blk + 48), m13 = hb_load32_be(blk + 52), m14 = hb_load32_be(blk + 56),
        m15 = hb_load32_be(blk + 60);
    v0 = st->h[0]; v1 = st->h[1]; v2 = st->h[2]; v3 = st->h[3];
    v4 = st->h[4]; v5 = st->h[5]; v6 = st->h[6]; v7 = st->h[7];
    v8 = HB_ROM_U32(C, 0); v9 = HB_ROM_U32(C, 1); v10 = HB_ROM_U32(C, 2); v11 = HB_ROM_U32(C, 3);
    v12 = st->t[0] ^ HB_ROM_U32(C, 4); v13 = st->t[0] ^ HB_ROM_U32(C, 5);
    v14 = st->t[1] ^ HB_ROM_U32(C, 6); v15 = st->t[1] ^ HB_ROM_U32(C, 7);
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA1)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA2)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA3)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA4)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA5)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA6)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA7)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA8)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA9)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA1)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA2)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA3)
    /* finalisation (sec. 2.1.2); salt words are zero */
    st->h[0] ^= v0 ^ v8;  st->h[1] ^= v1 ^ v9;  st->h[2] ^= v2 ^ v10; st->h[3] ^= v3 ^ v11;
    st->h[4] ^= v4 ^ v12; st->h[5] ^= v5 ^ v13; st->h[6] ^= v6 ^ v14; st->h[7] ^= v7 ^ v15;
}
