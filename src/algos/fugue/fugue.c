/* Fugue (SHA-3 round 2), portable C99: see fugue.h */
#include "fugue.h"
#include "../../common/hb_util.h"
#include "../aes/aes_round.h"

/*
 * SMIX (spec "The SMIX transformation"): the four columns S0..S3 form a
 * 4x4 byte matrix U (row r of column c is byte r of word c, row 0 the most
 * significant); SubBytes with the AES S-box, then Super-Mix:
 *   V = ROL(M.U + diag(s_0..s_3).M^T),  s_i = sum of row i of U minus U_ii,
 * with M = circ(1,4,7,1) and ROL rotating row i left by i places.
 * With t(k,c) = column k of M times U_kc (the table hb_fugue_Tk):
 *   column sums  C_c = t(0,c) + t(1,c) + t(2,c) + t(3,c)   = (M.U)_*c
 *   row sums     R_k = sum over c != k of t(k,c)   (byte c = M_ck s_k)
 * and output column j takes row i from C_(i+j) and byte i+j of R_i.
 */
#if HB_FUGUE_TABLES >= 4
#define FG_T(k, v) HB_ROM_U32(hb_fugue_T##k, v)
#elif HB_FUGUE_TABLES >= 1
#define FG_T(k, v) FG_ROT_##k(HB_ROM_U32(hb_fugue_T0, v))
#else
/* column 0 of M = (1, 1, 7, 4) times S[v], computed */
static uint32_t fg_t0(unsigned v)
{
    uint32_t s = HB_ROM_U8(hb_aes_sbox, v), s2, s4;
    s2 = (s << 1) ^ ((s >> 7) * 0x11bu);
    s4 = (s2 << 1) ^ ((s2 >> 7) * 0x11bu);
    return (s << 24) | (s << 16) | ((s4 ^ s2 ^ s) << 8) | s4;
}
#define FG_T(k, v) FG_ROT_##k(fg_t0(v))
#endif
#define FG_ROT_0(t) (t)
#define FG_ROT_1(t) HB_ROTR32(t, 8)
#define FG_ROT_2(t) HB_ROTR32(t, 16)
#define FG_ROT_3(t) HB_ROTR32(t, 24)

#define FG_B0(x) ((unsigned)((x) >> 24))
#define FG_B1(x) ((unsigned)((x) >> 16) & 0xffu)
#define FG_B2(x) ((unsigned)((x) >> 8) & 0xffu)
#define FG_B3(x) ((unsigned)(x) & 0xffu)

#define FG_M0 0xff000000UL
#define FG_M1 0x00ff0000UL
#define FG_M2 0x0000ff00UL
#define FG_M3 0x000000ffUL

