/* SHAvite-3 (round-2 specification): see shavite3.h */
#include "shavite3.h"
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

/* Initial values from the round-2 specification (sec. 4.1 / 5.1); each is
 * C(0, n, 0) -- the compression function on a zero chaining value, the
 * digest length n as the message and counter 0 -- which test_props-style
 * checks recompute (see tests/c/test_aes_family.c). */
static HB_ROM uint32_t IV224[8] = {
    0x6774f31c, 0x990ae210, 0xc87d4274, 0xc9546371, 0x62b2aea8, 0x4b5801d8, 0x1b702860, 0x842f3017
};
static HB_ROM uint32_t IV256[8] = {
    0x49bb3e47, 0x2674860d, 0xa8b392ac, 0x021ac4e6, 0x409283cf, 0x620e5d86, 0x6d929dcb, 0x96cc2a8b
};
static HB_ROM uint32_t IV384[16] = {
    0x83df1545, 0xf9aaec13, 0xf4803cb0, 0x11fe1f47, 0xda6cd269, 0x4f53fcd7, 0x950529a2, 0x97908147,
    0xb0a4d7af, 0x2b9132bf, 0x226e607d, 0x3c0f8d7c, 0x487b3f0f, 0x04363e22, 0x0155c99c, 0xec2e20d3
};
static HB_ROM uint32_t IV512[16] = {
    0x72fccdd8, 0x79ca4727, 0x128a077b, 0x40d55aec, 0xd1901a06, 0x430ae307, 0xb29f5cd1, 0xdf07fbfc,
    0x8e45d73d, 0x681ab538, 0xbde86578, 0xdd577e47, 0xe275eade, 0x502d9fcd, 0xb9357178, 0x022a4b9a
};

/*
 * Message expansion.  The round keys form one long sequence rk[0..]: the
 * message words, then alternately chunks of N words (N = 16 for C256, 32
 * for C512) made by the nonlinear step -- an AES round (key 0: the salt)
 * over four words of the previous chunk, word order rotated by one, XOR
 * the four words just before -- and by the linear step
 * rk[i] = rk[i-N] ^ rk[i-3] (C256) / rk[i-N] ^ rk[i-7] (C512).  The
 * counter enters four groups of the nonlinear chunks.  A chunk depends
 * only on the chunk before it, so the rounds need only a few chunks at a
 * time: C256 makes 3 chunks per 4 rounds, C512 2 chunks per 2 rounds.
 */

/* nonlinear chunk dst from prev; base = index of dst[0] in rk[] */
static void chunk_nl(uint32_t *dst, const uint32_t *prev, unsigned N, unsigned base,
                     const uint32_t *cnt)
{
    unsigned g;
    const uint32_t *before = prev + N - 4;
    for (g = 0; g < N; g += 4) {
        uint32_t y0, y1, y2, y3;
        HB_AES_ROUND_LE(y0, y1, y2, y3, prev[g + 1], prev[g + 2], prev[g + 3], prev[g]);
        dst[g] = y0 ^ before[0];
        dst[g + 1] = y1 ^ before[1];
        dst[g + 2] = y2 ^ before[2];
        dst[g + 3] = y3 ^ before[3];
        /* counter injection into the groups at rk[16, 56, 84, 124]
         * (C256, 64-bit counter) / rk[32, 164, 316, 440] (C512) */
        if (N == 16) {
            uint32_t *d = dst + g;
            switch (base + g) {
            case 16:  d[0] ^= cnt[0]; d[1] ^= ~cnt[1]; break;
            case 56:  d[1] ^= cnt[1]; d[2] ^= ~cnt[0]; break;
            case 84:  d[2] ^= cnt[1]; d[3] ^= ~cnt[0]; break;
            case 124: d[0] ^= cnt[0]; d[3] ^= ~cnt[1]; break;
            default: break;
            }
        } else {
            uint32_t *d = dst + g;
            switch (base + g) {
            case 32:  d[0] ^= cnt[0]; d[1] ^= cnt[1]; d[2] ^= cnt[2]; d[3] ^= ~cnt[3]; break;
            case 164: d[0] ^= cnt[3]; d[1] ^= cnt[2]; d[2] ^= cnt[1]; d[3] ^= ~cnt[0]; break;
            case 316: d[0] ^= cnt[2]; d[1] ^= cnt[3]; d[2] ^= cnt[0]; d[3] ^= ~cnt[1]; break;
            case 440: d[0] ^= cnt[1]; d[1] ^= cnt[0]; d[2] ^= cnt[3]; d[3] ^= ~cnt[2]; break;
            default: break;
            }
        }
        before = dst + g;
    }
}

