/* BLAKE-224 and BLAKE-256, final round-3 version (spec v1.3, sec. 2.1): see blake.h */
#include "blake.h"
#include "../../common/hb_util.h"

/* sec. 2.1.1 and 2.3: the IVs are those of SHA-256 and SHA-224 */
static HB_ROM uint32_t IV256[8] = {
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
};
static HB_ROM uint32_t IV224[8] = {
    0xC1059ED8, 0x367CD507, 0x3070DD17, 0xF70E5939, 0xFFC00B31, 0x68581511, 0x64F98FA7, 0xBEFA4FA4
};

void hb_blake256_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_blake256_state *s = (hb_blake256_state *)state;
    while (n--) {
        s->t[0] += 512;
        if (s->t[0] < 512) s->t[1]++;
        hb_blake256_block(s, blk);
        blk += 64;
    }
}

static const hb_md_class BLAKE256_MD = {64, 0, hb_blake256_compress};

static int blake256_start(void *ctx, const hb_params *p, HB_ROM uint32_t *iv, unsigned out_len)
{
    hb_blake256_ctx *c = (hb_blake256_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->st.h[i] = HB_ROM_U32(iv, i);
    c->st.t[0] = c->st.t[1] = 0;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_blake_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return blake256_start(ctx, p, IV224, 28); }
int hb_blake_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return blake256_start(ctx, p, IV256, 32); }

void hb_blake256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_blake256_ctx *c = (hb_blake256_ctx *)ctx;
    hb_md_update(&BLAKE256_MD, &c->st, &c->md, c->buf, in, len);
}

/* Padding (sec. 2.1.3): 1 bit, zeros, a 1 bit (BLAKE-256 only) ending at
 * bit 447, then the 64-bit message length.  The counter of the last block
 * is the message length, or 0 when that block carries no message bits. */
void hb_blake256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake256_ctx *c = (hb_blake256_ctx *)ctx;
    uint64_t bits = c->md.count << 3;
    size_t u = c->md.used;
    unsigned i;

    /* the counter goes through the context, not locals: the 8051's frames
     * share a 256-byte stack with the block function's */
    c->st.t[0] = (uint32_t)bits;
    c->st.t[1] = (uint32_t)(bits >> 32);
    c->buf[u] = 0x80;
    if (u > 55) {               /* length does not fit: two blocks */
        memset(c->buf + u + 1, 0, 63 - u);
        hb_blake256_block(&c->st, c->buf);
        hb_blake_zero8(c->buf, 0, 56);
        c->st.t[0] = c->st.t[1] = 0;
    } else {
        hb_blake_zero8(c->buf, u + 1, 56);
        if (u == 0) c->st.t[0] = c->st.t[1] = 0;
    }
    if (c->out_len == 32) c->buf[55] |= 0x01;
    hb_store32_be(c->buf + 56, (uint32_t)(bits >> 32));
    hb_store32_be(c->buf + 60, (uint32_t)bits);
    hb_blake256_block(&c->st, c->buf);
    c->md.used = 0;
    /* the digest straight to out, a word at a time up to a length known
     * only at run time: through the buffer, gcc made the eight stores
     * some 250 instructions of vector byte shuffles and the copy out a rep
     * movsq (on x86-64 about 180 of a 64-byte message's 910 TSC ticks) */
    if (out_len > c->out_len) out_len = c->out_len;
    for (i = 0; 4 * i + 4 <= out_len; i++) hb_store32_be(out + 4 * i, c->st.h[i]);
    for (u = 4 * i; u < out_len; u++) out[u] = (uint8_t)(c->st.h[i] >> (24 - 8 * (u & 3)));
}