/* x0..x3: four uint32_t variables, replaced by SMIX(x0, x1, x2, x3) */
#define FG_SMIX(x0, x1, x2, x3) do {                                          \
        uint32_t c0_, c1_, c2_, c3_, r0_, r1_, r2_, r3_, t_;                  \
        c0_ = FG_T(0, FG_B0(x0));                                             \
        t_ = FG_T(1, FG_B1(x0)); c0_ ^= t_; r1_ = t_;                         \
        t_ = FG_T(2, FG_B2(x0)); c0_ ^= t_; r2_ = t_;                         \
        t_ = FG_T(3, FG_B3(x0)); c0_ ^= t_; r3_ = t_;                         \
        t_ = FG_T(0, FG_B0(x1)); c1_ = t_; r0_ = t_;                          \
        c1_ ^= FG_T(1, FG_B1(x1));                                            \
        t_ = FG_T(2, FG_B2(x1)); c1_ ^= t_; r2_ ^= t_;                        \
        t_ = FG_T(3, FG_B3(x1)); c1_ ^= t_; r3_ ^= t_;                        \
        t_ = FG_T(0, FG_B0(x2)); c2_ = t_; r0_ ^= t_;                         \
        t_ = FG_T(1, FG_B1(x2)); c2_ ^= t_; r1_ ^= t_;                        \
        c2_ ^= FG_T(2, FG_B2(x2));                                            \
        t_ = FG_T(3, FG_B3(x2)); c2_ ^= t_; r3_ ^= t_;                        \
        t_ = FG_T(0, FG_B0(x3)); c3_ = t_; r0_ ^= t_;                         \
        t_ = FG_T(1, FG_B1(x3)); c3_ ^= t_; r1_ ^= t_;                        \
        t_ = FG_T(2, FG_B2(x3)); c3_ ^= t_; r2_ ^= t_;                        \
        c3_ ^= FG_T(3, FG_B3(x3));                                            \
        (x0) = ((c0_ ^ r0_) & FG_M0) | ((c1_ ^ r1_) & FG_M1)                  \
             | ((c2_ ^ r2_) & FG_M2) | ((c3_ ^ r3_) & FG_M3);                 \
        (x1) = ((c1_ ^ (r0_ << 8)) & FG_M0) | ((c2_ ^ (r1_ << 8)) & FG_M1)    \
             | ((c3_ ^ (r2_ << 8)) & FG_M2) | ((c0_ ^ (r3_ >> 24)) & FG_M3);  \
        (x2) = ((c2_ ^ (r0_ << 16)) & FG_M0) | ((c3_ ^ (r1_ << 16)) & FG_M1)  \
             | ((c0_ ^ (r2_ >> 16)) & FG_M2) | ((c1_ ^ (r3_ >> 16)) & FG_M3); \
        (x3) = ((c3_ ^ (r0_ << 24)) & FG_M0) | ((c0_ ^ (r1_ >> 8)) & FG_M1)   \
             | ((c1_ ^ (r2_ >> 8)) & FG_M2) | ((c2_ ^ (r3_ >> 8)) & FG_M3);   \
    } while (0)

/* ---- with a base known only at run time (final rounds, compact form) ---- */
static unsigned fg_ix(unsigned b, unsigned i, unsigned n)
{
    return b + i < n ? b + i : b + i - n;
}

static void fg_smix_at(uint32_t *s, unsigned b, unsigned n)
{
    unsigned i0 = b, i1 = fg_ix(b, 1, n), i2 = fg_ix(b, 2, n), i3 = fg_ix(b, 3, n);
    uint32_t x0 = s[i0], x1 = s[i1], x2 = s[i2], x3 = s[i3];
    FG_SMIX(x0, x1, x2, x3);
    s[i0] = x0; s[i1] = x1; s[i2] = x2; s[i3] = x3;
}

/* ROR3 then CMIX and SMIX at the new base; returns the new base */
static unsigned fg_sub_at(uint32_t *s, unsigned b, unsigned n)
{
    unsigned x = n == 30 ? 15 : 18;
    b = b >= 3 ? b - 3 : b + n - 3;
    s[b] ^= s[fg_ix(b, 4, n)];
    s[fg_ix(b, 1, n)] ^= s[fg_ix(b, 5, n)];
    s[fg_ix(b, 2, n)] ^= s[fg_ix(b, 6, n)];
    s[fg_ix(b, x, n)] ^= s[fg_ix(b, 4, n)];
    s[fg_ix(b, x + 1, n)] ^= s[fg_ix(b, 5, n)];
    s[fg_ix(b, x + 2, n)] ^= s[fg_ix(b, 6, n)];
    fg_smix_at(s, b, n);
    return b;
}

#ifndef HB_FUGUE_COMPACT
/*
 * The main loop, unrolled over constant bases.  X(n, b, i) is column S_i
 * when S_0 is s[b].  One sub-round at base b is ROR3 (already folded into
 * b by the caller), CMIX, SMIX:
 *   CMIX (n = 30): S0 ^= S4, S1 ^= S5, S2 ^= S6, S15 ^= S4, S16 ^= S5, S17 ^= S6
 *   CMIX (n = 36): the same with S18, S19, S20.
 */
