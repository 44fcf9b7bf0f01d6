/* BLAKE2b and BLAKE2s (RFC 7693): see blake2.h */
#include "blake2.h"
#include "../../common/hb_util.h"

/* RFC 7693 2.7: message word schedule; round r uses row r mod 10. */
#define SIGMA_DATA { \
         0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, \
        14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3, \
        11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4, \
         7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8, \
         9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13, \
         2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9, \
        12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11, \
        13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10, \
         6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5, \
        10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0 \
}
#if !defined(HB_BLAKE2_SMALL) && (defined(__AVR__) || defined(__SDCC))
#define HB_BLAKE2_SMALL /* 8-bit targets: rolled rounds, a fraction of the code */
#endif
#ifdef HB_BLAKE2_SMALL
static HB_ROM uint8_t SIGMA[10 * 16] = SIGMA_DATA;
#define SG(r, k) HB_ROM_U8(SIGMA, 16 * (r) + (k))
#else
/* read only with constant indices in the unrolled rounds: folded by the
 * compiler, never stored */
static const uint8_t SIGMA[10 * 16] = SIGMA_DATA;
#define SG(r, k) SIGMA[16 * (r) + (k)]
#endif
/* RFC 7693 2.6: the IVs are those of SHA-512 and SHA-256 (FIPS 180-4 5.3). */
static HB_ROM uint64_t IV64[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};
static HB_ROM uint32_t IV32[8] = {
    0x6a09e667UL, 0xbb67ae85UL, 0x3c6ef372UL, 0xa54ff53aUL,
    0x510e527fUL, 0x9b05688cUL, 0x1f83d9abUL, 0x5be0cd19UL
};

/* One round over the sixteen working words v0..v15 (locals of the caller)
 * with a G macro of the word size; r must be 0..9. */
#define ROUND(G, r)                                               \
    do {                                                          \
        G(v0, v4, v8,  v12, m[SG(r, 0)],  m[SG(r, 1)]);           \
        G(v1, v5, v9,  v13, m[SG(r, 2)],  m[SG(r, 3)]);           \
        G(v2, v6, v10, v14, m[SG(r, 4)],  m[SG(r, 5)]);           \
        G(v3, v7, v11, v15, m[SG(r, 6)],  m[SG(r, 7)]);           \
        G(v0, v5, v10, v15, m[SG(r, 8)],  m[SG(r, 9)]);           \
        G(v1, v6, v11, v12, m[SG(r, 10)], m[SG(r, 11)]);          \
        G(v2, v7, v8,  v13, m[SG(r, 12)], m[SG(r, 13)]);          \
        G(v3, v4, v9,  v14, m[SG(r, 14)], m[SG(r, 15)]);          \
    } while (0)

/* RFC 7693 3.1 with (R1, R2, R3, R4) = (32, 24, 16, 63) and (16, 12, 8, 7) */
#define G64(a, b, c, d, x, y)                                     \
    do {                                                          \
        a += b + (x); d = HB_ROTR64(d ^ a, 32);                   \
        c += d;       b = HB_ROTR64(b ^ c, 24);                   \
        a += b + (y); d = HB_ROTR64(d ^ a, 16);                   \
        c += d;       b = HB_ROTR64(b ^ c, 63);                   \
    } while (0)
#define G32(a, b, c, d, x, y)                                     \
    do {                                                          \
        a += b + (x); d = HB_ROTR32(d ^ a, 16);                   \
        c += d;       b = HB_ROTR32(b ^ c, 12);                   \
        a += b + (y); d = HB_ROTR32(d ^ a, 8);                    \
        c += d;       b = HB_ROTR32(b ^ c, 7);                    \
    } while (0)

/* ---- BLAKE2b ------------------------------------------------------------ */

/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last is 0 or all-ones (f0).  HB_BLAKE2_SMALL keeps the rounds rolled
 * (small code for 8-bit targets); the default unrolls them so the
 * schedule becomes constant offsets. */
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
#ifdef HB_BLAKE2_SMALL
    for (i = 0; i < 12; i++) ROUND(G64, i % 10);
#else
    ROUND(G64, 0); ROUND(G64, 1); ROUND(G64, 2); ROUND(G64, 3);
    ROUND(G64, 4); ROUND(G64, 5); ROUND(G64, 6); ROUND(G64, 7);
    ROUND(G64, 8); ROUND(G64, 9); ROUND(G64, 0); ROUND(G64, 1);
#endif
    c->h[0] ^= v0 ^ v8;  c->h[1] ^= v1 ^ v9;  c->h[2] ^= v2 ^ v10; c->h[3] ^= v3 ^ v11;
    c->h[4] ^= v4 ^ v12; c->h[5] ^= v5 ^ v13; c->h[6] ^= v6 ^ v14; c->h[7] ^= v7 ^ v15;
}

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

/* Salt (pers = 0) or personalisation (pers = 1) of up to max bytes,
 * zero-padded to 16 bytes as hashlib does; returns 0 when too long. */
static int padded(const hb_params *p, int pers, size_t max, uint8_t out[16])
{
    const uint8_t *s = p ? (pers ? p->pers : p->salt) : NULL;
    size_t n = p ? (pers ? p->pers_len : p->salt_len) : 0;
    memset(out, 0, 16);
    if (n > max) return 0;
    if (n) memcpy(out, s, n);
    return 1;
}

/* Shared parameter checks: fills *outlen and *keylen. */
static int b2_check(const hb_params *p, unsigned max_out, int varout, unsigned *outlen, size_t *keylen)
{
    *keylen = 0;
    if (!p) return HB_OK;
    if (p->key_len > max_out) return HB_ERR_KEY; /* max key = max digest for both */
    if (p->custom_len) return HB_ERR_PARAM;
    if (p->out_len) {
        if (varout ? p->out_len > max_out : p->out_len != *outlen) return HB_ERR_OUTLEN;
        *outlen = (unsigned)p->out_len;
    }
    *keylen = p->key_len;
    return HB_OK;
}

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

/* ---- BLAKE2s ------------------------------------------------------------ */

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
#ifdef HB_BLAKE2_SMALL
    for (i = 0; i < 10; i++) ROUND(G32, i);
#else
    ROUND(G32, 0); ROUND(G32, 1); ROUND(G32, 2); ROUND(G32, 3); ROUND(G32, 4);
    ROUND(G32, 5); ROUND(G32, 6); ROUND(G32, 7); ROUND(G32, 8); ROUND(G32, 9);
#endif
    c->h[0] ^= v0 ^ v8;  c->h[1] ^= v1 ^ v9;  c->h[2] ^= v2 ^ v10; c->h[3] ^= v3 ^ v11;
    c->h[4] ^= v4 ^ v12; c->h[5] ^= v5 ^ v13; c->h[6] ^= v6 ^ v14; c->h[7] ^= v7 ^ v15;
}

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
