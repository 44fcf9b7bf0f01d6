/*
 * simd_core.h -- the Feistel part of one SIMD compression, for a fixed
 * number of lanes.  Included twice by simd.c, with SIMD_N = 4 and 8 and
 * SIMD_FN naming the instance, so that every lane loop, rotation and
 * lane permutation below is a compile-time constant (the 36 steps are
 * written out; the four registers change roles instead of moving).
 */

#if SIMD_N == 4
/* lane permutation of step i: j -> j ^ PX(i), PX = 1, 2, 3 by i mod 3 */
#define PX(i) ((i) % 3 == 0 ? 1u : (i) % 3 == 1 ? 2u : 3u)
#else
/* PX = 1, 6, 2, 3, 5, 7, 4 by i mod 7 */
#define PX(i) ((i) % 7 == 0 ? 1u : (i) % 7 == 1 ? 6u : (i) % 7 == 2 ? 2u : \
               (i) % 7 == 3 ? 3u : (i) % 7 == 4 ? 5u : (i) % 7 == 5 ? 7u : 4u)
#endif

#define F_IF(a, b, c) ((((b) ^ (c)) & (a)) ^ (c))
#define F_MAJ(a, b, c) (((a) & (b)) | (((a) | (b)) & (c)))

/* one step: D <- ((D + w + F(A, B, C)) <<< s) + (A <<< r) of lane j ^ x,
 * then A <- A <<< r; the caller renames (D, A, B, C) as the new
 * (A, B, C, D). */
#define SIMD_STEP(A, B, C, D, w, r, s, F, x) do {                             \
        uint32_t t_[SIMD_N];                                                  \
        unsigned j_;                                                          \
        for (j_ = 0; j_ < SIMD_N; j_++) t_[j_] = HB_ROTL32(A[j_], r);         \
        for (j_ = 0; j_ < SIMD_N; j_++) {                                     \
            uint32_t v_ = D[j_] + (w)[j_] + F(A[j_], B[j_], C[j_]);           \
            D[j_] = HB_ROTL32(v_, s) + t_[j_ ^ (x)];                          \
            A[j_] = t_[j_];                                                   \
        }                                                                     \
    } while (0)

/* the 8 steps of round rd with rotations (r, s, t, u) */
#define SIMD_ROUND(rd, r, s, t, u) do {                                       \
        SIMD_STEP(X0, X1, X2, X3, W[8 * rd + 0], r, s, F_IF, PX(8 * rd + 0));   \
        SIMD_STEP(X3, X0, X1, X2, W[8 * rd + 1], s, t, F_IF, PX(8 * rd + 1));   \
        SIMD_STEP(X2, X3, X0, X1, W[8 * rd + 2], t, u, F_IF, PX(8 * rd + 2));   \
        SIMD_STEP(X1, X2, X3, X0, W[8 * rd + 3], u, r, F_IF, PX(8 * rd + 3));   \
        SIMD_STEP(X0, X1, X2, X3, W[8 * rd + 4], r, s, F_MAJ, PX(8 * rd + 4));  \
        SIMD_STEP(X3, X0, X1, X2, W[8 * rd + 5], s, t, F_MAJ, PX(8 * rd + 5));  \
        SIMD_STEP(X2, X3, X0, X1, W[8 * rd + 6], t, u, F_MAJ, PX(8 * rd + 6));  \
        SIMD_STEP(X1, X2, X3, X0, W[8 * rd + 7], u, r, F_MAJ, PX(8 * rd + 7));  \
    } while (0)

/* state S (A, B, C, D rows), block m, expanded y1 = 185 y, y2 = 233 y
 * (32 * SIMD_N values each) */
static void SIMD_FN(const uint8_t *m, const uint16_t *y1, const uint16_t *y2,
                    uint32_t S[4][8])
{
    uint32_t W[32][SIMD_N];
    uint32_t X0[SIMD_N], X1[SIMD_N], X2[SIMD_N], X3[SIMD_N];
    unsigned i, j;

    /* the concatenated code, in step order: word q, lane j.  Z[0..15]
     * pair neighbours 185 y_t, 185 y_(t+1) (t = 2 (q n + j)); Z[16..31]
     * pair 233 y_t with 233 y_(t+N/2) (t = 2 ((q mod 8) n + j), +1 for
     * q >= 24).  The first value is the low half of the word. */
    for (i = 0; i < 32; i++) {
        unsigned q = HB_ROM_U8(SIMD_ZORDER, i);
        if (q < 16) {
            const uint16_t *z = y1 + 2u * q * SIMD_N;
            for (j = 0; j < SIMD_N; j++)
                W[i][j] = z[2 * j] | (uint32_t)z[2 * j + 1] << 16;
        } else {
            const uint16_t *z = y2 + 2u * (q & 7u) * SIMD_N + (q >= 24 ? 1u : 0u);
            for (j = 0; j < SIMD_N; j++)
                W[i][j] = z[2 * j] | (uint32_t)z[2 * j + 16 * SIMD_N] << 16;
        }
    }
    for (j = 0; j < SIMD_N; j++) {
        X0[j] = S[0][j] ^ hb_load32_le(m + 4u * j);
        X1[j] = S[1][j] ^ hb_load32_le(m + 4u * (SIMD_N + j));
        X2[j] = S[2][j] ^ hb_load32_le(m + 4u * (2 * SIMD_N + j));
        X3[j] = S[3][j] ^ hb_load32_le(m + 4u * (3 * SIMD_N + j));
    }
    /* rotation constants of the tweaked version (SIMD 1.1 spec) */
    SIMD_ROUND(0, 3, 23, 17, 27);
    SIMD_ROUND(1, 28, 19, 22, 7);
    SIMD_ROUND(2, 29, 9, 15, 5);
    SIMD_ROUND(3, 4, 13, 10, 25);
    /* feed-forward: the old chaining value as message words, steps 32..35
     * with the rotations of round 3 */
    SIMD_STEP(X0, X1, X2, X3, S[0], 4, 13, F_IF, PX(32));
    SIMD_STEP(X3, X0, X1, X2, S[1], 13, 10, F_IF, PX(33));
    SIMD_STEP(X2, X3, X0, X1, S[2], 10, 25, F_IF, PX(34));
    SIMD_STEP(X1, X2, X3, X0, S[3], 25, 4, F_IF, PX(35));
    for (j = 0; j < SIMD_N; j++) {
        S[0][j] = X0[j];
        S[1][j] = X1[j];
        S[2][j] = X2[j];
        S[3][j] = X3[j];
    }
}

#undef PX
#undef F_IF
#undef F_MAJ
#undef SIMD_STEP
#undef SIMD_ROUND