#define FG_X(n, b, i) s[((b) + (i)) % (n)]
#define FG_SUB(n, b, k) do {                                                  \
        uint32_t x0_ = FG_X(n, b, 0) ^ FG_X(n, b, 4);                         \
        uint32_t x1_ = FG_X(n, b, 1) ^ FG_X(n, b, 5);                         \
        uint32_t x2_ = FG_X(n, b, 2) ^ FG_X(n, b, 6);                         \
        uint32_t x3_ = FG_X(n, b, 3);                                         \
        FG_X(n, b, k) ^= FG_X(n, b, 4);                                       \
        FG_X(n, b, (k) + 1) ^= FG_X(n, b, 5);                                 \
        FG_X(n, b, (k) + 2) ^= FG_X(n, b, 6);                                 \
        FG_SMIX(x0_, x1_, x2_, x3_);                                          \
        FG_X(n, b, 0) = x0_; FG_X(n, b, 1) = x1_;                             \
        FG_X(n, b, 2) = x2_; FG_X(n, b, 3) = x3_;                             \
    } while (0)

/* R for Fugue-224/256: TIX (S10 ^= S0; S0 = I; S8 ^= S0; S1 ^= S24), then
 * twice ROR3, CMIX, SMIX.  The base moves back by 6 columns per word. */
#define FG_R256(b, w) do {                                                    \
        FG_X(30, b, 10) ^= FG_X(30, b, 0);                                    \
        FG_X(30, b, 0) = (w);                                                 \
        FG_X(30, b, 8) ^= FG_X(30, b, 0);                                     \
        FG_X(30, b, 1) ^= FG_X(30, b, 24);                                    \
        FG_SUB(30, (b) + 27, 15);                                             \
        FG_SUB(30, (b) + 24, 15);                                             \
    } while (0)

/* Fugue-384: TIX (S16 ^= S0; S0 = I; S8 ^= S0; S1 ^= S27; S4 ^= S30),
 * then 3 x (ROR3, CMIX, SMIX): the base moves back by 9 */
#define FG_R384(b, w) do {                                                    \
        FG_X(36, b, 16) ^= FG_X(36, b, 0);                                    \
        FG_X(36, b, 0) = (w);                                                 \
        FG_X(36, b, 8) ^= FG_X(36, b, 0);                                     \
        FG_X(36, b, 1) ^= FG_X(36, b, 27);                                    \
        FG_X(36, b, 4) ^= FG_X(36, b, 30);                                    \
        FG_SUB(36, (b) + 33, 18);                                             \
        FG_SUB(36, (b) + 30, 18);                                             \
        FG_SUB(36, (b) + 27, 18);                                             \
    } while (0)

/* Fugue-512: TIX (S22 ^= S0; S0 = I; S8 ^= S0; S1 ^= S24; S4 ^= S27;
 * S7 ^= S30), then 4 x (ROR3, CMIX, SMIX): the base moves back by 12 */
#define FG_R512(b, w) do {                                                    \
        FG_X(36, b, 22) ^= FG_X(36, b, 0);                                    \
        FG_X(36, b, 0) = (w);                                                 \
        FG_X(36, b, 8) ^= FG_X(36, b, 0);                                     \
        FG_X(36, b, 1) ^= FG_X(36, b, 24);                                    \
        FG_X(36, b, 4) ^= FG_X(36, b, 27);                                    \
        FG_X(36, b, 7) ^= FG_X(36, b, 30);                                    \
        FG_SUB(36, (b) + 33, 18);                                             \
        FG_SUB(36, (b) + 30, 18);                                             \
        FG_SUB(36, (b) + 27, 18);                                             \
        FG_SUB(36, (b) + 24, 18);                                             \
    } while (0)

/* n words from base b, falling through the unrolled bases in their order
 * (no dispatch per word); each returns the new base */
#define FG_WORD(R, bb) \
    if (!n) return bb; \
    R(bb, hb_load32_be(in)); \
    in += 4; \
    n--

