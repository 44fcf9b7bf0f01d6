/* Groestl (final version): see groestl.h.  Section numbers refer to the
 * Groestl specification, version 2.0.1 (Jan 2011). */
#include "groestl.h"
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

#define GB(x, r) ((unsigned)((x) >> (8 * (r))) & 0xffu)

/* SubBytes + MixBytes of byte v at row r, as a column (sec. 3.4) */
#if HB_GROESTL_TABLES >= 8
#define GT(r, v) HB_ROM_U64(hb_groestl_T##r, v)
#elif HB_GROESTL_TABLES >= 1
#define GT(r, v) GROT_##r(HB_ROM_U64(hb_groestl_T0, v))
#define GROT_0(t) (t)
#define GROT_1(t) HB_ROTL64(t, 8)
#define GROT_2(t) HB_ROTL64(t, 16)
#define GROT_3(t) HB_ROTL64(t, 24)
#define GROT_4(t) HB_ROTL64(t, 32)
#define GROT_5(t) HB_ROTL64(t, 40)
#define GROT_6(t) HB_ROTL64(t, 48)
#define GROT_7(t) HB_ROTL64(t, 56)
#endif

#if HB_GROESTL_TABLES >= 1
/* output column j: row r comes from column j + s_r (ShiftBytes, sec. 3.3) */
#define GCOL(a, m, j, s0, s1, s2, s3, s4, s5, s6, s7) \
    (GT(0, GB(a[((j) + (s0)) & (m)], 0)) ^ GT(1, GB(a[((j) + (s1)) & (m)], 1)) ^ \
     GT(2, GB(a[((j) + (s2)) & (m)], 2)) ^ GT(3, GB(a[((j) + (s3)) & (m)], 3)) ^ \
     GT(4, GB(a[((j) + (s4)) & (m)], 4)) ^ GT(5, GB(a[((j) + (s5)) & (m)], 5)) ^ \
     GT(6, GB(a[((j) + (s6)) & (m)], 6)) ^ GT(7, GB(a[((j) + (s7)) & (m)], 7)))
#else
#define XT(b) ((uint8_t)(((b) << 1) ^ (((b) >> 7) * 0x1b)))
/* compact: S-box, then B = circ(2,2,3,4,5,3,5,7): row i gets
 * sum over r of b[(r - i) mod 8] * s_r */
static uint64_t gcol_compact(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
                             uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7)
{
    uint8_t s[8], m[8][8];
    unsigned r, i;
    uint64_t out = 0;
    s[0] = HB_ROM_U8(hb_aes_sbox, GB(a0, 0)); s[1] = HB_ROM_U8(hb_aes_sbox, GB(a1, 1));
    s[2] = HB_ROM_U8(hb_aes_sbox, GB(a2, 2)); s[3] = HB_ROM_U8(hb_aes_sbox, GB(a3, 3));
    s[4] = HB_ROM_U8(hb_aes_sbox, GB(a4, 4)); s[5] = HB_ROM_U8(hb_aes_sbox, GB(a5, 5));
    s[6] = HB_ROM_U8(hb_aes_sbox, GB(a6, 6)); s[7] = HB_ROM_U8(hb_aes_sbox, GB(a7, 7));
    for (r = 0; r < 8; r++) {
        uint8_t x1 = s[r], x2 = XT(x1), x4 = XT(x2);
        /* coefficients 2, 2, 3, 4, 5, 3, 5, 7 */
        m[r][0] = x2; m[r][1] = x2; m[r][2] = x2 ^ x1; m[r][3] = x4;
        m[r][4] = x4 ^ x1; m[r][5] = x2 ^ x1; m[r][6] = x4 ^ x1; m[r][7] = x4 ^ x2 ^ x1;
    }
    for (i = 0; i < 8; i++) {
        uint8_t v = 0;
        for (r = 0; r < 8; r++) v ^= m[r][(r - i) & 7];
        out |= (uint64_t)v << (8 * i);
    }
    return out;
}
#define GCOL(a, m, j, s0, s1, s2, s3, s4, s5, s6, s7) \
    gcol_compact(a[((j) + (s0)) & (m)], a[((j) + (s1)) & (m)], a[((j) + (s2)) & (m)], \
                 a[((j) + (s3)) & (m)], a[((j) + (s4)) & (m)], a[((j) + (s5)) & (m)], \
                 a[((j) + (s6)) & (m)], a[((j) + (s7)) & (m)])
#endif

/* AddRoundConstant (sec. 3.2): P adds (j << 4) ^ i to row 0 of column j;
 * Q complements every byte and adds the same value to row 7. */
#define ADD_P(a, C, i) do { unsigned j_; \
        for (j_ = 0; j_ < (C); j_++) (a)[j_] ^= (uint64_t)((j_ << 4) ^ (i)); } while (0)
#define ADD_Q(a, C, i) do { unsigned j_; \
        for (j_ = 0; j_ < (C); j_++) (a)[j_] ^= ~((uint64_t)((j_ << 4) ^ (i)) << 56); } while (0)

/* ShiftBytes offsets (sec. 3.3): P512 0..7, Q512 1,3,5,7,0,2,4,6;
 * P1024 0..6,11, Q1024 1,3,5,11,0,2,4,6 */
