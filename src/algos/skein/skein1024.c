/* Skein-1024 (Skein v1.3 sec. 3.5-3.6) over Threefish-1024: see skein.h.
 * One object per width so that an image links only its own Threefish. */
#include "skein.h"
#include "skein_iv.h"
#include "skein_mode.h"

static void skein1024_compress(void *st, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_skein1024_ubi((uint64_t *)st, blk, n, 128u);
}

static const hb_skein_desc SKEIN1024 = {16, hb_skein1024_ubi, hb_skein1024_ubi_out, {128u, 1, skein1024_compress}};

static int skein1024_start(void *ctx, const hb_params *p, size_t def, HB_ROM uint64_t *iv)
{
    hb_skein1024_ctx *c = (hb_skein1024_ctx *)ctx;
    return skein_start(&SKEIN1024, c->S, &c->md, &c->out_len, c->buf, p, def, iv);
}

void hb_skein1024_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_skein1024_ctx *c = (hb_skein1024_ctx *)ctx;
    hb_md_update(&SKEIN1024.md, c->S, &c->md, c->buf, in, len);
}

void hb_skein1024_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_skein1024_ctx *c = (hb_skein1024_ctx *)ctx;
    skein_finish(&SKEIN1024, c->S, &c->md, c->out_len, c->buf, out, out_len);
}

int hb_skein1024_1024_init(void *ctx, const hb_params *p) HB_REENTRANT { return skein1024_start(ctx, p, 128, SKEIN1024_IV_1024); }
