/* BLAKE2s (RFC 7693): see blake2.h */
#include "blake2_common.h"
#include "blake2_params.h"

/* RFC 7693 2.6: the IV is that of SHA-256 (FIPS 180-4 5.3.3). */
HB_ROM uint32_t hb_blake2s_iv[8] = {
    0x6a09e667UL, 0xbb67ae85UL, 0x3c6ef372UL, 0xa54ff53aUL,
    0x510e527fUL, 0x9b05688cUL, 0x1f83d9abUL, 0x5be0cd19UL
};

void hb_blake2s_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    hb_blake2s_ctx *c = (hb_blake2s_ctx *)ctx;
    while (n--) {
        c->t[0] += 64;
        if (c->t[0] < 64) c->t[1]++;
        hb_blake2s_block(c, blocks, 0);
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
    for (i = 0; i < 8; i++) c->h[i] = HB_ROM_U32(hb_blake2s_iv, i);
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
    hb_blake2s_block(c, c->buf, ~(uint32_t)0);
    for (i = 0; i < 8; i++) hb_store32_le(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
    hb_wipe(tmp, sizeof tmp);
}
