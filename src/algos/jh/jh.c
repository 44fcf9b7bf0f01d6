/* JH (final, 42 rounds), portable C99, bit-sliced over 64-bit words. */
#include "jh.h"
#include "../../common/hb_util.h"
#include "jh_consts.h"

/*
 * The bit-sliced E8 (the designers' bit-slice description for 64-bit
 * words): the state is eight 128-bit words x0..x7, each as two 64-bit halves (xJ0, xJ1).  Bit i
 * of (x0, x2, x4, x6) is one 4-bit S-box input, bit i of (x1, x3, x5, x7)
 * another; L mixes the two.  Instead of the permutation P8, round r swaps
 * the bit positions i and i ^ 2^(r mod 7) of the odd words; after 7 rounds
 * the state is back in order, and the round constants were permuted to
 * follow (tools/gen_jh_consts.py checks all of this against the
 * spec-level E8).
 */

/* S0 or S1 on four bit planes, chosen per bit by c (0: S0, 1: S1): a
 * Boolean circuit equal to both S-box tables of the specification (checked
 * against them by the KATs through every constant bit).  Bitwise only, so
 * it works on words of any width T. */
#define JH_SBOX_T(T, a0, a1, a2, a3, c) do {    \
        T t_;                                   \
        a3 = ~a3;                               \
        a0 ^= ~a2 & (c);                        \
        t_ = (c) ^ (a0 & a1);                   \
        a0 ^= a2 & a3;                          \
        a3 ^= ~a1 & a2;                         \
        a1 ^= a0 & a2;                          \
        a2 ^= a0 & ~a3;                         \
        a0 ^= a1 | a3;                          \
        a3 ^= a1 & a2;                          \
        a1 ^= t_ & a0;                          \
        a2 ^= t_;                               \
    } while (0)
#define JH_SBOX(a0, a1, a2, a3, c) JH_SBOX_T(uint64_t, a0, a1, a2, a3, c)

/* L, the specification's linear transformation: D = B ^ 2A, C = A ^ 2D
 * in GF(2^4) mod x^4 + x + 1, bit 0 being the coefficient of x^3; a = A
 * becomes C, b = B becomes D */
#define JH_L(a0, a1, a2, a3, b0, b1, b2, b3) do {       \
        b0 ^= a1; b1 ^= a2; b2 ^= a3 ^ a0; b3 ^= a0;    \
        a0 ^= b1; a1 ^= b2; a2 ^= b3 ^ b0; a3 ^= b0;    \
    } while (0)

