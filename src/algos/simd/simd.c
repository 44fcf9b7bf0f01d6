/* SIMD (SHA-3 round 2, tweaked), portable C99: see simd.h */
#include <string.h>
#include "simd.h"
#include "../../common/hb_util.h"
#include "simd_tables.h"

/* Rotation constants (r, s, t, u) of rounds 0..3 (SIMD 1.1 spec, the
 * tweaked values); the feed-forward steps reuse those of round 3. */
static HB_ROM uint8_t SIMD_ROT[4][4] = {
    {3, 23, 17, 27}, {28, 19, 22, 7}, {29, 9, 15, 5}, {4, 13, 10, 25}
};

/* Step i mixes lane j with lane j ^ x, x = XOR_n[i mod 3] (n = 4) or
 * XOR_n[i mod 7] (n = 8): the tweaked permutations p^(i) of the spec. */
static HB_ROM uint8_t SIMD_XOR4[3] = {1, 2, 3};
static HB_ROM uint8_t SIMD_XOR8[7] = {1, 6, 2, 3, 5, 7, 4};

/* Which inner-code word Z[q] feeds step i (the spec's permutation of the
 * expanded message, 2.1.3). */
static HB_ROM uint8_t SIMD_ZORDER[32] = {
    4, 6, 0, 2, 7, 5, 3, 1, 15, 11, 12, 8, 9, 13, 10, 14,
    17, 18, 23, 20, 22, 21, 16, 19, 30, 24, 25, 31, 27, 29, 28, 26
};

/* 41^e mod 257 for any (unsigned) exponent */
#define POW41(e) ((int32_t)HB_ROM_U16(SIMD_POW41, (e) & 255u))

/*
 * RED(x) == x (mod 257) with |RED(x)| <= |x|/256 + 256: since 256 == -1,
 * x = 256 h + l gives l - h.  h = floor(x / 256) is taken from x + 2^24
 * so that no negative value is shifted (valid for x >= -2^24).
 */
#define RED(x) ((int32_t)((uint32_t)(x) & 255u) \
                - ((int32_t)(((uint32_t)(x) + 0x1000000u) >> 8) - 0x10000))

/* radix-2 decimation-in-frequency butterflies; every twiddle of the small
 * DFTs below is a power of 2 (2 is a 16-th root of unity mod 257), so a
 * multiplication by m = 2^k is a shift (written as a product: the values
 * may be negative).  Sums grow unreduced; differences are reduced first. */
#define BF1(a, b) do { int32_t t_ = (a) - (b); (a) += (b); (b) = t_; } while (0)
#define BF(a, b, m) do { int32_t t_ = (a) - (b); (a) += (b); (b) = RED(t_) * (m); } while (0)

/* the last three levels of a 16-point DFT with root 2 (v[k] for the first
 * level already in place); output v[p] = V[bitrev4(p)] */
static void simd_dft16_tail(int32_t *v)
{
    unsigned g;
    for (g = 0; g < 16; g += 8) {
        BF1(v[g], v[g + 4]); BF(v[g + 1], v[g + 5], 4);
        BF(v[g + 2], v[g + 6], 16); BF(v[g + 3], v[g + 7], 64);
    }
    for (g = 0; g < 16; g += 4) {
        BF1(v[g], v[g + 2]); BF(v[g + 1], v[g + 3], 16);
    }
    for (g = 0; g < 16; g += 2) BF1(v[g], v[g + 1]);
}

/* last two levels of an 8-point DFT with root 4 (= 2^2) */
static void simd_dft8_tail(int32_t *v)
{
    unsigned g;
    for (g = 0; g < 8; g += 4) {
        BF1(v[g], v[g + 2]); BF(v[g + 1], v[g + 3], 16);
    }
    for (g = 0; g < 8; g += 2) BF1(v[g], v[g + 1]);
}

static HB_ROM uint8_t SIMD_BITREV16[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};

