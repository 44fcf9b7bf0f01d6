/* Hamsi (SHA-3 round 2), portable C99: see hamsi.h */
#include "hamsi.h"
#include "../../common/hb_util.h"
#include "hamsi_tables.h"

/* Spec 2.2.2: initial values (ASCII text, big-endian words).  IV224 is the
 * corrected one (as in sphlib 3.0 and the updated specification). */
static HB_ROM uint32_t HAMSI_IV224[8] = {
    0xc3967a67, 0xc3bc6c20, 0x4bc3bcc3, 0xa7c3bc6b, 0x2c204b61, 0x74686f6c, 0x69656b65, 0x20556e69
};
static HB_ROM uint32_t HAMSI_IV256[8] = {
    0x76657273, 0x69746569, 0x74204c65, 0x7576656e, 0x2c204465, 0x70617274, 0x656d656e, 0x7420456c
};
static HB_ROM uint32_t HAMSI_IV384[16] = {
    0x656b7472, 0x6f746563, 0x686e6965, 0x6b2c2043, 0x6f6d7075, 0x74657220, 0x53656375, 0x72697479,
    0x20616e64, 0x20496e64, 0x75737472, 0x69616c20, 0x43727970, 0x746f6772, 0x61706879, 0x2c204b61
};
static HB_ROM uint32_t HAMSI_IV512[16] = {
    0x73746565, 0x6c706172, 0x6b204172, 0x656e6265, 0x72672031, 0x302c2062, 0x75732032, 0x3434362c,
    0x20422d33, 0x30303120, 0x4c657576, 0x656e2d48, 0x65766572, 0x6c65652c, 0x2042656c, 0x6769756d
};

/* Spec 2.3.1: round constants alpha of P and of Pf (Hamsi-224/256 use
 * entries 0-3, 8-11, 16-19, 24-27; Hamsi-384/512 all 32). */
static HB_ROM uint32_t HAMSI_ALPHA_N[32] = {
    0xff00f0f0, 0xccccaaaa, 0xf0f0cccc, 0xff00aaaa, 0xccccaaaa, 0xf0f0ff00, 0xaaaacccc, 0xf0f0ff00,
    0xf0f0cccc, 0xaaaaff00, 0xccccff00, 0xaaaaf0f0, 0xaaaaf0f0, 0xff00cccc, 0xccccf0f0, 0xff00aaaa,
    0xccccaaaa, 0xff00f0f0, 0xff00aaaa, 0xf0f0cccc, 0xf0f0ff00, 0xccccaaaa, 0xf0f0ff00, 0xaaaacccc,
    0xaaaaff00, 0xf0f0cccc, 0xaaaaf0f0, 0xccccff00, 0xff00cccc, 0xaaaaf0f0, 0xff00aaaa, 0xccccf0f0
};
static HB_ROM uint32_t HAMSI_ALPHA_F[32] = {
    0xcaf9639c, 0x0ff0f9c0, 0x639c0ff0, 0xcaf9f9c0, 0x0ff0f9c0, 0x639ccaf9, 0xf9c00ff0, 0x639ccaf9,
    0x639c0ff0, 0xf9c0caf9, 0x0ff0caf9, 0xf9c0639c, 0xf9c0639c, 0xcaf90ff0, 0x0ff0639c, 0xcaf9f9c0,
    0x0ff0f9c0, 0xcaf9639c, 0xcaf9f9c0, 0x639c0ff0, 0x639ccaf9, 0x0ff0f9c0, 0x639ccaf9, 0xf9c00ff0,
    0xf9c0caf9, 0x639c0ff0, 0xf9c0639c, 0x0ff0caf9, 0xcaf90ff0, 0xf9c0639c, 0xcaf9f9c0, 0x0ff0639c
};

/*
 * Substitution layer (spec 2.3.2): the 4-bit S-box
 * {8,6,7,9,3,12,10,15,13,1,14,4,0,11,5,2} on bit-slices (x0 least
 * significant).  Circuit derived from the S-box's algebraic normal form
 * and checked exhaustively by a script.
 */
#define SBOX(x0, x1, x2, x3) do {                                          \
        uint32_t n0_ = ~(x0), a12_ = (x1) & (x2), t01_ = (x0) ^ (x1);       \
        uint32_t y0_ = (x1) ^ (x3) ^ ((x2) & n0_);                          \
        uint32_t y2_ = t01_ ^ (x3) ^ a12_ ^ ((x3) & n0_ & ((x1) ^ (x2)));   \
        uint32_t y1_ = y2_ ^ ((x2) & ~((x0) & (x1))) ^ ((x3) & ~t01_);      \
        uint32_t y3_ = ~(t01_ ^ (x2) ^ ((x0) & a12_) ^ ((x1) & (x3)));      \
        (x0) = y0_; (x1) = y1_; (x2) = y2_; (x3) = y3_;                     \
    } while (0)

/* Diffusion layer L (spec 2.3.3) on four words */
#define HL(a, b, c, d) do {                                                 \
        (a) = HB_ROTL32(a, 13);                                             \
        (c) = HB_ROTL32(c, 3);                                              \
        (b) ^= (a) ^ (c);                                                   \
        (d) ^= (c) ^ ((a) << 3);                                            \
        (b) = HB_ROTL32(b, 1);                                              \
        (d) = HB_ROTL32(d, 7);                                              \
        (a) ^= (b) ^ (d);                                                   \
        (c) ^= (d) ^ ((b) << 7);                                            \
        (a) = HB_ROTL32(a, 5);                                              \
        (c) = HB_ROTL32(c, 22);                                             \
    } while (0)

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