/* S-boxes and L on one 64-bit half h of round r */
#define JH_HALF(h, r) do {                                                      \
        JH_SBOX(x0##h, x2##h, x4##h, x6##h, HB_ROM_U64(JH_RC, 4 * (r) + (h)));  \
        JH_SBOX(x1##h, x3##h, x5##h, x7##h, HB_ROM_U64(JH_RC, 4 * (r) + 2 + (h))); \
        JH_L(x0##h, x2##h, x4##h, x6##h, x1##h, x3##h, x5##h, x7##h);          \
    } while (0)

#ifdef HB_JH_COMPACT
/* HB_JH_COMPACT: the same E8 as loops over the state as 32 words of 32
 * bits, for 8-bit targets.  S-boxes and L are bitwise, so they work lane
 * by lane; the swaps of rounds 7g..7g+4 (distance 1..16) stay inside a
 * 32-bit lane, that of 7g+5 (32) exchanges the two lanes of a 64-bit half
 * and that of 7g+6 (64) the two halves.  32-bit words instead of 64-bit
 * ones: SDCC (8051) keeps 64-bit temporaries in spill locations on the
 * 256-byte internal stack, which the 64-bit loop form overflowed (116
 * bytes of spills in E8 alone), and expands 64-bit operations inline.
 *
 * Lane q of word J (J = 0..7, q = 2h + l: 64-bit half h, low/high 32 bits
 * l) is w[4J + q]; word J half h was x[2J + h]. */
static HB_ROM uint32_t JH_SWAP_MASK[5] = {
    0x55555555UL, 0x33333333UL, 0x0F0F0F0FUL, 0x00FF00FFUL, 0x0000FFFFUL
};

void hb_jh_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *x = (uint64_t *)state;
    HB_SCRATCH uint32_t w[32];
    uint32_t a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, m;
    unsigned i, r, q, s;

    for (i = 0; i < 16; i++) {
        w[2 * i] = (uint32_t)x[i];
        w[2 * i + 1] = (uint32_t)(x[i] >> 32);
    }
    while (n--) {
        /* F8: the block enters the first half of H ... */
        for (i = 0; i < 16; i++) w[i] ^= hb_load32_le(blk + 4 * i);
        for (r = 0; r < 42; r++) {
            for (q = 0; q < 4; q++) {
                /* even words 0,2,4,6 in a, odd words 1,3,5,7 in b */
                a0 = w[q]; a1 = w[q + 8]; a2 = w[q + 16]; a3 = w[q + 24];
                b0 = w[q + 4]; b1 = w[q + 12]; b2 = w[q + 20]; b3 = w[q + 28];
                c0 = (uint32_t)(HB_ROM_U64(JH_RC, 4 * r + (q >> 1)) >> (32 * (q & 1)));
                c1 = (uint32_t)(HB_ROM_U64(JH_RC, 4 * r + 2 + (q >> 1)) >> (32 * (q & 1)));
                JH_SBOX_T(uint32_t, a0, a1, a2, a3, c0);
                JH_SBOX_T(uint32_t, b0, b1, b2, b3, c1);
                JH_L(a0, a1, a2, a3, b0, b1, b2, b3);
                w[q] = a0; w[q + 8] = a1; w[q + 16] = a2; w[q + 24] = a3;
                w[q + 4] = b0; w[q + 12] = b1; w[q + 20] = b2; w[q + 28] = b3;
            }
            s = r % 7;
            for (i = 4; i < 32; i += 8) {       /* odd word: lanes w[i..i+3] */
                if (s == 6) {
                    m = w[i]; w[i] = w[i + 2]; w[i + 2] = m;
                    m = w[i + 1]; w[i + 1] = w[i + 3]; w[i + 3] = m;
                } else if (s == 5) {
                    m = w[i]; w[i] = w[i + 1]; w[i + 1] = m;
                    m = w[i + 2]; w[i + 2] = w[i + 3]; w[i + 3] = m;
                } else {
                    m = HB_ROM_U32(JH_SWAP_MASK, s);
                    for (q = i; q < i + 4; q++)
                        w[q] = ((w[q] & m) << (1u << s)) | ((w[q] >> (1u << s)) & m);
                }
            }
        }
        /* ... and the second half after E8 */
        for (i = 0; i < 16; i++) w[16 + i] ^= hb_load32_le(blk + 4 * i);
        blk += 64;
    }
    for (i = 0; i < 16; i++) x[i] = ((uint64_t)w[2 * i + 1] << 32) | w[2 * i];
}
#else
/* swap bit positions i <-> i ^ k (k = 1..32) inside a 64-bit word */
#define JH_SW(v, m, k) (v = (((v) & (m)) << (k)) | (((v) >> (k)) & (m)))
#define JH_SWAP_ODD(m, k) do {                                                   \
        JH_SW(x10, m, k); JH_SW(x11, m, k); JH_SW(x30, m, k); JH_SW(x31, m, k);  \
        JH_SW(x50, m, k); JH_SW(x51, m, k); JH_SW(x70, m, k); JH_SW(x71, m, k);  \
    } while (0)
#define JH_ROUND(r, m, k) do { JH_HALF(0, r); JH_HALF(1, r); JH_SWAP_ODD(m, k); } while (0)

