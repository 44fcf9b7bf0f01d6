/* SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4 sec. 6.4-6.7). */
#include "sha2.h"
#include "../../common/hb_util.h"

/* FIPS 180-4 5.3.4-5.3.6; the SHA-512/t IVs from the IV generation
 * function of 5.3.6 (recomputed). */
static HB_ROM uint64_t IV384[8] = {
    0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
    0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
};
static HB_ROM uint64_t IV512[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};
static HB_ROM uint64_t IV512_224[8] = {
    0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL, 0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
    0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL, 0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL
};
static HB_ROM uint64_t IV512_256[8] = {
    0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL, 0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
    0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL, 0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL
};

static const hb_md_class SHA512_MD = {128, 0, hb_sha512_compress};

static int sha512_start(void *ctx, const hb_params *p, HB_ROM uint64_t *iv, unsigned out_len)
{
    hb_sha512_ctx *c = (hb_sha512_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->H[i] = HB_ROM_U64(iv, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_sha384_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV384, 48); }
int hb_sha512_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV512, 64); }
int hb_sha512_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV512_224, 28); }
int hb_sha512_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV512_256, 32); }

void hb_sha512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_sha512_ctx *c = (hb_sha512_ctx *)ctx;
    hb_md_update(&SHA512_MD, c->H, &c->md, c->buf, in, len);
}

void hb_sha512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_sha512_ctx *c = (hb_sha512_ctx *)ctx;
    HB_SCRATCH uint8_t tmp[8];
    uint32_t bits[3];
    unsigned i;
    /* the length in bits, big-endian, in the last 16 bytes (under 2^67
     * bits: hb_md's count is of bytes, mod 2^64) */
    hb_md_pad_open(&SHA512_MD, c->H, &c->md, c->buf, 0x80, 16, bits);
    hb_store32_be_at(c->buf, 116, bits[2]);
    hb_store32_be_at(c->buf, 120, bits[1]);
    hb_store32_be_at(c->buf, 124, bits[0]);
    hb_sha512_compress(c->H, c->buf, 1);
    c->md.used = 0;
    if (out_len > c->out_len) out_len = c->out_len;
    /* whole words straight into out, a part word through tmp (a copy of
     * all of it cost a fifth of the 64-byte overhead on the Cortex-M4) */
    for (i = 0; 8 * i + 8 <= out_len; i++) hb_store64_be(out + 8 * i, c->H[i]);
    if (8 * i < out_len) {
        hb_store64_be(tmp, c->H[i]);
        memcpy(out + 8 * i, tmp, out_len - 8 * i);
    }
}
