/* Luffa v2 (SHA-3 round 2), portable C99: see luffa.h */
#include "luffa.h"
#include "../../common/hb_util.h"

/* Spec ver. 2.0 Appendix A: starting variables V_0..V_4 (8 words each). */
static HB_ROM uint32_t LUFFA_IV[5][8] = {
    {0x6d251e69, 0x44b051e0, 0x4eaa6fb4, 0xdbf78465, 0x6e292011, 0x90152df4, 0xee058139, 0xdef610bb},
    {0xc3b44b95, 0xd9d2f256, 0x70eee9a0, 0xde099fa3, 0x5d9b0557, 0x8fc944b3, 0xcf1ccf0e, 0x746cd581},
    {0xf7efc89d, 0x5dba5781, 0x04016ce5, 0xad659c05, 0x0306194f, 0x666d1836, 0x24aa230a, 0x8b264ae7},
    {0x858075d5, 0x36d79cce, 0xe571f7d7, 0x204b1f67, 0x35870c6a, 0x57e9e923, 0x14bcb808, 0x7cde72ce},
    {0x6c68e9be, 0x5ec41e22, 0xc825b7c7, 0xaffb4363, 0xf5df3999, 0x0fc688f1, 0xb07224cc, 0x03e86cea}
};

/* Spec ver. 2.0 Appendix B (also sphlib 3.0 luffa.c): step constants of
 * Q_j, [j][0][r] is added to word 0 and [j][1][r] to word 4 in step r. */
static HB_ROM uint32_t LUFFA_RC[5][2][8] = {
    {{0x303994a6, 0xc0e65299, 0x6cc33a12, 0xdc56983e, 0x1e00108f, 0x7800423d, 0x8f5b7882, 0x96e1db12},
     {0xe0337818, 0x441ba90d, 0x7f34d442, 0x9389217f, 0xe5a8bce6, 0x5274baf4, 0x26889ba7, 0x9a226e9d}},
    {{0xb6de10ed, 0x70f47aae, 0x0707a3d4, 0x1c1e8f51, 0x707a3d45, 0xaeb28562, 0xbaca1589, 0x40a46f3e},
     {0x01685f3d, 0x05a17cf4, 0xbd09caca, 0xf4272b28, 0x144ae5cc, 0xfaa7ae2b, 0x2e48f1c1, 0xb923c704}},
    {{0xfc20d9d2, 0x34552e25, 0x7ad8818f, 0x8438764a, 0xbb6de032, 0xedb780c8, 0xd9847356, 0xa2c78434},
     {0xe25e72c1, 0xe623bb72, 0x5c58a4a4, 0x1e38e2e7, 0x78e38b9d, 0x27586719, 0x36eda57f, 0x703aace7}},
    {{0xb213afa5, 0xc84ebe95, 0x4e608a22, 0x56d858fe, 0x343b138f, 0xd0ec4e3d, 0x2ceb4882, 0xb3ad2208},
     {0xe028c9bf, 0x44756f91, 0x7e8fce32, 0x956548be, 0xfe191be2, 0x3cb226e5, 0x5944a28e, 0xa1c4c355}},
    {{0xf0d2e9e3, 0xac11d7fa, 0x1bcb66f2, 0x6f2d9bc9, 0x78602649, 0x8edae952, 0x3b6ba548, 0xedae9520},
     {0x5090d577, 0x2d1925ab, 0xb46496ac, 0xd1925ab0, 0x29131ab6, 0x0fc053c3, 0x3f014f0c, 0xfc053c31}}
};

/*
 * SubCrumb: the 4-bit S-box S = {13,14,0,1,5,10,7,6,11,3,9,12,15,8,2,4}
 * (spec 4.2) applied bit-sliced, input bit i from word a_i; outputs
 * overwrite the inputs.  The 17-operation circuit of the specification's
 * bit-sliced description (checked exhaustively by a script against the
 * table).  A circuit from the algebraic normal form took about 24
 * operations: Luffa ran 1.2-1.3x sphlib's time on x86-64.
 */
#define SUBCRUMB(a0, a1, a2, a3) do {                                  \
        uint32_t p_ = ((a0) | (a1)) ^ (a3), q_ = (a2) ^ (a3);          \
        uint32_t m_ = (a3) & (a0), r_ = ~(a1) ^ m_, s_ = m_ ^ q_;       \
        uint32_t u_ = (q_ & p_) ^ r_, v_ = r_ | s_;                     \
        (a0) ^= v_; (a1) = v_ ^ ~p_; (a2) = u_ & v_; (a3) = s_ ^ u_;    \
    } while (0)

/* MixWord (spec 4.3) on the word pair (u, v) */
#define MIXWORD(u, v) do {                                             \
        (v) ^= (u);                                                     \
        (u) = HB_ROTL32(u, 2) ^ (v);                                    \
        (v) = HB_ROTL32(v, 14) ^ (u);                                   \
        (u) = HB_ROTL32(u, 10) ^ (v);                                   \
        (v) = HB_ROTL32(v, 1);                                          \
    } while (0)

