/*
 * fugue_smix.h -- SMIX, and the sub-round of CMIX and SMIX at a base known
 * at run time, for every implementation of Fugue.  The implementation
 * first includes its table form (fugue_t4.h, fugue_t1.h or
 * fugue_sbox.h: FG_T, one column of SubBytes + Super-Mix), then this, then
 * its main loop (fugue_unrolled.h or fugue_compact.h) and fugue_md.h,
 * once per build.
 */
#ifndef HB_FUGUE_SMIX_H
#define HB_FUGUE_SMIX_H
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

#endif
