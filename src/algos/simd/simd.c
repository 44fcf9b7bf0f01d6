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
#define POW41(e) ((uint32_t)HB_ROM_U16(SIMD_POW41, (e) & 255u))

/* x mod 257 for x < 2^32 */
#define MOD257(x) ((uint32_t)(x) % 257u)

/* in-place NTT of size h (64 or 128) over Z/257, root 41^(256/h);
 * input in bit-reversed order, output in natural order, values 0..256 */
static void simd_ntt(uint16_t *a, unsigned h)
{
    unsigned len, half, i, k, step;
    for (len = 2; len <= h; len <<= 1) {
        half = len >> 1;
        step = 256u / len;
        for (i = 0; i < h; i += len) {
            for (k = 0; k < half; k++) {
                uint32_t u = a[i + k];
                uint32_t t = MOD257((uint32_t)a[i + k + half] * POW41(k * step));
                uint32_t p = u + t, q = u + 257u - t;
                a[i + k] = (uint16_t)(p >= 257u ? p - 257u : p);
                a[i + k + half] = (uint16_t)(q >= 257u ? q - 257u : q);
            }
        }
    }
}

static unsigned bitrev(unsigned j, unsigned bits)
{
    unsigned r = 0;
    while (bits--) {
        r = (r << 1) | (j & 1u);
        j >>= 1;
    }
    return r;
}

/*
 * Message expansion, part 1: y_i = P(alpha^i) mod 257, i < N = 32n, with
 * P(X) = sum m_j X^j + X^(N-1) (+ X^(N-3) in the final block) and alpha
 * = 41^(256/N); then the centred lift to -128..128.
 * P has only N/2 message coefficients, so y_(2k+b) is an NTT of size N/2
 * (root alpha^2) of m_j * alpha^(b j); the two X^e terms are added as
 * alpha^(-i) and alpha^(-3i).
 */
static void simd_expand(int16_t *y, const uint8_t *m, unsigned n, int final)
{
    uint16_t a[128];
    unsigned h = 16u * n, s = n == 4 ? 2u : 1u, bits = n == 4 ? 6u : 7u;
    unsigned b, j, k;
    for (b = 0; b < 2; b++) {
        for (j = 0; j < h; j++)
            a[bitrev(j, bits)] = (uint16_t)(b ? MOD257((uint32_t)m[j] * POW41(s * j)) : m[j]);
        simd_ntt(a, h);
        for (k = 0; k < h; k++) {
            unsigned i = 2u * k + b;
            uint32_t v = a[k] + POW41(0u - s * i);
            if (final) v += POW41(0u - 3u * s * i);
            v = MOD257(v);
            y[i] = (int16_t)(v > 128u ? (int)v - 257 : (int)v);
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
