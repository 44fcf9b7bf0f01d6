/*
 * jh_e8.h -- what the implementations of JH's E8 (jh/<impl>/, named in
 * impls.toml) share: the round constants and the S-box and L circuits.
 * Included by exactly one source of an implementation.
 */
#ifndef HB_JH_E8_H
#define HB_JH_E8_H
#include "jh.h"
#include "../../common/hb_util.h"
#include "jh_consts.h"

static HB_ROM uint64_t JH_RC[42 * 4] = JH_RC_DATA;

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
/* L, the specification's linear transformation: D = B ^ 2A, C = A ^ 2D
 * in GF(2^4) mod x^4 + x + 1, bit 0 being the coefficient of x^3; a = A
 * becomes C, b = B becomes D */
#define JH_L(a0, a1, a2, a3, b0, b1, b2, b3) do {       \
        b0 ^= a1; b1 ^= a2; b2 ^= a3 ^ a0; b3 ^= a0;    \
        a0 ^= b1; a1 ^= b2; a2 ^= b3 ^ b0; a3 ^= b0;    \
    } while (0)

#endif
