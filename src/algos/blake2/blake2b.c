/* BLAKE2b (RFC 7693): see blake2.h */
#include "blake2_params.h"

static const hb_md_class B2B_MD = {128, 1, hb_blake2b_compress};

static int b2b_start(void *ctx, const hb_params *p, unsigned outlen, int varout)
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    /* HB_SCRATCH: on the 8051 these and the key block below took 160 of
     * the 256 bytes of pdata stack, and the keyed path calls down to the
     * block function from here (the stack wrapped and the run stopped) */
    HB_SCRATCH uint8_t salt[16], pers[16];
    size_t kk;
    int r = b2_check(p, 64, varout, &outlen, &kk);
    if (r) return r;
    if (!padded(p, 0, 16, salt) || !padded(p, 1, 16, pers)) return HB_ERR_PARAM;
    hb_blake2b_setup(c, outlen, (unsigned)kk, salt, pers);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)outlen;
    if (kk) { /* the key, zero-padded, is the first block */
        HB_SCRATCH uint8_t blk[128];
        memset(blk, 0, sizeof blk);
        memcpy(blk, p->key, kk);
        hb_md_update(&B2B_MD, c, &c->md, c->buf, blk, sizeof blk);
        hb_wipe(blk, sizeof blk);
    }
    return HB_OK;
}

int hb_blake2b_init(void *ctx, const hb_params *p) HB_REENTRANT { return b2b_start(ctx, p, 64, 1); }
int hb_blake2b_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return b2b_start(ctx, p, 32, 0); }
int hb_blake2b_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return b2b_start(ctx, p, 48, 0); }

void hb_blake2b_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    hb_md_update(&B2B_MD, c, &c->md, c->buf, in, len);
}
