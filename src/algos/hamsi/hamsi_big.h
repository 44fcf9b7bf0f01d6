/* hamsi_big.h -- Hamsi-384 and Hamsi-512 (SHA-3 round 2), portable C99:
 * see hamsi.h.  The implementation's hamsi512.c defines the kernel
 *     static void hamsi512_blocks(uint32_t *h, const uint8_t *blk,
 *                                 size_t n, unsigned last);
 * (n 8-byte blocks into the chaining value h, through Pf if last, else P)
 * and then includes this once per build. */
#ifndef HB_HAMSI_BIG_H
#define HB_HAMSI_BIG_H
#include "hamsi_core.h"

/* Spec 2.2.2: initial values (ASCII text, big-endian words) */
static HB_ROM uint32_t HAMSI_IV384[16] = {
    0x656b7472, 0x6f746563, 0x686e6965, 0x6b2c2043, 0x6f6d7075, 0x74657220, 0x53656375, 0x72697479,
    0x20616e64, 0x20496e64, 0x75737472, 0x69616c20, 0x43727970, 0x746f6772, 0x61706879, 0x2c204b61
};
static HB_ROM uint32_t HAMSI_IV512[16] = {
    0x73746565, 0x6c706172, 0x6b204172, 0x656e6265, 0x72672031, 0x302c2062, 0x75732032, 0x3434362c,
    0x20422d33, 0x30303120, 0x4c657576, 0x656e2d48, 0x65766572, 0x6c65652c, 0x2042656c, 0x6769756d
};

void hb_hamsi512_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hamsi512_blocks(((hb_hamsi_ctx *)ctx)->h, blk, n, 0);
}

static const hb_md_class HAMSI512_MD = {8, 0, hb_hamsi512_compress};

int hb_hamsi_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV384, 1, 48); }
int hb_hamsi_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV512, 1, 64); }

void hb_hamsi512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    hb_md_update(&HAMSI512_MD, c, &c->md, c->buf, in, len);
}

/* Hamsi-384 keeps words 0,1,3,4,5,6,8,9,10,12,13,15 (spec 2.5, T384) */
static HB_ROM uint8_t HAMSI_T384[12] = {0, 1, 3, 4, 5, 6, 8, 9, 10, 12, 13, 15};

/* the padded block, then the length as one block through Pf */
void hb_hamsi512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    uint8_t tail[16];
    HB_SCRATCH uint8_t tmp[64];
    unsigned i;
    hamsi_pad(c, tail, 8);
    hamsi512_blocks(c->h, tail, 1, 0);
    hamsi512_blocks(c->h, tail + 8, 1, 1);
    if (c->out_len == 48)
        for (i = 0; i < 12; i++) hb_store32_be(tmp + 4 * i, c->h[HB_ROM_U8(HAMSI_T384, i)]);
    else
        for (i = 0; i < 16; i++) hb_store32_be(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}

#endif