void hb_jh_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *x = (uint64_t *)state;
    uint64_t x00 = x[0], x01 = x[1], x10 = x[2], x11 = x[3], x20 = x[4], x21 = x[5],
        x30 = x[6], x31 = x[7], x40 = x[8], x41 = x[9], x50 = x[10], x51 = x[11],
        x60 = x[12], x61 = x[13], x70 = x[14], x71 = x[15], t;
    uint64_t m[8];
    unsigned r, i;

    while (n--) {
        for (i = 0; i < 8; i++) m[i] = hb_load64_le(blk + 8 * i);
        /* F8: the block enters the first half of H ... */
        x00 ^= m[0]; x01 ^= m[1]; x10 ^= m[2]; x11 ^= m[3];
        x20 ^= m[4]; x21 ^= m[5]; x30 ^= m[6]; x31 ^= m[7];
        for (r = 0; r < 42; r += 7) {
            JH_ROUND(r + 0, 0x5555555555555555ULL, 1);
            JH_ROUND(r + 1, 0x3333333333333333ULL, 2);
            JH_ROUND(r + 2, 0x0F0F0F0F0F0F0F0FULL, 4);
            JH_ROUND(r + 3, 0x00FF00FF00FF00FFULL, 8);
            JH_ROUND(r + 4, 0x0000FFFF0000FFFFULL, 16);
            JH_ROUND(r + 5, 0x00000000FFFFFFFFULL, 32);
            /* round 7g + 6: swap i <-> i ^ 64, the two halves of each odd word */
            JH_HALF(0, r + 6);
            JH_HALF(1, r + 6);
            t = x10; x10 = x11; x11 = t;
            t = x30; x30 = x31; x31 = t;
            t = x50; x50 = x51; x51 = t;
            t = x70; x70 = x71; x71 = t;
        }
        /* ... and the second half after E8 */
        x40 ^= m[0]; x41 ^= m[1]; x50 ^= m[2]; x51 ^= m[3];
        x60 ^= m[4]; x61 ^= m[5]; x70 ^= m[6]; x71 ^= m[7];
        blk += 64;
    }
    x[0] = x00; x[1] = x01; x[2] = x10; x[3] = x11; x[4] = x20; x[5] = x21;
    x[6] = x30; x[7] = x31; x[8] = x40; x[9] = x41; x[10] = x50; x[11] = x51;
    x[12] = x60; x[13] = x61; x[14] = x70; x[15] = x71;
}

#endif

static const hb_md_class JH_MD = {64, 0, hb_jh_compress};

static int jh_start(void *ctx, const hb_params *p, unsigned out_len, HB_ROM uint64_t *iv)
{
    hb_jh_ctx *c = (hb_jh_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* H(0) = F8(H(-1), 0), the spec's initial hash value, precomputed
     * (tools/gen_jh_consts.py) */
    for (i = 0; i < 16; i++) c->x[i] = HB_ROM_U64(iv, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_jh_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 28, JH_IV_224); }
int hb_jh_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 32, JH_IV_256); }
int hb_jh_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 48, JH_IV_384); }
int hb_jh_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return jh_start(ctx, p, 64, JH_IV_512); }

void hb_jh_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_jh_ctx *c = (hb_jh_ctx *)ctx;
    hb_md_update(&JH_MD, c->x, &c->md, c->buf, in, len);
}

void hb_jh_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_jh_ctx *c = (hb_jh_ctx *)ctx;
    HB_SCRATCH uint8_t tmp[64];
    uint64_t bits_lo = c->md.count << 3, bits_hi = c->md.count >> 61;
    unsigned i, u = c->md.used;

    /* JH's padding: a 1 bit, zeros, the 128-bit length, at least 512 bits in
     * all: one block if the message filled whole blocks, else two */
    c->buf[u] = 0x80;
    memset(c->buf + u + 1, 0, 63 - u);
    if (u) {
        hb_jh_compress(c->x, c->buf, 1);
        memset(c->buf, 0, 64);
    }
    hb_store64_be(c->buf + 48, bits_hi);
    hb_store64_be(c->buf + 56, bits_lo);
    hb_jh_compress(c->x, c->buf, 1);
    /* the digest is the last out_len bytes of H */
    for (i = 0; i < 8; i++) hb_store64_le(tmp + 8 * i, c->x[8 + i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + 64 - c->out_len, out_len);
}
