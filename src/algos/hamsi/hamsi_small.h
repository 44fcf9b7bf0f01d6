/* hamsi_small.h -- Hamsi-224 and Hamsi-256 (SHA-3 round 2), portable C99:
 * see hamsi.h.  The implementation's hamsi256.c defines the kernel
 *     static void hamsi256_blocks(uint32_t *h, const uint8_t *blk,
 *                                 size_t n, unsigned last);
 * (n 4-byte blocks into the chaining value h, through Pf if last, else P)
 * and then includes this once per build. */
#ifndef HB_HAMSI_SMALL_H
#define HB_HAMSI_SMALL_H
#include "hamsi_core.h"

/* Spec 2.2.2: initial values (ASCII text, big-endian words).  IV224 is the
 * corrected one (as in sphlib 3.0 and the updated specification). */
static HB_ROM uint32_t HAMSI_IV224[8] = {
    0xc3967a67, 0xc3bc6c20, 0x4bc3bcc3, 0xa7c3bc6b, 0x2c204b61, 0x74686f6c, 0x69656b65, 0x20556e69
};
static HB_ROM uint32_t HAMSI_IV256[8] = {
    0x76657273, 0x69746569, 0x74204c65, 0x7576656e, 0x2c204465, 0x70617274, 0x656d656e, 0x7420456c
};

void hb_hamsi256_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hamsi256_blocks(((hb_hamsi_ctx *)ctx)->h, blk, n, 0);
}

static const hb_md_class HAMSI256_MD = {4, 0, hb_hamsi256_compress};

int hb_hamsi_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV224, 0, 28); }
int hb_hamsi_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV256, 0, 32); }

void hb_hamsi256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    hb_md_update(&HAMSI256_MD, c, &c->md, c->buf, in, len);
}

/* the padded block and the length as two blocks, the last through Pf */
void hb_hamsi256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    uint8_t tail[12], word[4];
    unsigned i;
    hamsi_pad(c, tail, 4);
    hamsi256_blocks(c->h, tail, 2, 0);
    hamsi256_blocks(c->h, tail + 8, 1, 1);
    /* the digest: the first out_len bytes of h, big-endian, stored
     * straight to out (through a buffer and a copy of a length known only
     * at run time it cost about 20 cycles on x86-64) */
    if (out_len > c->out_len) out_len = c->out_len;
    for (i = 0; 4u * i + 4u <= out_len; i++) hb_store32_be(out + 4u * i, c->h[i]);
    if (4u * i < out_len) {
        hb_store32_be(word, c->h[i]);
        memcpy(out + 4u * i, word, out_len - 4u * i);
    }
}

#endif
