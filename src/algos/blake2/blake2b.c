/* BLAKE2b (RFC 7693): see blake2.h */
#include "blake2_common.h"

/* RFC 7693 2.6: the IV is that of SHA-512 (FIPS 180-4 5.3.5). */
static HB_ROM uint64_t IV64[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};

/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last is 0 or all-ones (f0).  HB_BLAKE2_SMALL keeps the rounds rolled
 * (small code for 8-bit targets); the default unrolls them so the
 * schedule becomes constant offsets. */
#ifdef HB_BLAKE2_SMALL
static void b2b_block(hb_blake2b_ctx *c, const uint8_t *blk, uint64_t last)
{
    HB_SCRATCH uint64_t m[16];
    HB_SCRATCH uint64_t v[16];
    uint8_t i;
    for (i = 0; i < 16; i++) m[i] = hb_load64_le(blk + 8 * i);
    for (i = 0; i < 8; i++) {
        v[i] = c->h[i];
        v[8 + i] = HB_ROM_U64(IV64, i);
    }
    v[12] ^= c->t[0]; v[13] ^= c->t[1]; v[14] ^= last;
    for (i = 0; i < 12; i++) ROUND_V(G64, i % 10);
    for (i = 0; i < 8; i++) c->h[i] ^= v[i] ^ v[8 + i];
}
#else
static void b2b_block(hb_blake2b_ctx *c, const uint8_t *blk, uint64_t last)
{
    uint64_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load64_le(blk + 8 * i);
    v0 = c->h[0]; v1 = c->h[1]; v2 = c->h[2]; v3 = c->h[3];
    v4 = c->h[4]; v5 = c->h[5]; v6 = c->h[6]; v7 = c->h[7];
    v8 = HB_ROM_U64(IV64, 0); v9 = HB_ROM_U64(IV64, 1);
    v10 = HB_ROM_U64(IV64, 2); v11 = HB_ROM_U64(IV64, 3);
    v12 = HB_ROM_U64(IV64, 4) ^ c->t[0]; v13 = HB_ROM_U64(IV64, 5) ^ c->t[1];
    v14 = HB_ROM_U64(IV64, 6) ^ last;    v15 = HB_ROM_U64(IV64, 7);
    ROUND(G64, 0); ROUND(G64, 1); ROUND(G64, 2); ROUND(G64, 3);
    ROUND(G64, 4); ROUND(G64, 5); ROUND(G64, 6); ROUND(G64, 7);
    ROUND(G64, 8); ROUND(G64, 9); ROUND(G64, 0); ROUND(G64, 1);
    c->h[0] ^= v0 ^ v8;  c->h[1] ^= v1 ^ v9;  c->h[2] ^= v2 ^ v10; c->h[3] ^= v3 ^ v11;
    c->h[4] ^= v4 ^ v12; c->h[5] ^= v5 ^ v13; c->h[6] ^= v6 ^ v14; c->h[7] ^= v7 ^ v15;
}

#endif

void hb_blake2b_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    while (n--) {
        c->t[0] += 128;
        if (c->t[0] < 128) c->t[1]++;
        b2b_block(c, blocks, 0);
        blocks += 128;
    }
}

static const hb_md_class B2B_MD = {128, 1, hb_blake2b_compress};

static int b2b_start(void *ctx, const hb_params *p, unsigned outlen, int varout)
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    uint8_t salt[16], pers[16];
    size_t kk;
    unsigned i;
    int r = b2_check(p, 64, varout, &outlen, &kk);
    if (r) return r;
    if (!padded(p, 0, 16, salt) || !padded(p, 1, 16, pers)) return HB_ERR_PARAM;
    for (i = 0; i < 8; i++) c->h[i] = HB_ROM_U64(IV64, i);
    /* parameter block (RFC 7693 2.5): digest length, key length, fanout 1,
     * depth 1, zero leaf/node fields, salt, personalisation */
    c->h[0] ^= 0x01010000UL ^ ((uint64_t)kk << 8) ^ outlen;
    c->h[4] ^= hb_load64_le(salt);
    c->h[5] ^= hb_load64_le(salt + 8);
    c->h[6] ^= hb_load64_le(pers);
    c->h[7] ^= hb_load64_le(pers + 8);
    c->t[0] = c->t[1] = 0;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)outlen;
    if (kk) { /* the key, zero-padded, is the first block */
        uint8_t blk[128];
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

void hb_blake2b_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    uint8_t tmp[64];
    unsigned i, u = c->md.used;
    c->t[0] += u;
    if (c->t[0] < u) c->t[1]++;
    memset(c->buf + u, 0, 128 - u);
    b2b_block(c, c->buf, ~(uint64_t)0);
    for (i = 0; i < 8; i++) hb_store64_le(tmp + 8 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
    hb_wipe(tmp, sizeof tmp);
}
