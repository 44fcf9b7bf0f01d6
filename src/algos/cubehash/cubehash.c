/* CubeHash16/32-h, i = f = 160 (CubeHash specification, round 2), portable C99. */
#include "cubehash.h"
#include "../../common/hb_util.h"
#include "cubehash_iv.h"

static const hb_md_class CUBEHASH_MD = {32, 0, hb_cubehash_compress};

static int cubehash_start(void *ctx, const hb_params *p, unsigned out_len, HB_ROM uint32_t *iv)
{
    hb_cubehash_ctx *c = (hb_cubehash_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* spec: x0 = h/8, x1 = b, x2 = r, then 10r rounds; precomputed by
     * tools/gen_cubehash_iv.py (the rounds would cost five blocks) */
    for (i = 0; i < 32; i++) c->x[i] = HB_ROM_U32(iv, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_cubehash_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return cubehash_start(ctx, p, 28, CUBEHASH_IV_224); }
int hb_cubehash_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return cubehash_start(ctx, p, 32, CUBEHASH_IV_256); }
int hb_cubehash_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return cubehash_start(ctx, p, 48, CUBEHASH_IV_384); }
int hb_cubehash_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return cubehash_start(ctx, p, 64, CUBEHASH_IV_512); }

void hb_cubehash_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_cubehash_ctx *c = (hb_cubehash_ctx *)ctx;
    hb_md_update(&CUBEHASH_MD, c->x, &c->md, c->buf, in, len);
}

void hb_cubehash_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_cubehash_ctx *c = (hb_cubehash_ctx *)ctx;
    uint8_t tmp[64];
    unsigned i, u = c->md.used;
    /* spec: append a 1 bit, zeros to a block boundary; then x31 ^= 1, 10r rounds */
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, 31 - u);
    hb_cubehash_compress(c->x, c->buf, 1);
    c->x[31] ^= 1;
    hb_cubehash_rounds(c->x, 160);
    for (i = 0; i < 16; i++) hb_store32_le(tmp + 4 * i, c->x[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
