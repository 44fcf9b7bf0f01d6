/* BLAKE-384 and BLAKE-512, final round-3 version (spec v1.3, sec. 2.2): see blake.h */
#include "blake.h"
#include "../../common/hb_util.h"

/* sec. 2.2.1 and 2.4: the IVs are those of SHA-512 and SHA-384 */
static HB_ROM uint64_t IV512[8] = {
    0x6A09E667F3BCC908ULL, 0xBB67AE8584CAA73BULL, 0x3C6EF372FE94F82BULL, 0xA54FF53A5F1D36F1ULL,
    0x510E527FADE682D1ULL, 0x9B05688C2B3E6C1FULL, 0x1F83D9ABFB41BD6BULL, 0x5BE0CD19137E2179ULL
};
static HB_ROM uint64_t IV384[8] = {
    0xCBBB9D5DC1059ED8ULL, 0x629A292A367CD507ULL, 0x9159015A3070DD17ULL, 0x152FECD8F70E5939ULL,
    0x67332667FFC00B31ULL, 0x8EB44A8768581511ULL, 0xDB0C2E0D64F98FA7ULL, 0x47B5481DBEFA4FA4ULL
};

void hb_blake512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_blake512_state *s = (hb_blake512_state *)state;
    while (n--) {
        s->t[0] += 1024;
        if (s->t[0] < 1024) s->t[1]++;
        hb_blake512_block(s, blk);
        blk += 128;
    }
}

static const hb_md_class BLAKE512_MD = {128, 0, hb_blake512_compress};

static int blake512_start(void *ctx, const hb_params *p, HB_ROM uint64_t *iv, unsigned out_len)
{
    hb_blake512_ctx *c = (hb_blake512_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->st.h[i] = HB_ROM_U64(iv, i);
    c->st.t[0] = c->st.t[1] = 0;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_blake_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return blake512_start(ctx, p, IV384, 48); }
int hb_blake_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return blake512_start(ctx, p, IV512, 64); }

void hb_blake512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_blake512_ctx *c = (hb_blake512_ctx *)ctx;
    hb_md_update(&BLAKE512_MD, &c->st, &c->md, c->buf, in, len);
}

/* Padding (sec. 2.2.3): as BLAKE-256 with 128-byte blocks, the 1 bit
 * (BLAKE-512 only) ending at bit 895 and a 128-bit length. */
void hb_blake512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake512_ctx *c = (hb_blake512_ctx *)ctx;
    size_t u = c->md.used;
    unsigned i;

    /* the counter goes through the context, not locals: the 8051's
     * frames share a 256-byte stack with the block function's (with a
     * 64-byte digest copy and the counter as arguments, this frame alone
     * took 199 bytes of it) */
    c->st.t[0] = c->md.count << 3;
    c->st.t[1] = c->md.count >> 61;
    c->buf[u] = 0x80;
    if (u > 111) {              /* length does not fit: two blocks */
        memset(c->buf + u + 1, 0, 127 - u);
        hb_blake512_block(&c->st, c->buf);
        hb_blake_zero8(c->buf, 0, 112);
        c->st.t[0] = c->st.t[1] = 0;
    } else {
        hb_blake_zero8(c->buf, u + 1, 112);
        if (u == 0) c->st.t[0] = c->st.t[1] = 0;
    }
    if (c->out_len == 64) c->buf[111] |= 0x01;
    hb_store64_be(c->buf + 112, c->md.count >> 61);
    hb_store64_be(c->buf + 120, c->md.count << 3);
    hb_blake512_block(&c->st, c->buf);
    c->md.used = 0;
    /* the digest straight to out, as BLAKE-256's (blake256.c) */
    if (out_len > c->out_len) out_len = c->out_len;
    for (i = 0; 8 * i + 8 <= out_len; i++) hb_store64_be(out + 8 * i, c->st.h[i]);
    for (u = 8 * i; u < out_len; u++) out[u] = (uint8_t)(c->st.h[i] >> (56 - 8 * (u & 7)));
}
