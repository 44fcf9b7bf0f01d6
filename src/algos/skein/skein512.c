/* Skein-512 (Skein v1.3 sec. 3.5-3.6) over Threefish-512: see skein.h.
 * One object per width so that an image links only its own Threefish. */
#include "skein.h"
#include "skein_iv.h"
#include "skein_mode.h"

static void skein512_compress(void *st, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_skein512_ubi((uint64_t *)st, blk, n, 64u);
}

static const hb_skein_desc SKEIN512 = {8, hb_skein512_ubi, hb_skein512_ubi_out, {64u, 1, skein512_compress}};

static int skein512_start(void *ctx, const hb_params *p, size_t def, HB_ROM uint64_t *iv)
{
    hb_skein512_ctx *c = (hb_skein512_ctx *)ctx;
    return skein_start(&SKEIN512, c->S, &c->md, &c->out_len, c->buf, p, def, iv);
}

void hb_skein512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_skein512_ctx *c = (hb_skein512_ctx *)ctx;
    hb_md_update(&SKEIN512.md, c->S, &c->md, c->buf, in, len);
}

void hb_skein512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_skein512_ctx *c = (hb_skein512_ctx *)ctx;
    skein_finish(&SKEIN512, c->S, &c->md, c->out_len, c->buf, out, out_len);
}

int hb_skein512_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return skein512_start(ctx, p, 28, SKEIN512_IV_224); }
int hb_skein512_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return skein512_start(ctx, p, 32, SKEIN512_IV_256); }
int hb_skein512_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return skein512_start(ctx, p, 48, SKEIN512_IV_384); }
int hb_skein512_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return skein512_start(ctx, p, 64, SKEIN512_IV_512); }
