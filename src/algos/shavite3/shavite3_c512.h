/* SHAvite-3-384/512: the C512 compression function (see shavite3.h),
 * over the implementation's round form (included before this).  One object
 * per width, so that an image links only its own compression function
 * (shavite3.c, update and final, reaches it through the descriptor in the
 * context). */
#ifndef HB_SHAVITE3_C512_H
#define HB_SHAVITE3_C512_H
#ifndef SV_OWN_COMPRESS
#include "shavite3_core.h"
#endif

/* Initial values from the round-2 specification (sec. 5.1); each is
 * C(0, n, 0) -- the compression function on a zero chaining value, the
 * digest length n as the message and counter 0 -- which test_props-style
 * checks recompute (see tests/c/test_aes_family.c). */
static HB_ROM uint32_t IV384[16] = {
    0x83df1545, 0xf9aaec13, 0xf4803cb0, 0x11fe1f47, 0xda6cd269, 0x4f53fcd7, 0x950529a2, 0x97908147,
    0xb0a4d7af, 0x2b9132bf, 0x226e607d, 0x3c0f8d7c, 0x487b3f0f, 0x04363e22, 0x0155c99c, 0xec2e20d3
};
static HB_ROM uint32_t IV512[16] = {
    0x72fccdd8, 0x79ca4727, 0x128a077b, 0x40d55aec, 0xd1901a06, 0x430ae307, 0xb29f5cd1, 0xdf07fbfc,
    0x8e45d73d, 0x681ab538, 0xbde86578, 0xdd577e47, 0xe275eade, 0x502d9fcd, 0xb9357178, 0x022a4b9a
};

/* the chunked compression function, unless the form has its own */
#ifndef SV_OWN_COMPRESS
void hb_shavite3_c512(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    /* rk: two chunks of 32 words = the keys of 2 rounds */
    HB_SCRATCH uint32_t rk[64], p[16];
    uint32_t *a = p, *b4 = p + 4, *c = p + 8, *d = p + 12, *t;
    unsigned i, b;
    for (i = 0; i < 32; i++) rk[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 16; i++) p[i] = h[i];
    for (b = 0; b < 7; b++) {
        /* chunk 2b (linear, or the message) in rk[0..31], 2b+1 in rk[32..63] */
        if (b) chunk_lin(rk, rk + 32, 32, 7);
        chunk_nl(rk + 32, rk, 32, 64 * b + 32, cnt);
        /* 14 rounds on (A, B, C, D): A ^= F4(B), C ^= F4(D), then
         * (A, B, C, D) <- (D, A, B, C), which turns pointers to the words
         * of p, not the words */
        for (i = 0; i < 2; i++) {
            SV_FEISTEL(a, b4, rk + 32 * i, 4);
            SV_FEISTEL(c, d, rk + 32 * i + 16, 4);
            t = d; d = c; c = b4; b4 = a; a = t;
        }
    }
    for (i = 0; i < 4; i++) {
        h[i] ^= a[i]; h[4 + i] ^= b4[i]; h[8 + i] ^= c[i]; h[12 + i] ^= d[i];
    }
}
#endif

/* md compress: every full block counts all of its bits */
static void compress512(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)state;
    while (n--) {
        hb_shavite3_count(c->cnt, 1024);
        hb_shavite3_c512(c->h, blk, c->cnt);
        blk += 128;
    }
}

static const hb_shavite3_desc D512 = {{128, 0, compress512}, hb_shavite3_c512, 16};

int hb_shavite3_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return hb_shavite3_start(ctx, p, &D512, IV384, 48); }
int hb_shavite3_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return hb_shavite3_start(ctx, p, &D512, IV512, 64); }

#endif