static void perm_p512(uint64_t x[8])
{
    uint64_t t[8];
    unsigned i, j;
    for (i = 0; i < 10; i += 2) {
        ADD_P(x, 8, i);
        for (j = 0; j < 8; j++) t[j] = GCOL(x, 7, j, 0, 1, 2, 3, 4, 5, 6, 7);
        ADD_P(t, 8, i + 1);
        for (j = 0; j < 8; j++) x[j] = GCOL(t, 7, j, 0, 1, 2, 3, 4, 5, 6, 7);
    }
}

static void perm_q512(uint64_t x[8])
{
    uint64_t t[8];
    unsigned i, j;
    for (i = 0; i < 10; i += 2) {
        ADD_Q(x, 8, i);
        for (j = 0; j < 8; j++) t[j] = GCOL(x, 7, j, 1, 3, 5, 7, 0, 2, 4, 6);
        ADD_Q(t, 8, i + 1);
        for (j = 0; j < 8; j++) x[j] = GCOL(t, 7, j, 1, 3, 5, 7, 0, 2, 4, 6);
    }
}

static void perm_p1024(uint64_t x[16])
{
    uint64_t t[16];
    unsigned i, j;
    for (i = 0; i < 14; i += 2) {
        ADD_P(x, 16, i);
        for (j = 0; j < 16; j++) t[j] = GCOL(x, 15, j, 0, 1, 2, 3, 4, 5, 6, 11);
        ADD_P(t, 16, i + 1);
        for (j = 0; j < 16; j++) x[j] = GCOL(t, 15, j, 0, 1, 2, 3, 4, 5, 6, 11);
    }
}

static void perm_q1024(uint64_t x[16])
{
    uint64_t t[16];
    unsigned i, j;
    for (i = 0; i < 14; i += 2) {
        ADD_Q(x, 16, i);
        for (j = 0; j < 16; j++) t[j] = GCOL(x, 15, j, 1, 3, 5, 11, 0, 2, 4, 6);
        ADD_Q(t, 16, i + 1);
        for (j = 0; j < 16; j++) x[j] = GCOL(t, 15, j, 1, 3, 5, 11, 0, 2, 4, 6);
    }
}

/* f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1) */
void hb_groestl512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *h = (uint64_t *)state, y[8], z[8];
    unsigned j;
    while (n--) {
        for (j = 0; j < 8; j++) {
            z[j] = hb_load64_le(blk + 8 * j);
            y[j] = h[j] ^ z[j];
        }
        perm_p512(y);
        perm_q512(z);
        for (j = 0; j < 8; j++) h[j] ^= y[j] ^ z[j];
        blk += 64;
    }
}

void hb_groestl1024_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *h = (uint64_t *)state, y[16], z[16];
    unsigned j;
    while (n--) {
        for (j = 0; j < 16; j++) {
            z[j] = hb_load64_le(blk + 8 * j);
            y[j] = h[j] ^ z[j];
        }
        perm_p1024(y);
        perm_q1024(z);
        for (j = 0; j < 16; j++) h[j] ^= y[j] ^ z[j];
        blk += 128;
    }
}

static const hb_md_class MD512 = {64, 0, hb_groestl512_compress};
static const hb_md_class MD1024 = {128, 0, hb_groestl1024_compress};

static int start(void *ctx, const hb_params *p, unsigned out_len, int big)
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    unsigned cols = big ? 16 : 8, bits = 8 * out_len;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* IV (sec. 3.5): the digest length in bits as an l-bit big-endian
     * integer, i.e. in the last two bytes of the state */
    memset(c->h, 0, sizeof c->h);
    c->h[cols - 1] = ((uint64_t)(bits >> 8) << 48) | ((uint64_t)(bits & 0xff) << 56);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    c->big = (uint8_t)big;
    return HB_OK;
}

int hb_groestl_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 28, 0); }
int hb_groestl_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 32, 0); }
int hb_groestl_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 48, 1); }
int hb_groestl_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return start(ctx, p, 64, 1); }

void hb_groestl_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    hb_md_update(c->big ? &MD1024 : &MD512, c->h, &c->md, c->buf, in, len);
}

/* Padding (sec. 3.6): a 1 bit, zeros, and the number of blocks of the
 * padded message as a 64-bit big-endian integer.  Then the output
 * transformation Omega(x) = trunc(P(x) ^ x), the last n bits. */
void hb_groestl_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    const hb_md_class *mc = c->big ? &MD1024 : &MD512;
    unsigned bs = mc->block, cols = bs / 8, u = c->md.used, j;
    uint64_t blocks = (c->md.count - u) / bs + 1, y[16];
    uint8_t tmp[128];

    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, bs - u - 1);
    if (u + 1 > bs - 8) {
        mc->compress(c->h, c->buf, 1);
        memset(c->buf, 0, bs);
        blocks++;
    }
    hb_store64_be(c->buf + bs - 8, blocks);
    mc->compress(c->h, c->buf, 1);

    for (j = 0; j < cols; j++) y[j] = c->h[j];
    if (c->big) perm_p1024(y);
    else perm_p512(y);
    for (j = 0; j < cols; j++) hb_store64_le(tmp + 8 * j, y[j] ^ c->h[j]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + bs - c->out_len, out_len);
}
