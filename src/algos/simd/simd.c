/* SIMD (SHA-3 round 2, tweaked), portable C99: see simd.h */
#include <string.h>
#include "simd.h"
#include "../../common/hb_util.h"
#include "simd_iv.h"

void hb_simd_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    unsigned bs = 16u * c->n;
    while (n--) {
        hb_simd_block(c->S, blk, c->n, 0);
        blk += bs;
    }
}

static const hb_md_class SIMD_MD_256 = {64, 0, hb_simd_compress};
static const hb_md_class SIMD_MD_512 = {128, 0, hb_simd_compress};

static int simd_start(void *ctx, const hb_params *p, unsigned out_len,
                      HB_ROM uint32_t *iv)
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    unsigned n = out_len <= 32 ? 4u : 8u, k, j;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    memset(c->S, 0, sizeof c->S);
    for (k = 0; k < 4; k++)
        for (j = 0; j < n; j++) c->S[k][j] = HB_ROM_U32(iv, k * n + j);
    hb_md_reset(&c->md);
    c->n = (uint8_t)n;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_simd_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 28, SIMD_IV_224); }
int hb_simd_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 32, SIMD_IV_256); }
int hb_simd_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 48, SIMD_IV_384); }
int hb_simd_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 64, SIMD_IV_512); }

void hb_simd_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    hb_md_update(c->n == 4 ? &SIMD_MD_256 : &SIMD_MD_512, c, &c->md, c->buf, in, len);
}

void hb_simd_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    unsigned n = c->n == 4 ? 4u : 8u, bs = 16u * n, u = c->md.used, j;
    uint8_t tmp[64];
    if (u) {   /* the last partial block, zero-filled */
        memset(c->buf + u, 0, bs - u);
        hb_simd_block(c->S, c->buf, n, 0);
    }
    /* the length block: bit count, 64-bit little-endian, final flag */
    memset(c->buf, 0, bs);
    hb_store64_le(c->buf, c->md.count << 3);
    hb_simd_block(c->S, c->buf, n, 1);
    for (j = 0; j < n; j++) {
        hb_store32_le(tmp + 4u * j, c->S[0][j]);
        hb_store32_le(tmp + 4u * (n + j), c->S[1][j]);
    }
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
    c->md.used = 0;
}