/* message injection MI_w: one form per folder (impls.toml); a form that
 * defines LUFFA_OWN_COMPRESS has its own Q and block function, one that
 * defines LUFFA_QS(V, w) its own run of the w sub-permutations */
#include "luffa_mi.h"

#ifndef LUFFA_OWN_COMPRESS
/* Q_j: tweak (rotate words 4..7 left by j, spec 4.5), then 8 steps */
static void luffa_q(uint32_t *x, unsigned j)
{
    uint32_t a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
    uint32_t a4 = x[4], a5 = x[5], a6 = x[6], a7 = x[7];
    unsigned r;
    if (j) {
        a4 = HB_ROTL32(a4, j); a5 = HB_ROTL32(a5, j);
        a6 = HB_ROTL32(a6, j); a7 = HB_ROTL32(a7, j);
    }
    for (r = 0; r < 8; r++) {
        SUBCRUMB(a0, a1, a2, a3);
        SUBCRUMB(a5, a6, a7, a4);
        MIXWORD(a0, a4);
        MIXWORD(a1, a5);
        MIXWORD(a2, a6);
        MIXWORD(a3, a7);
        a0 ^= HB_ROM_U32(LUFFA_RC[j][0], r);
        a4 ^= HB_ROM_U32(LUFFA_RC[j][1], r);
    }
    x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3;
    x[4] = a4; x[5] = a5; x[6] = a6; x[7] = a7;
}

void hb_luffa_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_luffa_ctx *c = (hb_luffa_ctx *)ctx;
    uint32_t M[8];
    unsigned i, j, w = c->w;
    while (n--) {
        for (i = 0; i < 8; i++) M[i] = hb_load32_be(blk + 4 * i);
        luffa_mi(c->V, w, M);
#ifdef LUFFA_QS
        /* the form runs Q_0..Q_{w-1} itself (side by side) */
        LUFFA_QS(c->V, w);
        (void)j;
#else
        for (j = 0; j < w; j++) luffa_q(c->V[j], j);
#endif
        blk += 32;
    }
}
#endif

static const hb_md_class LUFFA_MD = {32, 0, hb_luffa_compress};

static int luffa_start(void *ctx, const hb_params *p, unsigned w, unsigned out_len)
{
    hb_luffa_ctx *c = (hb_luffa_ctx *)ctx;
    unsigned i, j;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* the test on j once a row, not once a word: on the Cortex-M4 the
     * per-word test made this a fifth of a 64-byte message's overhead */
    for (j = 0; j < 5; j++) {
        uint32_t *v = c->V[j];
        if (j < w) {
            for (i = 0; i < 8; i++) v[i] = HB_ROM_U32(LUFFA_IV[j], i);
        } else {
            for (i = 0; i < 8; i++) v[i] = 0;
        }
    }
    hb_md_reset(&c->md);
    c->w = (uint8_t)w;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_luffa_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return luffa_start(ctx, p, 3, 28); }
int hb_luffa_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return luffa_start(ctx, p, 3, 32); }
int hb_luffa_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return luffa_start(ctx, p, 4, 48); }
int hb_luffa_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return luffa_start(ctx, p, 5, 64); }

void hb_luffa_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_luffa_ctx *c = (hb_luffa_ctx *)ctx;
    hb_md_update(&LUFFA_MD, c, &c->md, c->buf, in, len);
}

/* output word x of a blank round: the XOR of the w sub-states (w is 3..5,
 * no inner loop: it cost a loop pass per word) */
static uint32_t luffa_out_word(const hb_luffa_ctx *c, unsigned x)
{
    uint32_t z = c->V[0][x] ^ c->V[1][x] ^ c->V[2][x];
    if (c->w > 3) z ^= c->V[3][x];
    if (c->w > 4) z ^= c->V[4][x];
    return z;
}

void hb_luffa_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_luffa_ctx *c = (hb_luffa_ctx *)ctx;
    unsigned i, k, u = c->md.used;
    if (out_len > c->out_len) out_len = c->out_len;
    /* pad: a 1 bit, zeros to the block end (no length field) */
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, 32 - u - 1);
    hb_luffa_compress(c, c->buf, 1);
    /* each blank round gives 256 output bits, stored straight into out: a
     * 64-byte staging buffer was a quarter of the 8051's 256-byte pdata
     * stack and overflowed it under final -> compress -> Q */
    memset(c->buf, 0, 32);
    for (k = 0; k < out_len; k += 32) {
        unsigned n = out_len - k < 32 ? (unsigned)(out_len - k) : 32;
        hb_luffa_compress(c, c->buf, 1);
        for (i = 0; i < n / 4; i++) hb_store32_be_at(out, k + 4 * i, luffa_out_word(c, i));
        if (n % 4) {
            /* a truncated last word: its leading bytes */
            uint32_t z = luffa_out_word(c, i);
            for (i = k + 4 * i; i < out_len; i++, z <<= 8) out[i] = (uint8_t)(z >> 24);
        }
    }
}