/* Hamsi-384/512: the same over 32 words, with the extra diagonal L layer */
static void hamsi_big(uint32_t *h, const uint32_t *m, unsigned rounds, HB_ROM uint32_t *alpha)
{
    HB_SCRATCH uint32_t s[32];
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
        HL(s[0x00], s[0x09], s[0x12], s[0x1b]);
        HL(s[0x01], s[0x0a], s[0x13], s[0x1c]);
        HL(s[0x02], s[0x0b], s[0x14], s[0x1d]);
        HL(s[0x03], s[0x0c], s[0x15], s[0x1e]);
        HL(s[0x04], s[0x0d], s[0x16], s[0x1f]);
        HL(s[0x05], s[0x0e], s[0x17], s[0x18]);
        HL(s[0x06], s[0x0f], s[0x10], s[0x19]);
        HL(s[0x07], s[0x08], s[0x11], s[0x1a]);
        HL(s[0x00], s[0x02], s[0x05], s[0x07]);
        HL(s[0x10], s[0x13], s[0x15], s[0x16]);
        HL(s[0x09], s[0x0b], s[0x0c], s[0x0e]);
        HL(s[0x19], s[0x1a], s[0x1c], s[0x1f]);
    }
    for (i = 0; i < 8; i++) {
        h[i] ^= s[i];
        h[i + 8] ^= s[i + 16];
    }
}

/* message expansion: XOR of 4-bit table rows (LSB nibble first) */
static void hamsi_expand(uint32_t *m, const uint8_t *blk, unsigned big)
{
    unsigned nb = big ? 8 : 4, w = big ? 16 : 8, u, k, i;
    for (i = 0; i < w; i++) m[i] = 0;
    for (u = 0; u < nb; u++) {
        for (k = 0; k < 2; k++) {
            unsigned v = k ? blk[u] >> 4 : blk[u] & 15u, t = 2 * u + k;
            if (big)
                for (i = 0; i < 16; i++) m[i] ^= HB_ROM_U32(HAMSI_EXP512[t][v], i);
            else
                for (i = 0; i < 8; i++) m[i] ^= HB_ROM_U32(HAMSI_EXP256[t][v], i);
        }
    }
}

static void hamsi_blocks(hb_hamsi_ctx *c, const uint8_t *blk, size_t n, int last)
{
    uint32_t m[16];
    size_t bs = c->big ? 8 : 4;
    while (n--) {
        hamsi_expand(m, blk, c->big);
        if (c->big) hamsi_big(c->h, m, last ? 12 : 6, last ? HAMSI_ALPHA_F : HAMSI_ALPHA_N);
        else hamsi_small(c->h, m, last ? 6 : 3, last ? HAMSI_ALPHA_F : HAMSI_ALPHA_N);
        blk += bs;
    }
}

void hb_hamsi_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hamsi_blocks((hb_hamsi_ctx *)ctx, blk, n, 0);
}

static const hb_md_class HAMSI_MD_SMALL = {4, 0, hb_hamsi_compress};
static const hb_md_class HAMSI_MD_BIG = {8, 0, hb_hamsi_compress};

static int hamsi_start(void *ctx, const hb_params *p, HB_ROM uint32_t *iv, unsigned big, unsigned out_len)
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    unsigned i, w = big ? 16 : 8;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 16; i++) c->h[i] = i < w ? HB_ROM_U32(iv, i) : 0;
    hb_md_reset(&c->md);
    c->big = (uint8_t)big;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_hamsi_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV224, 0, 28); }
int hb_hamsi_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV256, 0, 32); }
int hb_hamsi_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV384, 1, 48); }
int hb_hamsi_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return hamsi_start(ctx, p, HAMSI_IV512, 1, 64); }

void hb_hamsi_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    hb_md_update(c->big ? &HAMSI_MD_BIG : &HAMSI_MD_SMALL, c, &c->md, c->buf, in, len);
}

/* Hamsi-384 keeps words 0,1,3,4,5,6,8,9,10,12,13,15 (spec 2.5, T384) */
static HB_ROM uint8_t HAMSI_T384[12] = {0, 1, 3, 4, 5, 6, 8, 9, 10, 12, 13, 15};

void hb_hamsi_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    uint8_t tail[16], tmp[64];
    unsigned bs = c->big ? 8 : 4, u = c->md.used, i;
    uint64_t bits = c->md.count << 3;
    /* padding (spec 2.2.3): a 1 bit and zeros to the block end, then the
     * 64-bit message length in bits as one (384/512) or two (224/256)
     * blocks; the very last block goes through Pf */
    memcpy(tail, c->buf, u);
    tail[u] = 0x80;
    memset(tail + u + 1, 0, bs - u - 1);
    hb_store64_be(tail + bs, bits);
    hamsi_blocks(c, tail, (bs + 8) / bs - 1, 0);
    hamsi_blocks(c, tail + bs + 8 - bs, 1, 1);
    if (c->out_len == 48)
        for (i = 0; i < 12; i++) hb_store32_be(tmp + 4 * i, c->h[HB_ROM_U8(HAMSI_T384, i)]);
    else
        for (i = 0; i < 16; i++) hb_store32_be(tmp + 4 * i, c->h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
