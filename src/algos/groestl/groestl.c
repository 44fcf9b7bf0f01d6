/* Groestl (final version): see groestl.h.  Section numbers refer to the
 * Groestl specification, version 2.0.1 (Jan 2011). */
#include "groestl.h"
#ifdef HB_GROESTL_BYTES
/* only the S-box and the parameter checks: see these headers (SDCC
 * would compile their unused inline functions into this object) */
#define HB_AES_NO_ROUND
#define HB_UTIL_PARAMS_ONLY
#endif
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

#ifndef HB_GROESTL_BYTES
/* ---- the 64-bit column forms: state = 8 or 16 uint64_t columns ---------- */
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

#else /* HB_GROESTL_BYTES */
/* ---- the byte-oriented form (8-bit CPUs): state = 64 or 128 bytes --------
 * Byte 8c + r is row r of column c, the order of the message bytes
 * (sec. 3.1) and of the IV and the output.  No 64-bit arithmetic: one round
 * is, per output column, eight S-box lookups (SubBytes of the bytes
 * ShiftBytes brings into the column) and MixBytes computed with doublings
 * in GF(2^8). */

/* ShiftBytes offsets of rows 0..7 (sec. 3.3): P512, Q512, P1024, Q1024 */
static HB_ROM uint8_t gb_shift[32] = {
    0, 1, 2, 3, 4, 5, 6, 7,   1, 3, 5, 7, 0, 2, 4, 6,
    0, 1, 2, 3, 4, 5, 6, 11,  1, 3, 5, 11, 0, 2, 4, 6
};

/* d = 2 v in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (sec. 3.4); a
 * statement, so that SDCC tests the top bit instead of widening to int.
 * The branch makes the time depend slightly on the data (a branch-free
 * form, the mask 0 - (v >> 7), was 36% slower on the 8051: SDCC ran out
 * of registers in MixBytes). */
#define GB_X2(d, v) do { (d) = (uint8_t)((v) << 1); if ((v) & 0x80u) (d) ^= 0x1bu; } while (0)

/* MixBytes, B = circ(2, 2, 3, 4, 5, 3, 5, 7) (sec. 3.4), of the column
 * a[0..7] into y[k..k+7]: output row r is X ^ 2 (Y ^ 2 Z), indices mod 8,
 *   X = a[r+2] ^ a[r+4] ^ a[r+5] ^ a[r+6] ^ a[r+7]
 *   Y = a[r] ^ a[r+1] ^ a[r+2] ^ a[r+5] ^ a[r+7]
 *   Z = a[r+3] ^ a[r+4] ^ a[r+6] ^ a[r+7]
 * written with t[j] = a[j] ^ a[j+1].  Unrolled, with constant indices:
 * on the 8051 an element of a static array at a constant index is a
 * direct address. */
#define GB_MIX(y, r) do { \
        uint8_t u_ = a[((r) + 2) & 7] ^ t[((r) + 6) & 7], d_; \
        uint8_t z_ = t[((r) + 3) & 7] ^ t[((r) + 6) & 7]; \
        uint8_t y_ = u_ ^ t[r] ^ t[((r) + 5) & 7]; \
        GB_X2(d_, z_); \
        y_ ^= d_; \
        GB_X2(d_, y_); \
        y[(uint8_t)(k + (r))] = u_ ^ t[((r) + 4) & 7] ^ d_; \
    } while (0)

/* ShiftBytes + SubBytes (+ Q's complement) of row j of output column k / 8:
 * row j of column k / 8 + s_j, i.e. byte (k + 8 s_j + j) mod bytes */
#define GB_SB(x, j) HB_ROM_U8(hb_aes_sbox, (uint8_t)(x[(uint8_t)(k + off[j]) & bmask] ^ inv))

/* one round, x -> y (distinct arrays: written out twice so that both are
 * constant bases, 8-bit indices on the 8051) */
#define GB_ROUND(x, y, i) do { \
        /* AddRoundConstant (sec. 3.2): P adds (c << 4) ^ i to row 0 of \
         * column c; Q adds the same to row 7 and complements every byte \
         * (the complement is folded into GB_SB) */ \
        for (c = 0; c <= mask; c++) x[(uint8_t)(8 * c + row)] ^= (uint8_t)((c << 4) ^ (i)); \
        for (k = 0; k < bytes; k += 8) { \
            a[0] = GB_SB(x, 0); a[1] = GB_SB(x, 1); a[2] = GB_SB(x, 2); a[3] = GB_SB(x, 3); \
            a[4] = GB_SB(x, 4); a[5] = GB_SB(x, 5); a[6] = GB_SB(x, 6); a[7] = GB_SB(x, 7); \
            t[0] = a[0] ^ a[1]; t[1] = a[1] ^ a[2]; t[2] = a[2] ^ a[3]; t[3] = a[3] ^ a[4]; \
            t[4] = a[4] ^ a[5]; t[5] = a[5] ^ a[6]; t[6] = a[6] ^ a[7]; t[7] = a[7] ^ a[0]; \
            GB_MIX(y, 0); GB_MIX(y, 1); GB_MIX(y, 2); GB_MIX(y, 3); \
            GB_MIX(y, 4); GB_MIX(y, 5); GB_MIX(y, 6); GB_MIX(y, 7); \
        } \
    } while (0)

