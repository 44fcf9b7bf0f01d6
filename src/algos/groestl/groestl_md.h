/*
 * groestl_md.h -- init, update and final of Groestl, shared by every
 * implementation: its source defines GR_SET_IV (the IV into the state),
 * GR_COMPRESS1 (compress c->buf) and GR_OUTPUT (the output
 * transformation) for its state form, then includes this once per build.
 */
#ifndef HB_GROESTL_MD_H
#define HB_GROESTL_MD_H

static const hb_md_class MD512 = {64, 0, hb_groestl512_compress};
static const hb_md_class MD1024 = {128, 0, hb_groestl1024_compress};

static int start(void *ctx, const hb_params *p, unsigned out_len, int big)
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    unsigned cols = big ? 16 : 8, bits = 8 * out_len;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* IV (sec. 3.5): the digest length in bits as an l-bit big-endian
     * integer, i.e. in the last two bytes of the state */
    memset(&c->h, 0, sizeof c->h);
    GR_SET_IV(c, cols, bits);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    c->big = (uint8_t)big;
    return HB_OK;
}

int hb_groestl_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 28, 0); }
int hb_groestl_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 32, 0); }
int hb_groestl_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 48, 1); }
int hb_groestl_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 64, 1); }

void hb_groestl_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    hb_md_update(c->big ? &MD1024 : &MD512, c->h.b, &c->md, c->buf, in, len);
}

/* Padding (sec. 3.6): a 1 bit, zeros, and the number of blocks of the
 * padded message as a 64-bit big-endian integer.  Then the output
 * transformation Omega(x) = trunc(P(x) ^ x), the last n bits. */
void hb_groestl_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    const hb_md_class *mc = c->big ? &MD1024 : &MD512;
    unsigned bs = mc->block, u = c->md.used, j;
    /* (count - u) is a whole number of blocks of 64 (big = 0) or 128 bytes */
    uint64_t blocks = ((c->md.count - u) >> (6 + c->big)) + 1;
    HB_SCRATCH uint8_t tmp[128];

    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, bs - u - 1);
    if (u + 1 > bs - 8) {
        GR_COMPRESS1(c, mc);
        memset(c->buf, 0, bs);
        blocks++;
    }
    /* byte by byte: SDCC 4.2 miscompiled the inlined hb_store64_be here
     * (8051: the length never reached the buffer) */
    for (j = 1; j <= 8; j++) {
        c->buf[bs - j] = (uint8_t)blocks;
        blocks >>= 8;
    }
    GR_COMPRESS1(c, mc);

    GR_OUTPUT(c, tmp, bs, j);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + bs - c->out_len, out_len);
}

#endif
