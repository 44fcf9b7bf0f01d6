/* JH (final, 42 rounds), portable C99, bit-sliced over 64-bit words. */
#include "jh.h"
#include "../../common/hb_util.h"
#include "jh_consts.h"

static HB_ROM uint64_t JH_IV_224[16] = JH_IV_224_DATA;
static HB_ROM uint64_t JH_IV_256[16] = JH_IV_256_DATA;
static HB_ROM uint64_t JH_IV_384[16] = JH_IV_384_DATA;
static HB_ROM uint64_t JH_IV_512[16] = JH_IV_512_DATA;

static const hb_md_class JH_MD = {64, 0, hb_jh_compress};

static int jh_start(void *ctx, const hb_params *p, unsigned out_len, HB_ROM uint64_t *iv)
{
    hb_jh_ctx *c = (hb_jh_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* H(0) = F8(H(-1), 0), the spec's initial hash value, precomputed
     * (tools/gen_jh_consts.py) */
    for (i = 0; i < 16; i++) c->x[i] = HB_ROM_U64(iv, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_jh_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 28, JH_IV_224); }
int hb_jh_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 32, JH_IV_256); }
int hb_jh_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 48, JH_IV_384); }
int hb_jh_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 64, JH_IV_512); }

void hb_jh_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_jh_ctx *c = (hb_jh_ctx *)ctx;
    hb_md_update(&JH_MD, c->x, &c->md, c->buf, in, len);
}

void hb_jh_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_jh_ctx *c = (hb_jh_ctx *)ctx;
    HB_SCRATCH uint8_t tmp[64];
    uint64_t bits_lo = c->md.count << 3, bits_hi = c->md.count >> 61;
    unsigned i, u = c->md.used;

    /* JH's padding: a 1 bit, zeros, the 128-bit length, at least 512 bits in
     * all: one block if the message filled whole blocks, else two */
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, 63 - u);
    if (u) {
        hb_jh_compress(c->x, c->buf, 1);
        memset(c->buf, 0, 64);
    }
    hb_store64_be(c->buf + 48, bits_hi);
    hb_store64_be(c->buf + 56, bits_lo);
    hb_jh_compress(c->x, c->buf, 1);
    /* the digest is the last out_len bytes of H */
    for (i = 0; i < 8; i++) hb_store64_le(tmp + 8 * i, c->x[8 + i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + 64 - c->out_len, out_len);
}