static unsigned fg_words256(uint32_t *s, unsigned b, const uint8_t *in, size_t n)
{
    for (;; b = 0) {
        switch (b) {
        case 0: FG_WORD(FG_R256, 0); /* fall through */
        case 24: FG_WORD(FG_R256, 24); /* fall through */
        case 18: FG_WORD(FG_R256, 18); /* fall through */
        case 12: FG_WORD(FG_R256, 12); /* fall through */
        default: FG_WORD(FG_R256, 6);
        }
    }
}

static unsigned fg_words384(uint32_t *s, unsigned b, const uint8_t *in, size_t n)
{
    for (;; b = 0) {
        switch (b) {
        case 0: FG_WORD(FG_R384, 0); /* fall through */
        case 27: FG_WORD(FG_R384, 27); /* fall through */
        case 18: FG_WORD(FG_R384, 18); /* fall through */
        default: FG_WORD(FG_R384, 9);
        }
    }
}

static unsigned fg_words512(uint32_t *s, unsigned b, const uint8_t *in, size_t n)
{
    for (;; b = 0) {
        switch (b) {
        case 0: FG_WORD(FG_R512, 0); /* fall through */
        case 24: FG_WORD(FG_R512, 24); /* fall through */
        default: FG_WORD(FG_R512, 12);
        }
    }
}

void hb_fugue_compress(void *st, const uint8_t *in, size_t n) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)st;
    unsigned b;
    if (c->nr == 2) b = fg_words256(c->s, c->base, in, n);
    else if (c->nr == 3) b = fg_words384(c->s, c->base, in, n);
    else b = fg_words512(c->s, c->base, in, n);
    c->base = (uint8_t)b;
}
#else
/* HB_FUGUE_COMPACT: R with a run-time base (small code for 8-bit targets).
 * TIX: S(10/16/22) ^= S0; S0 = I; S8 ^= S0; then nr - 1 XORs
 * S1 ^= S(24/27/24), S4 ^= S(.. + 3), S7 ^= S(.. + 6). */
void hb_fugue_compress(void *st, const uint8_t *in, size_t n) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)st;
    uint32_t *s = c->s;
    unsigned nr = c->nr, ncol = nr == 2 ? 30 : 36, src = nr == 3 ? 27 : 24, b = c->base, k;
    for (; n; n--, in += 4) {
        s[fg_ix(b, 6 * nr - 2, ncol)] ^= s[b];
        s[b] = hb_load32_be(in);
        s[fg_ix(b, 8, ncol)] ^= s[b];
        for (k = 0; k + 1 < nr; k++) s[fg_ix(b, 1 + 3 * k, ncol)] ^= s[fg_ix(b, src + 3 * k, ncol)];
        for (k = 0; k < nr; k++) b = fg_sub_at(s, b, ncol);
    }
    c->base = (uint8_t)b;
}
#endif

/* G2 (spec "The final round G"): per variant nr stages, each XORing S0
 * into S4 and into the nr - 1 columns listed, then ROR by the last entry
 * and SMIX.  Spec values, transcribed. */
static HB_ROM uint8_t FG_G2[3][16] = {
    {15, 15, 16, 14},                                     /* 224/256 */
    {12, 24, 12, 13, 24, 12, 13, 25, 11},                 /* 384     */
    {9, 18, 27, 9, 10, 18, 27, 9, 10, 19, 27, 9, 10, 19, 28, 8} /* 512 */
};

/* IVs (spec, initial values of Fugue-224/256/384/512), one after the
 * other (7, 8, 12 and 16 words: out_len / 4): the last columns of the
 * otherwise zero state.  Transcribed.  One flat table, read by offset, so
 * no pointer to HB_ROM data is ever passed (AVR: PROGMEM). */
