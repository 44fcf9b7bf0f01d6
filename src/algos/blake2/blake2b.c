/* BLAKE2b (RFC 7693): see blake2.h */
#include "blake2_common.h"

#ifdef HB_BLAKE2_SMALL
/* HB_BLAKE2_SMALL (8-bit targets): every 64-bit word is a pair of 32-bit
 * halves with an explicit carry, and the chaining value and the counter
 * live in the context as little-endian bytes (c->h and c->t as byte
 * arrays), so no 64-bit operation is left in the block function.  SDCC
 * expands 64-bit arithmetic inline and shifts a 64-bit word by n as n
 * single-bit shifts over eight bytes (v >> 32: some 1,270 instructions);
 * on halves the rotations by 32, 24 and 16 are half swaps and byte moves
 * and the one by 63 a 1-bit shift.  The rounds loop over G0..G7 with the
 * word indices from a table (eight inline G did not fit the 8051's 64 KB).
 * v and m are HB_SCRATCH (the 8051's pdata stack is 256 bytes). */

/* RFC 7693 2.6: the IV (that of SHA-512, FIPS 180-4 5.3.5) as
 * (low, high) halves */
static HB_ROM uint32_t IV32[16] = {
    0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
    0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19
};
/* RFC 7693 3.2: the words (a, b, c, d) of G0..G7, as indices of the low
 * halves in v (2 * word) */
static HB_ROM uint8_t GW[32] = {
    0, 8, 16, 24,   2, 10, 18, 26,   4, 12, 20, 28,   6, 14, 22, 30,
    0, 10, 20, 30,  2, 12, 22, 24,   4, 14, 16, 26,   6, 8, 18, 28
};
#define HBYTES(c) ((uint8_t *)(c)->h)
#define TBYTES(c) ((uint8_t *)(c)->t)

/* the 128-bit little-endian byte counter t += n */
static void b2b_count(hb_blake2b_ctx *c, unsigned n)
{
    uint8_t *t = TBYTES(c), i;
    for (i = 0; i < 16 && n; i++) {
        n += t[i];
        t[i] = (uint8_t)n;
        n >>= 8;
    }
}

/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last: the final block (f0 all ones) */
static void b2b_block(hb_blake2b_ctx *c, const uint8_t *blk, uint8_t last)
{
    HB_SCRATCH uint32_t m[32];
    HB_SCRATCH uint32_t v[32];
    const uint8_t *hb = HBYTES(c), *tb = TBYTES(c);
    uint32_t ah, al, bh, bl, ch, cl, dh, dl, wh, wl;
    uint8_t r, g, i, s, x, y, k;  /* s: sigma row of round r, times 16 */
    for (i = 0; i < 32; i++) m[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 16; i++) {
        v[i] = hb_load32_le(hb + 4 * i);
        v[16 + i] = HB_ROM_U32(IV32, i);
    }
    for (i = 0; i < 4; i++) v[24 + i] ^= hb_load32_le(tb + 4 * i);
    if (last) { v[28] = ~v[28]; v[29] = ~v[29]; }
    for (r = 0, s = 0; r < 12; r++, s = (uint8_t)(s == 144 ? 0 : s + 16)) {
        for (g = 0; g < 32; g += 4) {
            x = (uint8_t)(2 * HB_ROM_U8(SIGMA, s + (g >> 1)));
            y = (uint8_t)(2 * HB_ROM_U8(SIGMA, s + (g >> 1) + 1));
            k = HB_ROM_U8(GW, g);     al = v[k]; ah = v[k + 1];
            k = HB_ROM_U8(GW, g + 1); bl = v[k]; bh = v[k + 1];
            k = HB_ROM_U8(GW, g + 2); cl = v[k]; ch = v[k + 1];
            k = HB_ROM_U8(GW, g + 3); dl = v[k]; dh = v[k + 1];
            wl = m[x]; wh = m[x + 1];
            HB_ADD64H(ah, al, bh, bl); HB_ADD64H(ah, al, wh, wl);
            wh = dh ^ ah; dh = dl ^ al; dl = wh;                /* rotation by 32 */
            HB_ADD64H(ch, cl, dh, dl);
            bh ^= ch; bl ^= cl; HB_ROTR64H(bh, bl, 24);
            wl = m[y]; wh = m[y + 1];
            HB_ADD64H(ah, al, bh, bl); HB_ADD64H(ah, al, wh, wl);
            dh ^= ah; dl ^= al; HB_ROTR64H(dh, dl, 16);
            HB_ADD64H(ch, cl, dh, dl);
            bh ^= ch; bl ^= cl;                                 /* rotation by 63 */
            wh = bh; bh = (bh << 1) | (bl >> 31); bl = (bl << 1) | (wh >> 31);
            k = HB_ROM_U8(GW, g);     v[k] = al; v[k + 1] = ah;
            k = HB_ROM_U8(GW, g + 1); v[k] = bl; v[k + 1] = bh;
            k = HB_ROM_U8(GW, g + 2); v[k] = cl; v[k + 1] = ch;
            k = HB_ROM_U8(GW, g + 3); v[k] = dl; v[k + 1] = dh;
        }
    }
    for (i = 0; i < 16; i++) hb_store32_le(HBYTES(c) + 4 * i, v[i] ^ v[16 + i] ^ hb_load32_le(hb + 4 * i));
}
#else
/* RFC 7693 2.6: the IV is that of SHA-512 (FIPS 180-4 5.3.5). */
static HB_ROM uint64_t IV64[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};

