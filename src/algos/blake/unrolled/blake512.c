/* BLAKE-384/512 compression, rounds unrolled: see ../impls.toml */
#include "../blake.h"
#include "../blake_sigma.h"
#include "../../../common/hb_util.h"

/* sec. 2.2.1: c0..c15, the first digits of pi (tools/derive_blake_consts.py) */
static HB_ROM uint64_t C[16] = {
    0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0xA4093822299F31D0ULL, 0x082EFA98EC4E6C89ULL,
    0x452821E638D01377ULL, 0xBE5466CF34E90C6CULL, 0xC0AC29B7C97C50DDULL, 0x3F84D5B5B5470917ULL,
    0x9216D5D98979FB1BULL, 0xD1310BA698DFB5ACULL, 0x2FFD72DBD01ADFB7ULL, 0xB8E1AFED6A267E96ULL,
    0xBA7C9045F12C7F99ULL, 0x24A19947B3916CF7ULL, 0x0801F2E2858EFC16ULL, 0x636920D871574E69ULL
};

#define BLAKE_G(a, b, c, d, i, j)                                                   \
    v##a += v##b + (m[i] ^ HB_ROM_U64(C, j)); v##d = HB_ROTR64(v##d ^ v##a, 32);      \
    v##c += v##d; v##b = HB_ROTR64(v##b ^ v##c, 25);                                 \
    v##a += v##b + (m[j] ^ HB_ROM_U64(C, i)); v##d = HB_ROTR64(v##d ^ v##a, 16);      \
    v##c += v##d; v##b = HB_ROTR64(v##b ^ v##c, 11);

void hb_blake512_block(hb_blake512_state *st, const uint8_t *blk) HB_REENTRANT
{
    uint64_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load64_be(blk + 8 * i);
    v0 = st->h[0]; v1 = st->h[1]; v2 = st->h[2]; v3 = st->h[3];
    v4 = st->h[4]; v5 = st->h[5]; v6 = st->h[6]; v7 = st->h[7];
    v8 = HB_ROM_U64(C, 0); v9 = HB_ROM_U64(C, 1); v10 = HB_ROM_U64(C, 2); v11 = HB_ROM_U64(C, 3);
    v12 = st->t[0] ^ HB_ROM_U64(C, 4); v13 = st->t[0] ^ HB_ROM_U64(C, 5);
    v14 = st->t[1] ^ HB_ROM_U64(C, 6); v15 = st->t[1] ^ HB_ROM_U64(C, 7);
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
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA4)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA5)
    /* finalisation (sec. 2.2.2); salt words are zero */
    st->h[0] ^= v0 ^ v8;  st->h[1] ^= v1 ^ v9;  st->h[2] ^= v2 ^ v10; st->h[3] ^= v3 ^ v11;
    st->h[4] ^= v4 ^ v12; st->h[5] ^= v5 ^ v13; st->h[6] ^= v6 ^ v14; st->h[7] ^= v7 ^ v15;
}
