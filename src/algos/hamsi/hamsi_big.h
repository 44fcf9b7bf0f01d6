/* hamsi_big.h -- Hamsi-384 and Hamsi-512 (SHA-3 round 2), portable C99:
 * see hamsi.h.  The source of the implementation (unrolled/ or compact/
 * hamsi512.c) defines HAMSI_BIG_L(s, i), the diffusion layer of a round on
 * the 32-word state s (i: a free unsigned), and HAMSI_BIG_LOCALS, the
 * variables it needs besides (declared with the function's own: a block of
 * their own moved SDCC's frame layout), then includes this once per build. */
#ifndef HB_HAMSI_BIG_H
#define HB_HAMSI_BIG_H
#define HAMSI_WANT_512
#include "hamsi_core.h"
#include "hamsi_tables.h"

/* Spec 2.2.2: initial values (ASCII text, big-endian words) */
static HB_ROM uint32_t HAMSI_IV384[16] = {
    0x656b7472, 0x6f746563, 0x686e6965, 0x6b2c2043, 0x6f6d7075, 0x74657220, 0x53656375, 0x72697479,
    0x20616e64, 0x20496e64, 0x75737472, 0x69616c20, 0x43727970, 0x746f6772, 0x61706879, 0x2c204b61
};
static HB_ROM uint32_t HAMSI_IV512[16] = {
    0x73746565, 0x6c706172, 0x6b204172, 0x656e6265, 0x72672031, 0x302c2062, 0x75732032, 0x3434362c,
    0x20422d33, 0x30303120, 0x4c657576, 0x656e2d48, 0x65766572, 0x6c65652c, 0x2042656c, 0x6769756d
};

/* Hamsi-384/512: the same over 32 words, with the extra diagonal L layer */
static void hamsi_big(uint32_t *h, const uint32_t *m, unsigned rounds, HB_ROM uint32_t *alpha)
{
    HB_SCRATCH uint32_t s[32];
    HAMSI_BIG_LOCALS
    unsigned r, i;
    /* C: m0 m1 c0 c1 m2 m3 c2 c3 c4 c5 m4 m5 c6 c7 m6 m7, then the same
     * pattern for the second halves (m8.., c8..) */
    for (i = 0; i < 2; i++) {
        const uint32_t *mm = m + 8 * i, *cc = h + 8 * i;
        uint32_t *ss = s + 16 * i;
        ss[0] = mm[0]; ss[1] = mm[1]; ss[2] = cc[0]; ss[3] = cc[1];
        ss[4] = mm[2]; ss[5] = mm[3]; ss[6] = cc[2]; ss[7] = cc[3];
        ss[8] = cc[4]; ss[9] = cc[5]; ss[10] = mm[4]; ss[11] = mm[5];
        ss[12] = cc[6]; ss[13] = cc[7]; ss[14] = mm[6]; ss[15] = mm[7];
    }
    for (r = 0; r < rounds; r++) {
        for (i = 0; i < 32; i++) s[i] ^= HB_ROM_U32(alpha, i);
        s[1] ^= (uint32_t)r;
        for (i = 0; i < 8; i++) SBOX(s[i], s[i + 8], s[i + 16], s[i + 24]);
        HAMSI_BIG_L(s, i);
    }
    for (i = 0; i < 8; i++) {
        h[i] ^= s[i];
        h[i + 8] ^= s[i + 16];
    }
}

/* message expansion: XOR of 4-bit table rows (LSB nibble first) */
static void hamsi512_block(hb_hamsi_ctx *c, const uint8_t *blk, int last)
{
    HB_SCRATCH uint32_t m[16];
    unsigned u, k, i;
    for (i = 0; i < 16; i++) m[i] = 0;
    for (u = 0; u < 8; u++) {
        for (k = 0; k < 2; k++) {
            unsigned v = k ? blk[u] >> 4 : blk[u] & 15u, t = 2 * u + k;
            for (i = 0; i < 16; i++) m[i] ^= HB_ROM_U32(HAMSI_EXP512[t][v], i);
        }
    }
    hamsi_big(c->h, m, last ? 12 : 6, last ? HAMSI_ALPHA_F : HAMSI_ALPHA_N);
}

void hb_hamsi512_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    while (n--) {
        hamsi512_block((hb_hamsi_ctx *)ctx, blk, 0);
        blk += 8;
    }
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
    hamsi512_block(c, tail, 0);
    hamsi512_block(c, tail + 8, 1);
    if (c->out_len == 48)
        for (i = 0; i < 12; i++) hb_store32_be(tmp + 4 * i, c->h[HB_ROM_U8(HAMSI_T384, i)]);
    else
        for (i = 0; i < 16; i++) hb_store32_be(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}

#endif
