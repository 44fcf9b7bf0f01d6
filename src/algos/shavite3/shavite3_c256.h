/* SHAvite-3-224/256: the C256 compression function (see shavite3.h),
 * over the implementation's round form (included before this).  One object
 * per width, so that an image links only its own compression function
 * (shavite3.c, update and final, reaches it through the descriptor in the
 * context). */
#ifndef HB_SHAVITE3_C256_H
#define HB_SHAVITE3_C256_H
#ifndef SV_OWN_COMPRESS
#include "shavite3_core.h"
#endif

/* Initial values from the round-2 specification (sec. 4.1); each is
 * C(0, n, 0) -- the compression function on a zero chaining value, the
 * digest length n as the message and counter 0 -- which test_props-style
 * checks recompute (see tests/c/test_aes_family.c). */
static HB_ROM uint32_t IV224[8] = {
    0x6774f31c, 0x990ae210, 0xc87d4274, 0xc9546371, 0x62b2aea8, 0x4b5801d8, 0x1b702860, 0x842f3017
};
static HB_ROM uint32_t IV256[8] = {
    0x49bb3e47, 0x2674860d, 0xa8b392ac, 0x021ac4e6, 0x409283cf, 0x620e5d86, 0x6d929dcb, 0x96cc2a8b
};
/* the chunked compression function, unless the form has its own */
#ifndef SV_OWN_COMPRESS
void hb_shavite3_c256(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    /* rk: three chunks of 16 words = the keys of 4 rounds */
    HB_SCRATCH uint32_t rk[48], p[8];
    unsigned i, b, r;
    for (i = 0; i < 16; i++) rk[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 8; i++) p[i] = h[i];
    for (b = 0; b < 3; b++) {
        /* chunk j = 3b + s sits in rk[16 s]; odd chunks are nonlinear */
        for (i = b ? 0 : 1; i < 3; i++) {
            unsigned j = 3 * b + i;
            uint32_t *dst = rk + 16 * i;
            const uint32_t *prev = rk + 16 * ((i + 2) % 3);
            if (j & 1) chunk_nl(dst, prev, 16, 16 * j, cnt);
            else chunk_lin(dst, prev, 16, 3);
        }
        /* 12 Feistel rounds on (L, R) = (p[0..3], p[4..7]) in all,
         * 4 per chunk triple, written without swapping the halves */
        for (r = 0; r < 4; r += 2) {
            SV_FEISTEL(p, p + 4, rk + 12 * r, 3);
            SV_FEISTEL(p + 4, p, rk + 12 * r + 12, 3);
        }
    }
    for (i = 0; i < 8; i++) h[i] ^= p[i];
}
#endif

/* md compress: every full block counts all of its bits */
static void compress256(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)state;
    while (n--) {
        hb_shavite3_count(c->cnt, 512);
        hb_shavite3_c256(c->h, blk, c->cnt);
        blk += 64;
    }
}

static const hb_shavite3_desc D256 = {{64, 0, compress256}, hb_shavite3_c256, 8};

int hb_shavite3_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return hb_shavite3_start(ctx, p, &D256, IV224, 28); }
int hb_shavite3_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return hb_shavite3_start(ctx, p, &D256, IV256, 32); }

#endif
