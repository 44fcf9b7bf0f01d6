/*
 * luffa_mi.h (regs/) -- Luffa's message injection and the whole block
 * function (included by ../luffa.c after its S-box, MixWord and constants,
 * which the build finds on the form's include path).
 *
 * For 32-bit cores with about 13 free registers (Cortex-M): every step of
 * Q_j written out with its words in local variables, the S-box circuit in
 * 15 operations where the target has AND-NOT and OR-NOT (ARM's bic, orn),
 * and MI_3 (Luffa-224/256) with its 16 words in locals, each V_j read and
 * written once.  ../passes loops over the state in memory for MI_w and
 * runs Q's steps in a loop: on the Cortex-M4 it took 68.1 c/B over whole
 * blocks of Luffa-256 against sphlib's 56.4 (hashbench peer-c --target
 * cortex-m4).  Twice the code of ../passes; the x86-64 host runs ../sse2
 * (four Q_j side by side in vector lanes).
 */
#ifndef HB_LUFFA_MI_REGS_H
#define HB_LUFFA_MI_REGS_H

/* MI_4 (Luffa-384): that of ../passes, in passes over V */
#include "../passes/luffa_mi.h"

#define LUFFA_OWN_COMPRESS

/* SubCrumb as ../luffa.c's SUBCRUMB, the complements moved so that two
 * fold into an AND-NOT and an OR-NOT: with r' = ~r and u' = ~u of that
 * circuit, v = s | ~r', a2 = v & ~u', a1 = ~(v ^ p), a3 = ~(s ^ u')
 * (checked against the S-box table on all 16 inputs) */
#define SUBCRUMB_R(a0, a1, a2, a3) do {                                 \
        uint32_t p_ = ((a0) | (a1)) ^ (a3), q_ = (a2) ^ (a3);           \
        uint32_t m_ = (a3) & (a0), r_ = (a1) ^ m_, s_ = m_ ^ q_;         \
        uint32_t u_ = (q_ & p_) ^ r_, v_ = s_ | ~r_;                     \
        (a0) ^= v_; (a1) = ~(v_ ^ p_); (a2) = v_ & ~u_; (a3) = ~(s_ ^ u_); \
    } while (0)

/* step r of Q (spec 4.4), rc = LUFFA_RC[j] */
#define LUFFA_STEP(r) do {                                              \
        SUBCRUMB_R(x0, x1, x2, x3);                                     \
        SUBCRUMB_R(x5, x6, x7, x4);                                     \
        MIXWORD(x0, x4); MIXWORD(x1, x5); MIXWORD(x2, x6); MIXWORD(x3, x7); \
        x0 ^= HB_ROM_U32(rc[0], r);                                     \
        x4 ^= HB_ROM_U32(rc[1], r);                                     \
    } while (0)

/* Q_j on v: tweak (words 4..7 rotated left by j), then the 8 steps */
static void luffa_q_regs(uint32_t *v, unsigned j)
{
    HB_ROM uint32_t (*rc)[8] = LUFFA_RC[j];
    uint32_t x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    uint32_t x4 = v[4], x5 = v[5], x6 = v[6], x7 = v[7];
    if (j) {
        x4 = HB_ROTL32(x4, j); x5 = HB_ROTL32(x5, j);
        x6 = HB_ROTL32(x6, j); x7 = HB_ROTL32(x7, j);
    }
    LUFFA_STEP(0); LUFFA_STEP(1); LUFFA_STEP(2); LUFFA_STEP(3);
    LUFFA_STEP(4); LUFFA_STEP(5); LUFFA_STEP(6); LUFFA_STEP(7);
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = x4; v[5] = x5; v[6] = x6; v[7] = x7;
}

/* z = x z in GF(2^32)^8 (as MUL2 of ../passes) on the locals z0..z7 */
#define MUL2_R(z) do {                                                  \
        uint32_t t_ = z##7;                                             \
        z##7 = z##6; z##6 = z##5; z##5 = z##4; z##4 = z##3 ^ t_;        \
        z##3 = z##2 ^ t_; z##2 = z##1; z##1 = z##0 ^ t_; z##0 = t_;     \
    } while (0)

/* V_j ^= a ^ m, word by word */
#define MI3_ADD(Vj) do {                                                \
        (Vj)[0] ^= a0 ^ m0; (Vj)[1] ^= a1 ^ m1; (Vj)[2] ^= a2 ^ m2;     \
        (Vj)[3] ^= a3 ^ m3; (Vj)[4] ^= a4 ^ m4; (Vj)[5] ^= a5 ^ m5;     \
        (Vj)[6] ^= a6 ^ m6; (Vj)[7] ^= a7 ^ m7;                         \
    } while (0)

/* MI_3 (spec 3.2.1): a = 2 (V_0 ^ V_1 ^ V_2), V_j ^= a ^ 2^j M */
static void luffa_mi3_regs(uint32_t V[5][8], const uint8_t *blk)
{
    uint32_t a0 = V[0][0] ^ V[1][0] ^ V[2][0], a1 = V[0][1] ^ V[1][1] ^ V[2][1];
    uint32_t a2 = V[0][2] ^ V[1][2] ^ V[2][2], a3 = V[0][3] ^ V[1][3] ^ V[2][3];
    uint32_t a4 = V[0][4] ^ V[1][4] ^ V[2][4], a5 = V[0][5] ^ V[1][5] ^ V[2][5];
    uint32_t a6 = V[0][6] ^ V[1][6] ^ V[2][6], a7 = V[0][7] ^ V[1][7] ^ V[2][7];
    uint32_t m0 = hb_load32_be(blk), m1 = hb_load32_be(blk + 4);
    uint32_t m2 = hb_load32_be(blk + 8), m3 = hb_load32_be(blk + 12);
    uint32_t m4 = hb_load32_be(blk + 16), m5 = hb_load32_be(blk + 20);
    uint32_t m6 = hb_load32_be(blk + 24), m7 = hb_load32_be(blk + 28);
    MUL2_R(a);
    MI3_ADD(V[0]);
    MUL2_R(m);
    MI3_ADD(V[1]);
    MUL2_R(m);
    MI3_ADD(V[2]);
}