/* linear chunk dst from prev: rk[i] = rk[i-N] ^ rk[i-tap] */
static void chunk_lin(uint32_t *dst, const uint32_t *prev, unsigned N, unsigned tap)
{
    unsigned i;
    for (i = 0; i < tap; i++) dst[i] = prev[i] ^ prev[N - tap + i];
    for (; i < N; i++) dst[i] = prev[i] ^ dst[i - tap];
}

/* x ^= F^k(r): k AES rounds, each preceded by XOR of four key words */
#define FEISTEL(x, r, k, nr) do { \
        uint32_t a0 = (r)[0], a1 = (r)[1], a2 = (r)[2], a3 = (r)[3], b0, b1, b2, b3; \
        unsigned j_; \
        for (j_ = 0; j_ < (nr); j_++) { \
            const uint32_t *kk_ = (k) + 4 * j_; \
            a0 ^= kk_[0]; a1 ^= kk_[1]; a2 ^= kk_[2]; a3 ^= kk_[3]; \
            HB_AES_ROUND_LE(b0, b1, b2, b3, a0, a1, a2, a3); \
            a0 = b0; a1 = b1; a2 = b2; a3 = b3; \
        } \
        (x)[0] ^= a0; (x)[1] ^= a1; (x)[2] ^= a2; (x)[3] ^= a3; \
    } while (0)

void hb_shavite3_c256(uint32_t h[8], const uint8_t *blk, const uint32_t cnt[2])
{
    /* rk: three chunks of 16 words = the keys of 4 rounds */
    HB_SCRATCH uint32_t rk[48], p[8];
    unsigned i, b, r;
    for (i = 0; i < 16; i++) rk[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 8; i++) p[i] = h[i];
    for (b = 0; b < 3; b++) {
        /* chunk j = 3b + s sits in rk[16 s]; odd chunks are nonlinear */
        for (i = b ? 0 : 1; i < 3; i++) {
            unsigned j = 3 * b + i;
            uint32_t *dst = rk + 16 * i;
            const uint32_t *prev = rk + 16 * ((i + 2) % 3);
            if (j & 1) chunk_nl(dst, prev, 16, 16 * j, cnt);
            else chunk_lin(dst, prev, 16, 3);
        }
        /* 12 Feistel rounds on (L, R) = (p[0..3], p[4..7]) in all,
         * 4 per chunk triple, written without swapping the halves */
        for (r = 0; r < 4; r += 2) {
            FEISTEL(p, p + 4, rk + 12 * r, 3);
            FEISTEL(p + 4, p, rk + 12 * r + 12, 3);
        }
    }
    for (i = 0; i < 8; i++) h[i] ^= p[i];
}

void hb_shavite3_c512(uint32_t h[16], const uint8_t *blk, const uint32_t cnt[4])
{
    /* rk: two chunks of 32 words = the keys of 2 rounds */
    HB_SCRATCH uint32_t rk[64], p[16];
    uint32_t t;
    unsigned i, b;
    for (i = 0; i < 32; i++) rk[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 16; i++) p[i] = h[i];
    for (b = 0; b < 7; b++) {
        /* chunk 2b (linear, or the message) in rk[0..31], 2b+1 in rk[32..63] */
        if (b) chunk_lin(rk, rk + 32, 32, 7);
        chunk_nl(rk + 32, rk, 32, 64 * b + 32, cnt);
        /* 14 rounds on (A, B, C, D) = p[0..3], p[4..7], p[8..11], p[12..15]:
         * A ^= F4(B), C ^= F4(D), then (A, B, C, D) <- (D, A, B, C) */
        for (i = 0; i < 2; i++) {
            unsigned q;
            FEISTEL(p, p + 4, rk + 32 * i, 4);
            FEISTEL(p + 8, p + 12, rk + 32 * i + 16, 4);
            for (q = 0; q < 4; q++) {
                t = p[12 + q]; p[12 + q] = p[8 + q]; p[8 + q] = p[4 + q];
                p[4 + q] = p[q]; p[q] = t;
            }
        }
    }
    for (i = 0; i < 16; i++) h[i] ^= p[i];
}

