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

/* 41^e mod 257 for any (unsigned) exponent */
#define POW41(e) ((int32_t)HB_ROM_U16(SIMD_POW41, (e) & 255u))

/*
 * RED(x) == x (mod 257) with |RED(x)| <= |x|/256 + 256: since 256 == -1,
 * x = 256 h + l gives l - h.  h = floor(x / 256) is taken from x + 2^30
 * so that no negative value is shifted (valid for x >= -2^30).
 */
#define RED(x) ((int32_t)((uint32_t)(x) & 255u) \
                - ((int32_t)(((uint32_t)(x) + 0x40000000u) >> 8) - 0x400000))

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

static HB_ROM uint8_t SIMD_BITREV16[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};

/*
 * Message expansion, part 1: y_i = P(alpha^i) mod 257, i < N = 32n, with
 * P(X) = sum_{j < N/2} m_j X^j + X^(N-1) (+ X^(N-3) in the final block),
 * alpha = 41^s, s = 256/N; then the centred lift to -128..128, stored
 * already multiplied by the two inner-code constants (mod 2^16):
 * y1 = 185 y, y2 = 233 y.
 *
 * Cooley-Tukey with N = R * 16 (R = 16 for N = 256, 8 for N = 128):
 * j = 16 j1 + j2 and i = k1 + R k2 give alpha^(ij) = (alpha^16)^(j1 k1)
 * * alpha^(j2 k1) * (alpha^R)^(j2 k2), where alpha^16 (2 or 4) and
 * alpha^R (= 2) are powers of 2.  So: 16 inner DFTs of size R over j1
 * (half of their inputs are zero), one general multiplication by
 * alpha^(j2 k1) per point, then R outer DFTs of size 16 over j2.  The two
 * X^e terms are added at the end as alpha^(-i) and alpha^(-3i).
 */
static void simd_expand(uint16_t *y1, uint16_t *y2, const uint8_t *m, unsigned n, int final)
{
    /* magnitudes (worst case, by interval analysis of the steps below):
     * inner DFT outputs < 2^16, twiddle products <= 2^24, twiddled values
     * < 2^17, outer DFT outputs < 2^21: far inside RED's range */
    int32_t T[16][16];          /* [k1][j2] after the twiddle */
    int32_t v[16];
    unsigned R = n == 4 ? 8u : 16u, s = n == 4 ? 2u : 1u;
    unsigned j2, p, k1;

    for (j2 = 0; j2 < 16; j2++) {
        if (R == 16) {
            for (p = 0; p < 8; p++) {             /* first level: v[p+8] = 0 */
                v[p] = m[16u * p + j2];
                v[p + 8] = v[p] * ((int32_t)1 << p);
            }
            DFT16_TAIL(v);
        } else {
            for (p = 0; p < 4; p++) {
                v[p] = m[16u * p + j2];
                v[p + 4] = v[p] * ((int32_t)1 << (2u * p));
            }
            DFT8_TAIL(v);
        }
        for (p = 0; p < R; p++) {
            k1 = HB_ROM_U8(SIMD_BITREV16, p) >> (R == 16 ? 0 : 1);
            T[k1][j2] = RED(v[p] * (int32_t)(R == 16
                            ? HB_ROM_U16(SIMD_TW256, 16u * j2 + p)
                            : HB_ROM_U16(SIMD_TW128, 8u * j2 + p)));
        }
    }
    for (k1 = 0; k1 < R; k1++) {
        for (p = 0; p < 8; p++) {                 /* first level of 16 */
            int32_t a = T[k1][p], b = T[k1][p + 8];
            v[p] = a + b;
            v[p + 8] = p ? RED(a - b) * ((int32_t)1 << p) : a - b;
        }
        DFT16_TAIL(v);
        for (p = 0; p < 16; p++) {
            unsigned i = k1 + R * HB_ROM_U8(SIMD_BITREV16, p);
            int32_t c = v[p] + POW41(0u - s * i);
            uint32_t r;
            if (final) c += POW41(0u - 3u * s * i);
            r = (uint32_t)(c + 257 * 0x400000) % 257u;     /* c > -2^30 */
            c = r > 128u ? (int32_t)r - 257 : (int32_t)r;
            y1[i] = (uint16_t)(c * 185);
            y2[i] = (uint16_t)(c * 233);
        }
    }
}

#define SIMD_N 4
#define SIMD_FN simd_feistel4
#include "simd_core.h"
#undef SIMD_N
#undef SIMD_FN
#define SIMD_N 8
#define SIMD_FN simd_feistel8
#include "simd_core.h"
#undef SIMD_N
#undef SIMD_FN

static void simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    uint16_t y1[256], y2[256];
    simd_expand(y1, y2, m, n, final);
    if (n == 4) simd_feistel4(m, y1, y2, S);
    else simd_feistel8(m, y1, y2, S);
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