/* d = x s ^ a ^ k, k the locals k0..k7 (MUL2X2 of ../passes with one
 * operand in registers); descending, so d may be s or a */
#define MUL2X2_R(d, s, a, k) do {                                         \
        uint32_t t_ = (s)[7];                                              \
        (d)[7] = (s)[6] ^ (a)[7] ^ k##7; (d)[6] = (s)[5] ^ (a)[6] ^ k##6;  \
        (d)[5] = (s)[4] ^ (a)[5] ^ k##5; (d)[4] = (s)[3] ^ t_ ^ (a)[4] ^ k##4; \
        (d)[3] = (s)[2] ^ t_ ^ (a)[3] ^ k##3; (d)[2] = (s)[1] ^ (a)[2] ^ k##2; \
        (d)[1] = (s)[0] ^ t_ ^ (a)[1] ^ k##1; (d)[0] = t_ ^ (a)[0] ^ k##0; \
    } while (0)

/* z = z / x (DIV2 of ../passes) on the locals z0..z7 */
#define DIV2_R(z) do {                                                  \
        uint32_t t_ = z##0;                                             \
        z##0 = z##1 ^ t_; z##1 = z##2; z##2 = z##3 ^ t_; z##3 = z##4 ^ t_; \
        z##4 = z##5; z##5 = z##6; z##6 = z##7; z##7 = t_;               \
    } while (0)

/* MI_5 (spec 3.2.3) in the passes of ../passes (see the algebra there),
 * u = 2 t ^ t and then the message in locals: each pass reads two V's and
 * writes one, and the message's multiples cost no loads or stores */
static void luffa_mi5_regs(uint32_t V[5][8], const uint8_t *blk)
{
    uint32_t b[8];
    uint32_t u0 = V[0][0] ^ V[1][0] ^ V[2][0] ^ V[3][0] ^ V[4][0];
    uint32_t u1 = V[0][1] ^ V[1][1] ^ V[2][1] ^ V[3][1] ^ V[4][1];
    uint32_t u2 = V[0][2] ^ V[1][2] ^ V[2][2] ^ V[3][2] ^ V[4][2];
    uint32_t u3 = V[0][3] ^ V[1][3] ^ V[2][3] ^ V[3][3] ^ V[4][3];
    uint32_t u4 = V[0][4] ^ V[1][4] ^ V[2][4] ^ V[3][4] ^ V[4][4];
    uint32_t u5 = V[0][5] ^ V[1][5] ^ V[2][5] ^ V[3][5] ^ V[4][5];
    uint32_t u6 = V[0][6] ^ V[1][6] ^ V[2][6] ^ V[3][6] ^ V[4][6];
    uint32_t u7 = V[0][7] ^ V[1][7] ^ V[2][7] ^ V[3][7] ^ V[4][7];
    uint32_t m0, m1, m2, m3, m4, m5, m6, m7, t_;
    MUL2_R(u);
    /* u = x u ^ u, descending so each u_{i-1} is still the old one */
    t_ = u7;
    u7 ^= u6; u6 ^= u5; u5 ^= u4; u4 ^= u3 ^ t_;
    u3 ^= u2 ^ t_; u2 ^= u1; u1 ^= u0 ^ t_; u0 ^= t_;
    /* the first ring ascending, V_0's new value in b until V_4 has read
     * the old one */
    MUL2X2_R(b, V[0], V[1], u);
    MUL2X2_R(V[1], V[1], V[2], u);
    MUL2X2_R(V[2], V[2], V[3], u);
    MUL2X2_R(V[3], V[3], V[4], u);
    MUL2X2_R(V[4], V[4], V[0], u);
    /* the second ring descending, with 2^j M */
    m0 = hb_load32_be(blk); m1 = hb_load32_be(blk + 4);
    m2 = hb_load32_be(blk + 8); m3 = hb_load32_be(blk + 12);
    m4 = hb_load32_be(blk + 16); m5 = hb_load32_be(blk + 20);
    m6 = hb_load32_be(blk + 24); m7 = hb_load32_be(blk + 28);
    MUL2X2_R(V[0], b, V[4], m);
    MUL2_R(m); MUL2_R(m); MUL2_R(m); MUL2_R(m);
    MUL2X2_R(V[4], V[4], V[3], m);
    DIV2_R(m);
    MUL2X2_R(V[3], V[3], V[2], m);
    DIV2_R(m);
    MUL2X2_R(V[2], V[2], V[1], m);
    DIV2_R(m);
    MUL2X2_R(V[1], V[1], b, m);
}

void hb_luffa_compress(void *ctx, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_luffa_ctx *c = (hb_luffa_ctx *)ctx;
    uint32_t M[8];
    unsigned i, j, w = c->w;
    while (n--) {
        if (w == 3) {
            luffa_mi3_regs(c->V, blk);
        } else if (w == 5) {
            luffa_mi5_regs(c->V, blk);
        } else {
            for (i = 0; i < 8; i++) M[i] = hb_load32_be(blk + 4 * i);
            luffa_mi(c->V, w, M);
        }
        for (j = 0; j < w; j++) luffa_q_regs(c->V[j], j);
        blk += 32;
    }
}

#endif
