/* SIMD (SHA-3 round 2, tweaked), portable C99: see simd.h */
#include <string.h>
#include "simd.h"
#include "../../common/hb_util.h"
#include "simd_tables.h"

/* Which inner-code word Z[q] feeds step i (the spec's permutation of the
 * expanded message, 2.1.3). */
static HB_ROM uint8_t SIMD_ZORDER[32] = {
    4, 6, 0, 2, 7, 5, 3, 1, 15, 11, 12, 8, 9, 13, 10, 14,
    17, 18, 23, 20, 22, 21, 16, 19, 30, 24, 25, 31, 27, 29, 28, 26
};

/*
 * RED(x) == x (mod 257) with |RED(x)| <= |x|/256 + 256: since 256 == -1,
 * x = 256 h + l gives l - h, h = floor(x / 256).  Right-shifting a
 * negative value is implementation-defined in C99; where the compiler
 * shifts arithmetically (gcc, clang, avr-gcc, sdcc all do) h is x >> 8,
 * otherwise it is taken from x + 2^30 so that no negative value is
 * shifted (valid for x >= -2^30).  Both give the same result.
 */
#if (-1 >> 1) == -1 && (-256 >> 8) == -1
#define RED(x) ((int32_t)((uint32_t)(x) & 255u) - ((int32_t)(x) >> 8))
#else
#define RED(x) ((int32_t)((uint32_t)(x) & 255u) \
                - ((int32_t)(((uint32_t)(x) + 0x40000000u) >> 8) - 0x400000))
#endif

/* radix-2 decimation-in-frequency butterflies; every twiddle of the small
 * DFTs below is a power of 2 (2 is a 16-th root of unity mod 257), so a
 * multiplication by m = 2^k is a shift (written as a product: the values
 * may be negative).  Sums grow unreduced; differences are reduced first. */
#define BF1(a, b) do { int32_t t_ = (a) - (b); (a) += (b); (b) = t_; } while (0)
#define BF(a, b, m) do { int32_t t_ = (a) - (b); (a) += (b); (b) = RED(t_) * (m); } while (0)

/* the last three levels of a 16-point DFT with root 2 (the first level
 * is done by the caller); output v[p] = V[bitrev4(p)] */
#define DFT16_TAIL(v) do {                                                    \
        BF1(v[0], v[4]); BF(v[1], v[5], 4); BF(v[2], v[6], 16); BF(v[3], v[7], 64);        \
        BF1(v[8], v[12]); BF(v[9], v[13], 4); BF(v[10], v[14], 16); BF(v[11], v[15], 64);  \
        BF1(v[0], v[2]); BF(v[1], v[3], 16); BF1(v[4], v[6]); BF(v[5], v[7], 16);          \
        BF1(v[8], v[10]); BF(v[9], v[11], 16); BF1(v[12], v[14]); BF(v[13], v[15], 16);    \
        BF1(v[0], v[1]); BF1(v[2], v[3]); BF1(v[4], v[5]); BF1(v[6], v[7]);                \
        BF1(v[8], v[9]); BF1(v[10], v[11]); BF1(v[12], v[13]); BF1(v[14], v[15]);          \
    } while (0)

/* the last two levels of an 8-point DFT with root 4 (= 2^2) */
#define DFT8_TAIL(v) do {                                                     \
        BF1(v[0], v[2]); BF(v[1], v[3], 16); BF1(v[4], v[6]); BF(v[5], v[7], 16);          \
        BF1(v[0], v[1]); BF1(v[2], v[3]); BF1(v[4], v[5]); BF1(v[6], v[7]);                \
    } while (0)

/* 4-bit reversal of a constant */
#define SIMD_BR4(p) ((((p) & 1) << 3) | (((p) & 2) << 1) | (((p) & 4) >> 1) | (((p) & 8) >> 3))

/* M(p, ...) for p = 0..n-1, written out: gcc -O2 does not unroll these
 * short loops, and unrolled they make every index a constant */
#define SIMD_REP4(M, ...) M(0, __VA_ARGS__) M(1, __VA_ARGS__) M(2, __VA_ARGS__) M(3, __VA_ARGS__)
#define SIMD_REP8(M, ...) SIMD_REP4(M, __VA_ARGS__)                            \
        M(4, __VA_ARGS__) M(5, __VA_ARGS__) M(6, __VA_ARGS__) M(7, __VA_ARGS__)
#define SIMD_REP16(M, ...) SIMD_REP8(M, __VA_ARGS__)                           \
        M(8, __VA_ARGS__) M(9, __VA_ARGS__) M(10, __VA_ARGS__) M(11, __VA_ARGS__) \
        M(12, __VA_ARGS__) M(13, __VA_ARGS__) M(14, __VA_ARGS__) M(15, __VA_ARGS__)

#define SIMD_N 4
#define SIMD_XFN simd_expand4
#define SIMD_FN simd_feistel4
#include "simd_core.h"
#undef SIMD_N
#undef SIMD_XFN
#undef SIMD_FN
#define SIMD_N 8
#define SIMD_XFN simd_expand8
#define SIMD_FN simd_feistel8
#include "simd_core.h"
#undef SIMD_N
#undef SIMD_XFN
#undef SIMD_FN

static void simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    HB_SCRATCH uint16_t y1[256], y2[256];   /* 1 KiB */
    if (n == 4) {
        simd_expand4(y1, y2, m, final);
        simd_feistel4(m, y1, y2, S);
    } else {
        simd_expand8(y1, y2, m, final);
        simd_feistel8(m, y1, y2, S);
    }
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
    unsigned n = c->n == 4 ? 4u : 8u, bs = 16u * n, u = c->md.used, j;
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