static void cnt_words(const hb_shavite3_ctx *c, uint32_t w[4])
{
    w[0] = (uint32_t)c->cnt_lo; w[1] = (uint32_t)(c->cnt_lo >> 32);
    w[2] = (uint32_t)c->cnt_hi; w[3] = (uint32_t)(c->cnt_hi >> 32);
}

static void cnt_add(hb_shavite3_ctx *c, uint64_t bits)
{
    c->cnt_lo += bits;
    if (c->cnt_lo < bits) c->cnt_hi++;
}

/* md compress: every full block counts all of its bits */
static void compress256(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)state;
    uint32_t w[4];
    while (n--) {
        cnt_add(c, 512);
        cnt_words(c, w);
        hb_shavite3_c256(c->h, blk, w);
        blk += 64;
    }
}

static void compress512(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)state;
    uint32_t w[4];
    while (n--) {
        cnt_add(c, 1024);
        cnt_words(c, w);
        hb_shavite3_c512(c->h, blk, w);
        blk += 128;
    }
}

static const hb_md_class MD256 = {64, 0, compress256};
static const hb_md_class MD512 = {128, 0, compress512};

static int start(void *ctx, const hb_params *p, HB_ROM uint32_t *iv, unsigned out_len, int big)
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)ctx;
    unsigned i, nw = big ? 16 : 8;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    memset(c->h, 0, sizeof c->h);
    for (i = 0; i < nw; i++) c->h[i] = HB_ROM_U32(iv, i);
    c->cnt_lo = c->cnt_hi = 0;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    c->big = (uint8_t)big;
    return HB_OK;
}

int hb_shavite3_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, IV224, 28, 0); }
int hb_shavite3_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, IV256, 32, 0); }
int hb_shavite3_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, IV384, 48, 1); }
int hb_shavite3_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, IV512, 64, 1); }

void hb_shavite3_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)ctx;
    hb_md_update(c->big ? &MD512 : &MD256, c, &c->md, c->buf, in, len);
}

static void run(hb_shavite3_ctx *c, const uint32_t w[4])
{
    if (c->big) hb_shavite3_c512(c->h, c->buf, w);
    else hb_shavite3_c256(c->h, c->buf, w);
}

/* Padding (spec sec. 4.2 / 5.2): 1 bit, zeros, the message length in bits
 * (64 / 128 bits, little-endian), the digest length in bits (16 bits,
 * little-endian).  A block that holds no message bit is compressed with
 * counter 0. */
void hb_shavite3_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)ctx;
    unsigned bs = c->big ? 128 : 64, lenb = c->big ? 16 : 8, u = c->md.used, i;
    unsigned tail = lenb + 2, bits = 8u * c->out_len;
    uint32_t total[4], zero[4] = {0, 0, 0, 0};
    uint8_t tmp[64];
    const uint32_t *use = total;

    cnt_add(c, 8 * (uint64_t)u);
    cnt_words(c, total);
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, bs - u - 1);
    if (u == 0) {
        use = zero;
    } else if (u + 1 > bs - tail) {
        run(c, total);
        memset(c->buf, 0, bs);
        use = zero;
    }
    for (i = 0; i < lenb / 4; i++) hb_store32_le(c->buf + bs - tail + 4 * i, total[i]);
    c->buf[bs - 2] = (uint8_t)bits;
    c->buf[bs - 1] = (uint8_t)(bits >> 8);
    run(c, use);
    for (i = 0; i < 16; i++) hb_store32_le(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