static void b2b_count(hb_blake2b_ctx *c, unsigned n)
{
    c->t[0] += n;
    if (c->t[0] < n) c->t[1]++;
}

/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last: the final block (f0 all ones).  The rounds unrolled, so the
 * schedule becomes constant offsets. */
static void b2b_block(hb_blake2b_ctx *c, const uint8_t *blk, uint8_t last)
{
    uint64_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load64_le(blk + 8 * i);
    v0 = c->h[0]; v1 = c->h[1]; v2 = c->h[2]; v3 = c->h[3];
    v4 = c->h[4]; v5 = c->h[5]; v6 = c->h[6]; v7 = c->h[7];
    v8 = HB_ROM_U64(IV64, 0); v9 = HB_ROM_U64(IV64, 1);
    v10 = HB_ROM_U64(IV64, 2); v11 = HB_ROM_U64(IV64, 3);
    v12 = HB_ROM_U64(IV64, 4) ^ c->t[0]; v13 = HB_ROM_U64(IV64, 5) ^ c->t[1];
    v14 = HB_ROM_U64(IV64, 6) ^ (last ? ~(uint64_t)0 : 0); v15 = HB_ROM_U64(IV64, 7);
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
        b2b_count(c, 128);
        b2b_block(c, blocks, 0);
        blocks += 128;
    }
}

static const hb_md_class B2B_MD = {128, 1, hb_blake2b_compress};

static int b2b_start(void *ctx, const hb_params *p, unsigned outlen, int varout)
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    /* HB_SCRATCH: on the 8051 these and the key block below took 160 of
     * the 256 bytes of pdata stack, and the keyed path calls down to the
     * block function from here (the stack wrapped and the run stopped) */
    HB_SCRATCH uint8_t salt[16], pers[16];
    size_t kk;
    unsigned i;
    int r = b2_check(p, 64, varout, &outlen, &kk);
    if (r) return r;
    if (!padded(p, 0, 16, salt) || !padded(p, 1, 16, pers)) return HB_ERR_PARAM;
    /* parameter block (RFC 7693 2.5): digest length, key length, fanout 1,
     * depth 1, zero leaf/node fields, salt, personalisation */
#ifdef HB_BLAKE2_SMALL
    for (i = 0; i < 16; i++) hb_store32_le(HBYTES(c) + 4 * i, HB_ROM_U32(IV32, i));
    HBYTES(c)[0] ^= (uint8_t)outlen;
    HBYTES(c)[1] ^= (uint8_t)kk;
    HBYTES(c)[2] ^= 1;
    HBYTES(c)[3] ^= 1;
    for (i = 0; i < 16; i++) {
        HBYTES(c)[32 + i] ^= salt[i];
        HBYTES(c)[48 + i] ^= pers[i];
    }
    memset(TBYTES(c), 0, 16);
#else
    for (i = 0; i < 8; i++) c->h[i] = HB_ROM_U64(IV64, i);
    c->h[0] ^= 0x01010000UL ^ ((uint64_t)kk << 8) ^ outlen;
    c->h[4] ^= hb_load64_le(salt);
    c->h[5] ^= hb_load64_le(salt + 8);
    c->h[6] ^= hb_load64_le(pers);
    c->h[7] ^= hb_load64_le(pers + 8);
    c->t[0] = c->t[1] = 0;
#endif
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)outlen;
    if (kk) { /* the key, zero-padded, is the first block */
        HB_SCRATCH uint8_t blk[128];
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
    unsigned u = c->md.used;
    b2b_count(c, u);
    memset(c->buf + u, 0, 128 - u);
    b2b_block(c, c->buf, 1);
    if (out_len > c->out_len) out_len = c->out_len;
#ifdef HB_BLAKE2_SMALL
    memcpy(out, HBYTES(c), out_len);  /* the digest: h as little-endian bytes */
#else
    {
        uint8_t tmp[64];
        unsigned i;
        for (i = 0; i < 8; i++) hb_store64_le(tmp + 8 * i, c->h[i]);
        memcpy(out, tmp, out_len);
        hb_wipe(tmp, sizeof tmp);
    }
#endif
}
