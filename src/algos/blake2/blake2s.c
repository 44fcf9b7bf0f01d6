/* BLAKE2s (RFC 7693): see blake2.h */
#include "blake2_common.h"

/* RFC 7693 2.6: the IV is that of SHA-256 (FIPS 180-4 5.3.3). */
static HB_ROM uint32_t IV32[8] = {
    0x6a09e667UL, 0xbb67ae85UL, 0x3c6ef372UL, 0xa54ff53aUL,
    0x510e527fUL, 0x9b05688cUL, 0x1f83d9abUL, 0x5be0cd19UL
};

/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last is 0 or all-ones (f0).  HB_BLAKE2_SMALL: rolled rounds for 8-bit
 * targets (blake2_common.h); the default unrolls them. */
#ifdef HB_BLAKE2_SMALL
static void b2s_block(hb_blake2s_ctx *c, const uint8_t *blk, uint32_t last)
{
    HB_SCRATCH uint32_t m[16];
    HB_SCRATCH uint32_t v[16];
    uint8_t i;
    for (i = 0; i < 16; i++) m[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 8; i++) {
        v[i] = c->h[i];
        v[8 + i] = HB_ROM_U32(IV32, i);
    }
    v[12] ^= c->t[0]; v[13] ^= c->t[1]; v[14] ^= last;
    for (i = 0; i < 10; i++) ROUND_V(G32, i);
    for (i = 0; i < 8; i++) c->h[i] ^= v[i] ^ v[8 + i];
}
#else
static void b2s_block(hb_blake2s_ctx *c, const uint8_t *blk, uint32_t last)
{
    uint32_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load32_le(blk + 4 * i);
    v0 = c->h[0]; v1 = c->h[1]; v2 = c->h[2]; v3 = c->h[3];
    v4 = c->h[4]; v5 = c->h[5]; v6 = c->h[6]; v7 = c->h[7];
    v8 = HB_ROM_U32(IV32, 0); v9 = HB_ROM_U32(IV32, 1);
    v10 = HB_ROM_U32(IV32, 2); v11 = HB_ROM_U32(IV32, 3);
    v12 = HB_ROM_U32(IV32, 4) ^ c->t[0]; v13 = HB_ROM_U32(IV32, 5) ^ c->t[1];
    v14 = HB_ROM_U32(IV32, 6) ^ last;    v15 = HB_ROM_U32(IV32, 7);
    ROUND(G32, 0); ROUND(G32, 1); ROUND(G32, 2); ROUND(G32, 3); ROUND(G32, 4);
    ROUND(G32, 5); ROUND(G32, 6); ROUND(G32, 7); ROUND(G32, 8); ROUND(G32, 9);
    c->h[0] ^= v0 ^ v8;  c->h[1] ^= v1 ^ v9;  c->h[2] ^= v2 ^ v10; c->h[3] ^= v3 ^ v11;
    c->h[4] ^= v4 ^ v12; c->h[5] ^= v5 ^ v13; c->h[6] ^= v6 ^ v14; c->h[7] ^= v7 ^ v15;
}

#endif

void hb_blake2s_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    hb_blake2s_ctx *c = (hb_blake2s_ctx *)ctx;
    while (n--) {
        c->t[0] += 64;
        if (c->t[0] < 64) c->t[1]++;
        b2s_block(c, blocks, 0);
        blocks += 64;
    }
}

static const hb_md_class B2S_MD = {64, 1, hb_blake2s_compress};

static int b2s_start(void *ctx, const hb_params *p, unsigned outlen, int varout)
{
    hb_blake2s_ctx *c = (hb_blake2s_ctx *)ctx;
    uint8_t salt[16], pers[16];
    size_t kk;
    unsigned i;
    int r = b2_check(p, 32, varout, &outlen, &kk);
    if (r) return r;
    if (!padded(p, 0, 8, salt) || !padded(p, 1, 8, pers)) return HB_ERR_PARAM;
    for (i = 0; i < 8; i++) c->h[i] = HB_ROM_U32(IV32, i);
    /* RFC 7693 2.5, 32-byte parameter block: same first word layout,
     * 8-byte salt and personalisation in words 4..7 */
    c->h[0] ^= 0x01010000UL ^ ((uint32_t)kk << 8) ^ outlen;
    c->h[4] ^= hb_load32_le(salt);
    c->h[5] ^= hb_load32_le(salt + 4);
    c->h[6] ^= hb_load32_le(pers);
    c->h[7] ^= hb_load32_le(pers + 4);
    c->t[0] = c->t[1] = 0;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)outlen;
    if (kk) {
        uint8_t blk[64];
        memset(blk, 0, sizeof blk);
        memcpy(blk, p->key, kk);
        hb_md_update(&B2S_MD, c, &c->md, c->buf, blk, sizeof blk);
        hb_wipe(blk, sizeof blk);
    }
    return HB_OK;
}

int hb_blake2s_init(void *ctx, const hb_params *p) HB_REENTRANT { return b2s_start(ctx, p, 32, 1); }
int hb_blake2s_128_init(void *ctx, const hb_params *p) HB_REENTRANT { return b2s_start(ctx, p, 16, 0); }

void hb_blake2s_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_blake2s_ctx *c = (hb_blake2s_ctx *)ctx;
    hb_md_update(&B2S_MD, c, &c->md, c->buf, in, len);
}

void hb_blake2s_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake2s_ctx *c = (hb_blake2s_ctx *)ctx;
    uint8_t tmp[32];
    unsigned i, u = c->md.used;
    c->t[0] += u;
    if (c->t[0] < u) c->t[1]++;
    memset(c->buf + u, 0, 64 - u);
    b2s_block(c, c->buf, ~(uint32_t)0);
    for (i = 0; i < 8; i++) hb_store32_le(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
    hb_wipe(tmp, sizeof tmp);
}
