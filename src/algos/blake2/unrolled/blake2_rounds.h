/* The unrolled rounds of BLAKE2b and BLAKE2s in unrolled/: every index of
 * the schedule a constant. */
#ifndef HB_BLAKE2_ROUNDS_H
#define HB_BLAKE2_ROUNDS_H
#include "../blake2_common.h"

/* read only with constant indices in the unrolled rounds: folded by the
 * compiler, never stored */
static const uint8_t SIGMA[10 * 16] = SIGMA_DATA;
#define SG(r, k) SIGMA[16 * (r) + (k)]
/* One round over the sixteen working words v0..v15 (locals of the caller)
 * with a G macro of the word size; r must be 0..9.  SG(r, k) folds to a
 * constant. */
#define ROUND(G, r)                                               \
    do {                                                          \
        G(v0, v4, v8,  v12, m[SG(r, 0)],  m[SG(r, 1)]);           \
        G(v1, v5, v9,  v13, m[SG(r, 2)],  m[SG(r, 3)]);           \
        G(v2, v6, v10, v14, m[SG(r, 4)],  m[SG(r, 5)]);           \
        G(v3, v7, v11, v15, m[SG(r, 6)],  m[SG(r, 7)]);           \
        G(v0, v5, v10, v15, m[SG(r, 8)],  m[SG(r, 9)]);           \
        G(v1, v6, v11, v12, m[SG(r, 10)], m[SG(r, 11)]);          \
        G(v2, v7, v8,  v13, m[SG(r, 12)], m[SG(r, 13)]);          \
        G(v3, v4, v9,  v14, m[SG(r, 14)], m[SG(r, 15)]);          \
    } while (0)

#endif
