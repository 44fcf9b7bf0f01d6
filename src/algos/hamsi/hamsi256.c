/* Hamsi-224 and Hamsi-256 (SHA-3 round 2), portable C99: see hamsi.h */
#define HAMSI_WANT_256
#include "hamsi_core.h"
#include "hamsi_tables.h"

/* Spec 2.2.2: initial values (ASCII text, big-endian words).  IV224 is the
 * corrected one (as in sphlib 3.0 and the updated specification). */
static HB_ROM uint32_t HAMSI_IV224[8] = {
    0xc3967a67, 0xc3bc6c20, 0x4bc3bcc3, 0xa7c3bc6b, 0x2c204b61, 0x74686f6c, 0x69656b65, 0x20556e69
};
static HB_ROM uint32_t HAMSI_IV256[8] = {
    0x76657273, 0x69746569, 0x74204c65, 0x7576656e, 0x2c204465, 0x70617274, 0x656d656e, 0x7420456c
};
/* Hamsi-224/256: concatenation C (spec 2.2.5), `rounds` rounds of P or
 * Pf, truncation T and feed-forward into h. */
static void hamsi_small(uint32_t *h, const uint32_t *m, unsigned rounds, HB_ROM uint32_t *alpha)
{
    uint32_t s0 = m[0], s1 = m[1], s2 = h[0], s3 = h[1];
    uint32_t s4 = h[2], s5 = h[3], s6 = m[2], s7 = m[3];
    uint32_t s8 = m[4], s9 = m[5], sA = h[4], sB = h[5];
    uint32_t sC = h[6], sD = h[7], sE = m[6], sF = m[7];
    unsigned r;
    for (r = 0; r < rounds; r++) {
        s0 ^= HB_ROM_U32(alpha, 0);  s1 ^= HB_ROM_U32(alpha, 1) ^ (uint32_t)r;
        s2 ^= HB_ROM_U32(alpha, 2);  s3 ^= HB_ROM_U32(alpha, 3);
        s4 ^= HB_ROM_U32(alpha, 8);  s5 ^= HB_ROM_U32(alpha, 9);
        s6 ^= HB_ROM_U32(alpha, 10); s7 ^= HB_ROM_U32(alpha, 11);
        s8 ^= HB_ROM_U32(alpha, 16); s9 ^= HB_ROM_U32(alpha, 17);
        sA ^= HB_ROM_U32(alpha, 18); sB ^= HB_ROM_U32(alpha, 19);
        sC ^= HB_ROM_U32(alpha, 24); sD ^= HB_ROM_U32(alpha, 25);
        sE ^= HB_ROM_U32(alpha, 26); sF ^= HB_ROM_U32(alpha, 27);
        SBOX(s0, s4, s8, sC);
        SBOX(s1, s5, s9, sD);
        SBOX(s2, s6, sA, sE);
        SBOX(s3, s7, sB, sF);
        HL(s0, s5, sA, sF);
        HL(s1, s6, sB, sC);
        HL(s2, s7, s8, sD);
        HL(s3, s4, s9, sE);
    }
    h[0] ^= s0; h[1] ^= s1; h[2] ^= s2; h[3] ^= s3;
    h[4] ^= s8; h[5] ^= s9; h[6] ^= sA; h[7] ^= sB;
}

/* message expansion: XOR of 4-bit table rows (LSB nibble first) */
static void hamsi256_block(hb_hamsi_ctx *c, const uint8_t *blk, int last)
{
    uint32_t m[8];
    unsigned u, k, i;
    for (i = 0; i < 8; i++) m[i] = 0;
    for (u = 0; u < 4; u++) {
        for (k = 0; k < 2; k++) {
            unsigned v = k ? blk[u] >> 4 : blk[u] & 15u, t = 2 * u + k;
            for (i = 0; i < 8; i++) m[i] ^= HB_ROM_U32(HAMSI_EXP256[t][v], i);
        }
    }
    hamsi_small(c->h, m, last ? 6 : 3, last ? HAMSI_ALPHA_F : HAMSI_ALPHA_N);
}

void hb_hamsi256_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    while (n--) {
        hamsi256_block((hb_hamsi_ctx *)ctx, blk, 0);
        blk += 4;
    }
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
    uint8_t tail[12], tmp[32];
    unsigned i;
    hamsi_pad(c, tail, 4);
    hamsi256_block(c, tail, 0);
    hamsi256_block(c, tail + 4, 0);
    hamsi256_block(c, tail + 8, 1);
    for (i = 0; i < 8; i++) hb_store32_be(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
