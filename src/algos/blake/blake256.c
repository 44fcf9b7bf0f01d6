/* BLAKE-224 and BLAKE-256, final round-3 version (spec v1.3, sec. 2.1): see blake.h */
#include "blake.h"
#include "blake_sigma.h"
#include "../../common/hb_util.h"

/* sec. 2.1.1: c0..c15, the first digits of pi (tools/derive_blake_consts.py) */
static HB_ROM uint32_t C[16] = {
    0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0, 0x082EFA98, 0xEC4E6C89,
    0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C, 0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917
};
/* sec. 2.1.1 and 2.3: the IVs are those of SHA-256 and SHA-224 */
static HB_ROM uint32_t IV256[8] = {
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
};
static HB_ROM uint32_t IV224[8] = {
    0xC1059ED8, 0x367CD507, 0x3070DD17, 0xF70E5939, 0xFFC00B31, 0x68581511, 0x64F98FA7, 0xBEFA4FA4
};

#ifdef HB_BLAKE_COMPACT
/* 8-bit targets: the fourteen unrolled rounds are 78 KB of 8051 code
 * (SDCC), so loop over the rounds, with sigma from a table.  v and m are
 * HB_SCRATCH (static on the 8051, whose frames share a 256-byte stack);
 * within a round v is indexed by constants, plain xram addresses there.
 * BLAKE_ROUND is instantiated with the positions 0..15 of a sigma row. */
static HB_ROM uint8_t SIGMA[160] = BLAKE_SIGMA_TABLE;

#define BLAKE_G(a, b, c, d, i, j)                                                   \
    x = HB_ROM_U8(SIGMA, s + i); y = HB_ROM_U8(SIGMA, s + j);                        \
    v[a] += v[b] + (m[x] ^ HB_ROM_U32(C, y)); v[d] = HB_ROTR32(v[d] ^ v[a], 16);     \
    v[c] += v[d]; v[b] = HB_ROTR32(v[b] ^ v[c], 12);                                \
    v[a] += v[b] + (m[y] ^ HB_ROM_U32(C, x)); v[d] = HB_ROTR32(v[d] ^ v[a], 8);      \
    v[c] += v[d]; v[b] = HB_ROTR32(v[b] ^ v[c], 7);

static void blake256_block(hb_blake256_state *st, const uint8_t *blk)
{
    HB_SCRATCH uint32_t m[16];
    HB_SCRATCH uint32_t v[16];
    uint8_t r, i, s, x, y;      /* s: sigma row of round r, times 16 */
    for (i = 0; i < 16; i++) m[i] = hb_load32_be(blk + 4 * i);
    for (i = 0; i < 8; i++) {
        v[i] = st->h[i];
        v[8 + i] = HB_ROM_U32(C, i);
    }
    v[12] ^= st->t[0]; v[13] ^= st->t[0]; v[14] ^= st->t[1]; v[15] ^= st->t[1];
    for (r = 0, s = 0; r < 14; r++, s = (uint8_t)(s == 144 ? 0 : s + 16)) {
        BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    }
    /* finalisation (sec. 2.1.2); salt words are zero */
    for (i = 0; i < 8; i++) st->h[i] ^= v[i] ^ v[8 + i];
}
#else
#define BLAKE_G(a, b, c, d, i, j)                                                   \
    v##a += v##b + (m[i] ^ HB_ROM_U32(C, j)); v##d = HB_ROTR32(v##d ^ v##a, 16);      \
    v##c += v##d; v##b = HB_ROTR32(v##b ^ v##c, 12);                                 \
    v##a += v##b + (m[j] ^ HB_ROM_U32(C, i)); v##d = HB_ROTR32(v##d ^ v##a, 8);       \
    v##c += v##d; v##b = HB_ROTR32(v##b ^ v##c, 7);

/* one compression with the counter st->t; salt is zero */
static void blake256_block(hb_blake256_state *st, const uint8_t *blk)
{
    uint32_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load32_be(blk + 4 * i);
    v0 = st->h[0]; v1 = st->h[1]; v2 = st->h[2]; v3 = st->h[3];
    v4 = st->h[4]; v5 = st->h[5]; v6 = st->h[6]; v7 = st->h[7];
    v8 = HB_ROM_U32(C, 0); v9 = HB_ROM_U32(C, 1); v10 = HB_ROM_U32(C, 2); v11 = HB_ROM_U32(C, 3);
    v12 = st->t[0] ^ HB_ROM_U32(C, 4); v13 = st->t[0] ^ HB_ROM_U32(C, 5);
    v14 = st->t[1] ^ HB_ROM_U32(C, 6); v15 = st->t[1] ^ HB_ROM_U32(C, 7);
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA1)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA2)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA3)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA4)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA5)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA6)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA7)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA8)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA9)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA1)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA2)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA3)
    /* finalisation (sec. 2.1.2); salt words are zero */
    st->h[0] ^= v0 ^ v8;  st->h[1] ^= v1 ^ v9;  st->h[2] ^= v2 ^ v10; st->h[3] ^= v3 ^ v11;
    st->h[4] ^= v4 ^ v12; st->h[5] ^= v5 ^ v13; st->h[6] ^= v6 ^ v14; st->h[7] ^= v7 ^ v15;
}

#endif

void hb_blake256_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_blake256_state *s = (hb_blake256_state *)state;
    while (n--) {
        s->t[0] += 512;
        if (s->t[0] < 512) s->t[1]++;
        blake256_block(s, blk);
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

    /* the counter and the digest go through the context, not locals: the
     * 8051's frames share a 256-byte stack with the block function's */
    c->st.t[0] = (uint32_t)bits;
    c->st.t[1] = (uint32_t)(bits >> 32);
    c->buf[u] = 0x80;
    if (u > 55) {               /* length does not fit: two blocks */
        memset(c->buf + u + 1, 0, 63 - u);
        blake256_block(&c->st, c->buf);
        memset(c->buf, 0, 56);
        c->st.t[0] = c->st.t[1] = 0;
    } else {
        memset(c->buf + u + 1, 0, 55 - u);
        if (u == 0) c->st.t[0] = c->st.t[1] = 0;
    }
    if (c->out_len == 32) c->buf[55] |= 0x01;
    hb_store32_be(c->buf + 56, (uint32_t)(bits >> 32));
    hb_store32_be(c->buf + 60, (uint32_t)bits);
    blake256_block(&c->st, c->buf);
    c->md.used = 0;
    for (i = 0; i < 8; i++) hb_store32_be(c->buf + 4 * i, c->st.h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, c->buf, out_len);
}
