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
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->H[i] = HB_ROM_U32(iv, i);
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
    uint8_t tmp[32];
    unsigned i;
    hb_md_pad(&SHA256_MD, c->H, &c->md, c->buf, 0x80, 8, 1);
    for (i = 0; i < 8; i++) hb_store32_be(tmp + 4 * i, c->H[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
