/*
 * jh_sbox.h -- the S-box and L circuits of JH's bit-sliced E8, bitwise on
 * words of any width: jh_e8.h's forms use them on 64- and 32-bit words,
 * bytes/ on bytes.  A header of its own so that a form with a round
 * constant table of another shape need not include jh_e8.h's.
 */
#ifndef HB_JH_SBOX_H
#define HB_JH_SBOX_H

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
