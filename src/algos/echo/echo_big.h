/*
 * echo_big.h -- all of ECHO but the round, which the implementation
 * defines before it includes this, once per build:
 *   static void big_subwords(uint32_t *s, uint32_t *k): BIG.SUBWORDS, two
 *     AES rounds per 128-bit word, the first keyed by the counter k,
 *     incremented after every word;
 *   static void big_shift_mix(uint32_t *d, const uint32_t *s):
 *     BIG.SHIFTROWS then BIG.MIXCOLUMNS from s into d (echo_mix32.h, or
 *     the compact form's loops);
 * and optionally ECHO_ROUND(d, s, k): the three steps at once from s into d
 * (s may be overwritten), which then replaces the two calls.
 */
#ifndef HB_ECHO_BIG_H
#define HB_ECHO_BIG_H

void hb_echo_compress(uint32_t *V, int big, const uint8_t *blk, const uint32_t *cnt)
{
    HB_SCRATCH uint32_t w0[64], w1[64], acc[32];   /* 640 bytes */
    uint32_t k[4];
    uint32_t *s = w0, *d = w1, *t;
    unsigned nv = big ? 32 : 16, rounds = big ? 10 : 8, i, j, r;

    for (i = 0; i < 4; i++) k[i] = cnt[i];
    for (i = 0; i < nv; i++) w0[i] = V[i];
    for (i = nv; i < 64; i++) w0[i] = hb_load32_le(blk + 4 * (i - nv));
    /* BIG.FINAL (feed-forward): V'_i = XOR of state words i, i + nv, ...
     * before and after the rounds (as rows of nv words: indexing by i % nv
     * compiled to a division per word) */
    for (i = 0; i < nv; i++) acc[i] = w0[i];
    for (j = nv; j < 64; j += nv)
        for (i = 0; i < nv; i++) acc[i] ^= w0[j + i];
    for (r = 0; r < rounds; r++) {
#ifdef ECHO_ROUND
        ECHO_ROUND(d, s, k);
#else
        big_subwords(s, k);
        big_shift_mix(d, s);
#endif
        t = s; s = d; d = t;
    }
    for (j = 0; j < 64; j += nv)
        for (i = 0; i < nv; i++) acc[i] ^= s[j + i];
    for (i = 0; i < nv; i++) V[i] = acc[i];
}

/* the 128-bit bit counter, four 32-bit words (no 64-bit arithmetic: SDCC
 * keeps its temporaries on the 8051's small hardware stack) */
static void cnt_add(hb_echo_ctx *c, uint32_t bits)
{
    unsigned j;
    c->cnt[0] += bits;
    if (c->cnt[0] >= bits) return;
    for (j = 1; j < 4 && ++c->cnt[j] == 0; j++) {}
}

/* md compress: the counter of a full block counts all of its bits */
static void compress_small(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_echo_ctx *c = (hb_echo_ctx *)state;
    while (n--) {
        cnt_add(c, 1536);
        hb_echo_compress(c->V, 0, blk, c->cnt);
        blk += 192;
    }
}

static void compress_big(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_echo_ctx *c = (hb_echo_ctx *)state;
    while (n--) {
        cnt_add(c, 1024);
        hb_echo_compress(c->V, 1, blk, c->cnt);
        blk += 128;
    }
}

static const hb_md_class MD_SMALL = {192, 0, compress_small};
static const hb_md_class MD_BIG = {128, 0, compress_big};

static int start(void *ctx, const hb_params *p, unsigned out_len, int big)
{
    hb_echo_ctx *c = (hb_echo_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* IV: every 128-bit chaining word holds the digest length in bits */
    memset(c->V, 0, sizeof c->V);
    for (i = 0; i < (big ? 32u : 16u); i += 4) c->V[i] = 8 * out_len;
    memset(c->cnt, 0, sizeof c->cnt);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    c->big = (uint8_t)big;
    return HB_OK;
}

int hb_echo_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 28, 0); }
int hb_echo_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 32, 0); }
int hb_echo_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 48, 1); }
int hb_echo_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 64, 1); }

void hb_echo_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_echo_ctx *c = (hb_echo_ctx *)ctx;
    hb_md_update(c->big ? &MD_BIG : &MD_SMALL, c, &c->md, c->buf, in, len);
}

/* Padding: a 1 bit, zeros, the digest length in bits (16 bits) and the
 * message length in bits (128 bits), both little-endian.  The counter of
 * the last block is the message length, or 0 if that block holds no
 * message bit (empty tail, or the second of two padding blocks). */
void hb_echo_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_echo_ctx *c = (hb_echo_ctx *)ctx;
    unsigned bs = c->big ? 128 : 192, u = c->md.used, i;
    uint32_t k[4];

    cnt_add(c, 8 * (uint32_t)u);
    for (i = 0; i < 4; i++) k[i] = u ? c->cnt[i] : 0;
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, bs - u - 1);
    if (u + 1 > bs - 18) {
        hb_echo_compress(c->V, c->big, c->buf, k);
        memset(c->buf, 0, bs);
        memset(k, 0, sizeof k);
    }
    c->buf[bs - 18] = (uint8_t)(8 * c->out_len);
    c->buf[bs - 17] = (uint8_t)((8 * c->out_len) >> 8);
    for (i = 0; i < 16; i += 4) hb_store32_le_at(c->buf, bs - 16 + i, c->cnt[i >> 2]);
    hb_echo_compress(c->V, c->big, c->buf, k);
    /* the digest: the first out_len bytes of V, little-endian */
    if (out_len > c->out_len) out_len = c->out_len;
    for (i = 0; i + 4 <= out_len; i += 4) hb_store32_le(out + i, c->V[i >> 2]);
    for (; i < out_len; i++) out[i] = (uint8_t)(c->V[i >> 2] >> (8 * (i & 3)));
}

#endif
