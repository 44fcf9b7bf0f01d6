/* BLAKE2b compression (RFC 7693 3.2 F),
 * unrolled rounds (the default): see ../impls.toml */
#include "blake2_rounds.h"

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

void hb_blake2b_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    while (n--) {
        b2b_count(c, 128);
        b2b_block(c, blocks, 0);
        blocks += 128;
    }
}

/* h and t from the parameter block (RFC 7693 2.5): digest length, key
 * length, fanout 1, depth 1, zero leaf/node fields, salt, personalisation */
void hb_blake2b_setup(hb_blake2b_ctx *c, unsigned outlen, unsigned kk, const uint8_t *salt,
                      const uint8_t *pers) HB_REENTRANT
{
    unsigned i;
    for (i = 0; i < 8; i++) c->h[i] = HB_ROM_U64(IV64, i);
    c->h[0] ^= 0x01010000UL ^ ((uint64_t)kk << 8) ^ outlen;
    c->h[4] ^= hb_load64_le(salt);
    c->h[5] ^= hb_load64_le(salt + 8);
    c->h[6] ^= hb_load64_le(pers);
    c->h[7] ^= hb_load64_le(pers + 8);
    c->t[0] = c->t[1] = 0;
}

void hb_blake2b_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    unsigned u = c->md.used;
    b2b_count(c, u);
    memset(c->buf + u, 0, 128 - u);
    b2b_block(c, c->buf, 1);
    if (out_len > c->out_len) out_len = c->out_len;
    {
        uint8_t tmp[64];
        unsigned i;
        for (i = 0; i < 8; i++) hb_store64_le(tmp + 8 * i, c->h[i]);
        memcpy(out, tmp, out_len);
        hb_wipe(tmp, sizeof tmp);
    }
}
