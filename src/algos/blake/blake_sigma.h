/*
 * blake_sigma.h -- the ten message permutations of BLAKE (spec v1.3,
 * sec. 2.1.2, table "permutations"), as argument lists for the fully
 * unrolled rounds of unrolled/ (round r uses BLAKE_SIGMA(r mod 10)) and
 * as tables for the rolled rounds of compact/.  Internal.
 */
#ifndef HB_BLAKE_SIGMA_H
#define HB_BLAKE_SIGMA_H

#define BLAKE_SIGMA0 ( 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15)
#define BLAKE_SIGMA1 (14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3)
#define BLAKE_SIGMA2 (11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4)
#define BLAKE_SIGMA3 ( 7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8)
#define BLAKE_SIGMA4 ( 9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13)
#define BLAKE_SIGMA5 ( 2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9)
#define BLAKE_SIGMA6 (12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11)
#define BLAKE_SIGMA7 (13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10)
#define BLAKE_SIGMA8 ( 6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5)
#define BLAKE_SIGMA9 (10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0)

/* one round: G0..G3 on the columns, G4..G7 on the diagonals; the including
 * file defines BLAKE_G(a, b, c, d, i, j), which uses message words i, j
 * (and constants j, i).  BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMAr) is round r. */
#define BLAKE_ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    BLAKE_G(0, 4,  8, 12, s0,  s1)  BLAKE_G(1, 5,  9, 13, s2,  s3) \
    BLAKE_G(2, 6, 10, 14, s4,  s5)  BLAKE_G(3, 7, 11, 15, s6,  s7) \
    BLAKE_G(0, 5, 10, 15, s8,  s9)  BLAKE_G(1, 6, 11, 12, s10, s11) \
    BLAKE_G(2, 7,  8, 13, s12, s13) BLAKE_G(3, 4,  9, 14, s14, s15)
#define BLAKE_APPLY(m, args) m args

/* The same data as tables, for the rolled rounds of compact/:
 * the ten sigma rows in one initialiser, and the state words (a, b, c, d)
 * of G0..G7 (as in BLAKE_ROUND) four by four. */
#define BLAKE_ID(...) __VA_ARGS__
#define BLAKE_SIGMA_TABLE {                                                   \
    BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA0), BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA1), \
    BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA2), BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA3), \
    BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA4), BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA5), \
    BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA6), BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA7), \
    BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA8), BLAKE_APPLY(BLAKE_ID, BLAKE_SIGMA9) }
#define BLAKE_GWORDS_TABLE {                                                  \
    0, 4,  8, 12,  1, 5,  9, 13,  2, 6, 10, 14,  3, 7, 11, 15,                \
    0, 5, 10, 15,  1, 6, 11, 12,  2, 7,  8, 13,  3, 4,  9, 14 }

#endif