static HB_ROM uint32_t FG_IV[43] = {
    /* 224, offset 0 */
    0xf4c9120d, 0x6286f757, 0xee39e01c, 0xe074e3cb, 0xa1127c62, 0x9a43d215, 0xbd8d679a,
    /* 256, offset 7 */
    0xe952bdde, 0x6671135f, 0xe0d4f668, 0xd2b0b594, 0xf96c621d, 0xfbf929de, 0x9149e899, 0x34f8c248,
    /* 384, offset 15 */
    0xaa61ec0d, 0x31252e1f, 0xa01db4c7, 0x00600985, 0x215ef44a, 0x741b5e9c,
    0xfa693e9a, 0x473eb040, 0xe502ae8a, 0xa99c25e0, 0xbc95517c, 0x5c1095a1,
    /* 512, offset 27 */
    0x8807a57e, 0xe616af75, 0xc5d3e4db, 0xac9ab027, 0xd915f117, 0xb6eecc54, 0x06e8020b, 0x4a92efd1,
    0xaac6e2c9, 0xddb21398, 0xcae65838, 0x437f203f, 0x25ea78e7, 0x951fddd6, 0xda6ed11d, 0xe13e3567
};

static int fugue_start(void *ctx, const hb_params *p, unsigned iv_at, unsigned nr, unsigned out_len)
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)ctx;
    unsigned i, n = nr == 2 ? 30 : 36, w = out_len / 4;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 36; i++) c->s[i] = 0;
    for (i = 0; i < w; i++) c->s[n - w + i] = HB_ROM_U32(FG_IV, iv_at + i);
    hb_md_reset(&c->md);
    c->base = 0;
    c->nr = (uint8_t)nr;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_fugue_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 0, 2, 28); }
int hb_fugue_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 7, 2, 32); }
int hb_fugue_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 15, 3, 48); }
int hb_fugue_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 27, 4, 64); }

static const hb_md_class FUGUE_MD = {4, 0, hb_fugue_compress};

void hb_fugue_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)ctx;
    hb_md_update(&FUGUE_MD, c, &c->md, c->buf, in, len);
}

void hb_fugue_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)ctx;
    uint32_t *s = c->s;
    unsigned nr = c->nr, n = nr == 2 ? 30 : 36, v = nr - 2, b, i, j, k, g1;
    uint8_t tmp[64];

    /* padding (spec "Padding"): zeros to a whole word, then the message
     * length in bits as a 64-bit big-endian integer (two words) */
    if (c->md.used) {
        memset(c->buf + c->md.used, 0, 4u - c->md.used);
        hb_fugue_compress(c, c->buf, 1);
    }
    hb_store64_be(tmp, c->md.count << 3);
    hb_fugue_compress(c, tmp, 2);

    b = c->base;
    /* G1: 5 x 2, 6 x 3 or 8 x 4 rounds of ROR3, CMIX, SMIX */
    g1 = nr == 2 ? 10 : nr == 3 ? 18 : 32;
    for (i = 0; i < g1; i++) b = fg_sub_at(s, b, n);
    /* G2: 13 times the nr stages, then the XORs of the first stage */
    for (i = 0; i <= 13; i++) {
        for (j = 0; j < nr; j++) {
            unsigned e = j * nr, rot;
            s[fg_ix(b, 4, n)] ^= s[b];
            for (k = 0; k + 1 < nr; k++) s[fg_ix(b, HB_ROM_U8(FG_G2[v], e + k), n)] ^= s[b];
            if (i == 13) break;
            rot = HB_ROM_U8(FG_G2[v], e + nr - 1);
            b = b >= rot ? b - rot : b + n - rot;
            fg_smix_at(s, b, n);
        }
    }
    /* output: S1..S4, then four columns from each column of stage 1 */
    for (i = 0; i < 4; i++) hb_store32_be(tmp + 4 * i, s[fg_ix(b, 1 + i, n)]);
    for (k = 0; k + 1 < nr; k++)
        for (i = 0; i < 4; i++)
            hb_store32_be(tmp + 16 + 16 * k + 4 * i, s[fg_ix(b, HB_ROM_U8(FG_G2[v], k) + i, n)]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