/*
 * Message expansion, part 1: y_i = P(alpha^i) mod 257, i < N = 32n, with
 * P(X) = sum_{j < N/2} m_j X^j + X^(N-1) (+ X^(N-3) in the final block),
 * alpha = 41^s, s = 256/N; then the centred lift to -128..128.
 *
 * Cooley-Tukey with N = R * 16 (R = 16 for N = 256, 8 for N = 128):
 * j = 16 j1 + j2 and i = k1 + R k2 give alpha^(ij) = (alpha^16)^(j1 k1)
 * * alpha^(j2 k1) * (alpha^R)^(j2 k2), where alpha^16 (2 or 4) and
 * alpha^R (= 2) are powers of 2.  So: 16 inner DFTs of size R over j1
 * (half of their inputs are zero), one general multiplication by
 * alpha^(j2 k1) per point, then R outer DFTs of size 16 over j2.  The two
 * X^e terms are added at the end as alpha^(-i) and alpha^(-3i).
 */
static void simd_expand(int16_t *y, const uint8_t *m, unsigned n, int final)
{
    int16_t T[16][16];          /* [k1][j2] after the twiddle */
    int32_t v[16];
    unsigned R = n == 4 ? 8u : 16u, s = n == 4 ? 2u : 1u;
    unsigned j2, p, k1;

    for (j2 = 0; j2 < 16; j2++) {
        if (R == 16) {
            for (p = 0; p < 8; p++) {             /* first level: v[p+8] = 0 */
                v[p] = m[16u * p + j2];
                v[p + 8] = v[p] * ((int32_t)1 << p);
            }
            simd_dft16_tail(v);
        } else {
            for (p = 0; p < 4; p++) {
                v[p] = m[16u * p + j2];
                v[p + 4] = v[p] * ((int32_t)1 << (2u * p));
            }
            simd_dft8_tail(v);
        }
        for (p = 0; p < R; p++) {
            k1 = HB_ROM_U8(SIMD_BITREV16, p) >> (R == 16 ? 0 : 1);
            T[k1][j2] = (int16_t)RED(RED(v[p]) * POW41(s * j2 * k1));
        }
    }
    for (k1 = 0; k1 < R; k1++) {
        for (p = 0; p < 8; p++) {                 /* first level of 16 */
            int32_t a = T[k1][p], b = T[k1][p + 8];
            v[p] = a + b;
            v[p + 8] = p ? RED(a - b) * ((int32_t)1 << p) : a - b;
        }
        simd_dft16_tail(v);
        for (p = 0; p < 16; p++) {
            unsigned i = k1 + R * HB_ROM_U8(SIMD_BITREV16, p);
            int32_t c = v[p] + POW41(0u - s * i);
            uint32_t r;
            if (final) c += POW41(0u - 3u * s * i);
            r = (uint32_t)(c + 257 * 8192) % 257u;     /* c > -2^21 */
            y[i] = (int16_t)(r > 128u ? (int)r - 257 : (int)r);
        }
    }
}

/*
 * Message expansion, part 2: word q of the concatenated code, lane j.
 * Z[0..15] pair neighbours y_(2t), y_(2t+1) times 185; Z[16..31] pair
 * y_t with y_(t+N/2) times 233 (even t in 16..23, odd t in 24..31).
 * Each 16-bit half is the product mod 2^16.
 */
static uint32_t simd_zword(const int16_t *y, unsigned q, unsigned j, unsigned n)
{
    unsigned lo, hi;
    int mult;
    if (q < 16) {
        lo = 2u * q * n + 2u * j;
        hi = lo + 1u;
        mult = 185;
    } else {
        lo = 2u * ((q & 7u) * n + j) + (q >= 24 ? 1u : 0u);
        hi = lo + 16u * n;
        mult = 233;
    }
    return (uint32_t)(uint16_t)(y[lo] * mult) | ((uint32_t)(uint16_t)(y[hi] * mult) << 16);
}

/* one step on all n lanes: A <- ((D + w + F(A, B, C)) <<< s) + (A <<< r)
 * of lane j ^ x; D <- C; C <- B; B <- A <<< r */
