/* SHA-224 and SHA-256 (FIPS 180-4 sec. 6.2), portable C99. */
#include "sha2.h"
#include "../../common/hb_util.h"

/* FIPS 180-4 5.3.2 and 5.3.3 */
static HB_ROM uint32_t IV224[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
};
static HB_ROM uint32_t IV256[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

static const hb_md_class SHA256_MD = {64, 0, hb_sha256_compress};

static int sha256_start(void *ctx, const hb_params *p, HB_ROM uint32_t *iv, unsigned out_len)
{
    hb_sha256_ctx *c = (hb_sha256_ctx *)ctx;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    hb_rom_copy32(c->H, iv, 8);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_sha224_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha256_start(ctx, p, IV224, 28); }
int hb_sha256_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha256_start(ctx, p, IV256, 32); }

void hb_sha256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_sha256_ctx *c = (hb_sha256_ctx *)ctx;
    hb_md_update(&SHA256_MD, c->H, &c->md, c->buf, in, len);
}

void hb_sha256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_sha256_ctx *c = (hb_sha256_ctx *)ctx;
    uint8_t tmp[4];
    uint32_t bits[3];
    unsigned i;
    /* the length in bits, big-endian, in the last 8 bytes */
    hb_md_pad_open(&SHA256_MD, c->H, &c->md, c->buf, 0x80, 8, bits);
    hb_store32_be_at(c->buf, 56, bits[1]);
    hb_store32_be_at(c->buf, 60, bits[0]);
    hb_sha256_compress(c->H, c->buf, 1);
    c->md.used = 0;
    if (out_len > c->out_len) out_len = c->out_len;
    /* whole words straight into out, a part word through tmp (a copy of
     * all of it cost a fifth of the 64-byte overhead on the Cortex-M4) */
    for (i = 0; 4 * i + 16 <= out_len; i += 4) {
        /* four words a pass, all read before any is stored: out may alias
         * H for all the compiler knows, and interleaved it stores bytes */
        uint32_t w0 = c->H[i], w1 = c->H[i + 1], w2 = c->H[i + 2], w3 = c->H[i + 3];
        hb_store32_be(out + 4 * i, w0); hb_store32_be(out + 4 * i + 4, w1);
        hb_store32_be(out + 4 * i + 8, w2); hb_store32_be(out + 4 * i + 12, w3);
    }
    for (; 4 * i + 4 <= out_len; i++) hb_store32_be(out + 4 * i, c->H[i]);
    if (4 * i < out_len) {
        hb_store32_be(tmp, c->H[i]);
        memcpy(out + 4 * i, tmp, out_len - 4 * i);
    }
}
