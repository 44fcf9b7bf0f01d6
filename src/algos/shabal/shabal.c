/* Shabal (SHA-3 round 2 specification), portable C99. */
#include "shabal.h"
#include "../../common/hb_util.h"
#include "shabal_iv.h"

static const hb_md_class SHABAL_MD = {64, 0, hb_shabal_compress};

static int shabal_start(void *ctx, const hb_params *p, unsigned out_len, HB_ROM uint32_t *iv)
{
    hb_shabal_ctx *c = (hb_shabal_ctx *)ctx;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* the state after the two prefix blocks (the spec's IV; tools/gen_shabal_iv.py) */
    hb_rom_copy32(c->s.a, iv, 12);
    hb_rom_copy32(c->s.b, iv + 12, 16);
    hb_rom_copy32(c->s.c, iv + 28, 16);
    c->s.w = 1;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_shabal_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return shabal_start(ctx, p, 28, SHABAL_IV_224); }
int hb_shabal_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return shabal_start(ctx, p, 32, SHABAL_IV_256); }
int hb_shabal_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return shabal_start(ctx, p, 48, SHABAL_IV_384); }
int hb_shabal_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return shabal_start(ctx, p, 64, SHABAL_IV_512); }

void hb_shabal_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_shabal_ctx *c = (hb_shabal_ctx *)ctx;
    hb_md_update(&SHABAL_MD, &c->s, &c->md, c->buf, in, len);
}

void hb_shabal_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_shabal_ctx *c = (hb_shabal_ctx *)ctx;
    uint8_t word[4];
    unsigned i, u = c->md.used, first = 16u - c->out_len / 4u;

    /* padding: a 1 bit and zeros up to the end of the block; final rounds:
     * that block is processed four times in all, with the same W */
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, 63 - u);
    hb_shabal_last(&c->s, c->buf);
    /* the digest: the last out_len / 4 words of C, little-endian, stored
     * straight to out (through a 64-byte buffer and a copy of a length
     * known only at run time it cost 20 cycles on x86-64) */
    if (out_len > c->out_len) out_len = c->out_len;
    for (i = 0; 4u * i + 4u <= out_len; i++) hb_store32_le(out + 4u * i, c->s.c[first + i]);
    if (4u * i < out_len) {
        hb_store32_le(word, c->s.c[first + i]);
        memcpy(out + 4u * i, word, out_len - 4u * i);
    }
}