static void simd_step(uint32_t S[4][8], const uint32_t *w, unsigned n,
                      unsigned x, unsigned r, unsigned s, int maj)
{
    uint32_t t[8];
    unsigned j;
    for (j = 0; j < n; j++) t[j] = HB_ROTL32(S[0][j], r);
    for (j = 0; j < n; j++) {
        uint32_t a = S[0][j], b = S[1][j], c = S[2][j];
        uint32_t f = maj ? ((a & b) | ((a | b) & c)) : (((b ^ c) & a) ^ c);
        uint32_t v = S[3][j] + w[j] + f;
        S[0][j] = HB_ROTL32(v, s) + t[j ^ x];
        S[3][j] = c;
        S[2][j] = b;
        S[1][j] = t[j];
    }
}

static unsigned simd_perm(unsigned i, unsigned n)
{
    return n == 4 ? HB_ROM_U8(SIMD_XOR4, i % 3u) : HB_ROM_U8(SIMD_XOR8, i % 7u);
}

static void simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    int16_t y[256];
    uint32_t save[4][8], w[8];
    unsigned i, j, k;

    simd_expand(y, m, n, final);
    memcpy(save, S, sizeof save);
    for (k = 0; k < 4; k++)
        for (j = 0; j < n; j++) S[k][j] ^= hb_load32_le(m + 4u * (k * n + j));
    for (i = 0; i < 32; i++) {
        unsigned rd = i >> 3, st = i & 3u, q = HB_ROM_U8(SIMD_ZORDER, i);
        for (j = 0; j < n; j++) w[j] = simd_zword(y, q, j, n);
        simd_step(S, w, n, simd_perm(i, n), HB_ROM_U8(SIMD_ROT[rd], st),
                  HB_ROM_U8(SIMD_ROT[rd], (st + 1u) & 3u), (i & 4u) != 0);
    }
    /* feed-forward: the old chaining value as message, steps 32..35 */
    for (k = 0; k < 4; k++)
        simd_step(S, save[k], n, simd_perm(32u + k, n), HB_ROM_U8(SIMD_ROT[3], k),
                  HB_ROM_U8(SIMD_ROT[3], (k + 1u) & 3u), 0);
}

void hb_simd_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    unsigned bs = 16u * c->n;
    while (n--) {
        simd_block(c->S, blk, c->n, 0);
        blk += bs;
    }
}

static const hb_md_class SIMD_MD_256 = {64, 0, hb_simd_compress};
static const hb_md_class SIMD_MD_512 = {128, 0, hb_simd_compress};

static int simd_start(void *ctx, const hb_params *p, unsigned out_len,
                      HB_ROM uint32_t *iv)
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    unsigned n = out_len <= 32 ? 4u : 8u, k, j;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    memset(c->S, 0, sizeof c->S);
    for (k = 0; k < 4; k++)
        for (j = 0; j < n; j++) c->S[k][j] = HB_ROM_U32(iv, k * n + j);
    hb_md_reset(&c->md);
    c->n = (uint8_t)n;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_simd_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 28, SIMD_IV_224); }
int hb_simd_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 32, SIMD_IV_256); }
int hb_simd_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 48, SIMD_IV_384); }
int hb_simd_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return simd_start(ctx, p, 64, SIMD_IV_512); }

void hb_simd_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    hb_md_update(c->n == 4 ? &SIMD_MD_256 : &SIMD_MD_512, c, &c->md, c->buf, in, len);
}

void hb_simd_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_simd_ctx *c = (hb_simd_ctx *)ctx;
    unsigned n = c->n, bs = 16u * n, u = c->md.used, j;
    uint8_t tmp[64];
    if (u) {   /* the last partial block, zero-filled */
        memset(c->buf + u, 0, bs - u);
        simd_block(c->S, c->buf, n, 0);
    }
    /* the length block: bit count, 64-bit little-endian, final flag */
    memset(c->buf, 0, bs);
    hb_store64_le(c->buf, c->md.count << 3);
    simd_block(c->S, c->buf, n, 1);
    for (j = 0; j < n; j++) {
        hb_store32_le(tmp + 4u * j, c->S[0][j]);
        hb_store32_le(tmp + 4u * (n + j), c->S[1][j]);
    }
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
    c->md.used = 0;
}
