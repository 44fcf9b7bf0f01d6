/* Skein-256 (Skein v1.3 sec. 3.5-3.6) over Threefish-256: see skein.h.
 * One object per width so that an image links only its own Threefish. */
#include "skein.h"
#include "skein_iv.h"
#include "skein_mode.h"

static void skein256_compress(void *st, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_skein256_ubi((uint64_t *)st, blk, n, 32u);
}

static const hb_skein_desc SKEIN256 = {4, hb_skein256_ubi, hb_skein256_ubi_out, {32u, 1, skein256_compress}};

static int skein256_start(void *ctx, const hb_params *p, size_t def, HB_ROM uint64_t *iv)
{
    hb_skein256_ctx *c = (hb_skein256_ctx *)ctx;
    return skein_start(&SKEIN256, c->S, &c->md, &c->out_len, c->buf, p, def, iv);
}

void hb_skein256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_skein256_ctx *c = (hb_skein256_ctx *)ctx;
    hb_md_update(&SKEIN256.md, c->S, &c->md, c->buf, in, len);
}

void hb_skein256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_skein256_ctx *c = (hb_skein256_ctx *)ctx;
    skein_finish(&SKEIN256, c->S, &c->md, c->out_len, c->buf, out, out_len);
}

int hb_skein256_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return skein256_start(ctx, p, 32, SKEIN256_IV_256); }