/* acc ^= P(x ^ y) (q = 0) or Q(x ^ y) (q = 1), y optional (0), on 512
 * (big = 0, 10 rounds) or 1024 bits (big = 1, 14 rounds); acc may be x or y
 * (they are read first) */
static void gb_perm(uint8_t *acc, const uint8_t *x, const uint8_t *y, uint8_t big, uint8_t q)
{
    /* st, nx: the state, alternately; off[j]: ShiftBytes' byte offset in
     * row j; a, t: one column */
    HB_SCRATCH uint8_t st[128], nx[128], off[8], a[8], t[8];
    uint8_t bytes = big ? 128 : 64, bmask = (uint8_t)(bytes - 1), mask = big ? 15 : 7;
    uint8_t row = q ? 7 : 0, rounds = big ? 14 : 10, inv = q ? 0xff : 0;
    uint8_t k, c, i;

    for (k = 0; k < bytes; k++) st[k] = y ? (uint8_t)(x[k] ^ y[k]) : x[k];
    for (k = 0; k < 8; k++) off[k] = (uint8_t)(8 * HB_ROM_U8(gb_shift, 16 * big + 8 * q + k) + k);
    for (i = 0; i < rounds; i += 2) {   /* 10 and 14 rounds: even */
        GB_ROUND(st, nx, i);
        GB_ROUND(nx, st, i + 1);
    }
    for (k = 0; k < bytes; k++) acc[k] ^= st[k];
}

/* f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1), accumulated into h */
static void gb_compress(uint8_t *h, const uint8_t *blk, size_t n, uint8_t big)
{
    while (n--) {
        gb_perm(h, h, blk, big, 0);
        gb_perm(h, blk, 0, big, 1);
        blk += big ? 128 : 64;
    }
}

void hb_groestl512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    gb_compress((uint8_t *)state, blk, n, 0);
}

void hb_groestl1024_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    gb_compress((uint8_t *)state, blk, n, 1);
}
#endif /* HB_GROESTL_BYTES */

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
#ifdef HB_GROESTL_BYTES
    c->h[8 * cols - 2] = (uint8_t)(bits >> 8);
    c->h[8 * cols - 1] = (uint8_t)bits;
#else
    c->h[cols - 1] = ((uint64_t)(bits >> 8) << 48) | ((uint64_t)(bits & 0xff) << 56);
#endif
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

/* compress the block in c->buf */
#ifdef HB_GROESTL_BYTES
#define GR_COMPRESS1(c, mc) gb_compress((c)->h, (c)->buf, 1, (c)->big)
#else
#define GR_COMPRESS1(c, mc) (mc)->compress((c)->h, (c)->buf, 1)
#endif

/* Padding (sec. 3.6): a 1 bit, zeros, and the number of blocks of the
 * padded message as a 64-bit big-endian integer.  Then the output
 * transformation Omega(x) = trunc(P(x) ^ x), the last n bits. */
void hb_groestl_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_groestl_ctx *c = (hb_groestl_ctx *)ctx;
    const hb_md_class *mc = c->big ? &MD1024 : &MD512;
    unsigned bs = mc->block, u = c->md.used, j;
    /* (count - u) is a whole number of blocks of 64 (big = 0) or 128 bytes */
    uint64_t blocks = ((c->md.count - u) >> (6 + c->big)) + 1;
    HB_SCRATCH uint8_t tmp[128];
#ifndef HB_GROESTL_BYTES
    unsigned cols = bs / 8;
    uint64_t y[16];
#endif

    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, bs - u - 1);
    if (u + 1 > bs - 8) {
        GR_COMPRESS1(c, mc);
        memset(c->buf, 0, bs);
        blocks++;
    }
    /* byte by byte: SDCC 4.2 miscompiled the inlined hb_store64_be here
     * (8051: the length never reached the buffer) */
    for (j = 1; j <= 8; j++) {
        c->buf[bs - j] = (uint8_t)blocks;
        blocks >>= 8;
    }
    GR_COMPRESS1(c, mc);

#ifdef HB_GROESTL_BYTES
    for (j = 0; j < bs; j++) tmp[j] = c->h[j];
    gb_perm(tmp, c->h, 0, c->big, 0);
#else
    for (j = 0; j < cols; j++) y[j] = c->h[j];
    if (c->big) perm_p1024(y);
    else perm_p512(y);
    for (j = 0; j < cols; j++) hb_store64_le(tmp + 8 * j, y[j] ^ c->h[j]);
#endif
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + bs - c->out_len, out_len);
}
