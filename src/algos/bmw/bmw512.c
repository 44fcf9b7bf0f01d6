/* Blue Midnight Wish BMW-384/512 (SHA-3 round 2, tweaked), portable C99: see bmw.h */
#include "bmw.h"
#include "bmw_iv.h"

/* ---- 384/512 ------------------------------------------------------------ */
/* a function of its own: SDCC (8051) keeps the temporaries of the inline
 * 64-bit loads in spill locations on the internal stack, which would stay
 * allocated under the compression's own */
static void bmw512_load(uint64_t *m, const uint8_t *blk)
{
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load64_le(blk + 8 * i);
}

void hb_bmw512_compress(void *st, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)st;
    HB_SCRATCH uint64_t m[16];
    while (n--) {
        bmw512_load(m, blk);
        hb_bmw512_f(c->h, m);
        blk += 128;
    }
}

static const hb_md_class BMW512_MD = {128, 0, hb_bmw512_compress};

static int bmw512_start(void *ctx, const hb_params *p, unsigned base, unsigned out_len)
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)ctx;
    unsigned i;
    uint64_t v = BMW_IV_FIRST64(base);
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 16; i++, v += BMW_IV_STEP64) c->h[i] = v;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_bmw_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return bmw512_start(ctx, p, 0x00, 48); }
int hb_bmw_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return bmw512_start(ctx, p, 0x80, 64); }

void hb_bmw512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)ctx;
    hb_md_update(&BMW512_MD, c, &c->md, c->buf, in, len);
}

void hb_bmw512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)ctx;
    HB_SCRATCH uint64_t h[16];
    uint8_t word[8];
    uint32_t bits[3];
    unsigned i, first = 16u - c->out_len / 8u;
    /* 64-bit length field, as for BMW-256 (the spec's 2^64 - 1 bit limit),
     * stored as two words */
    hb_md_pad_open(&BMW512_MD, c, &c->md, c->buf, 0x80, 8, bits);
    hb_store32_le_at(c->buf, 120, bits[0]);
    hb_store32_le_at(c->buf, 124, bits[1]);
    hb_bmw512_compress(c, c->buf, 1);
    c->md.used = 0;
    for (i = 0; i < 16; i++) h[i] = 0xaaaaaaaaaaaaaaa0ULL + i;
    hb_bmw512_f(h, c->h);
    /* the digest: the last out_len / 8 words, little-endian, stored
     * straight to out (through a 128-byte buffer and a copy of a length
     * known only at run time it cost about 20 cycles on x86-64) */
    if (out_len > c->out_len) out_len = c->out_len;
    for (i = 0; 8u * i + 8u <= out_len; i++) hb_store64_le(out + 8u * i, h[first + i]);
    if (8u * i < out_len) {
        hb_store64_le(word, h[first + i]);
        memcpy(out + 8u * i, word, out_len - 8u * i);
    }
}
