/*
 * simd_core.h -- the message expansion and the Feistel part of one SIMD
 * compression, for a fixed number of lanes.  Included twice by simd.c,
 * with SIMD_N = 4 and 8 and SIMD_XFN / SIMD_FN naming the instances, so
 * that every size, lane loop, rotation and lane permutation below is a
 * compile-time constant (the 36 steps are written out; the four
 * registers change roles instead of moving).
 */

/*
 * Message expansion, part 1: y_i = P(alpha^i) mod 257, i < N = 32n, with
 * P(X) = sum_{j < N/2} m_j X^j + X^(N-1) (+ X^(N-3) in the final block),
 * alpha = 41^s, s = 256/N; then the centred lift to -128..128, stored
 * already multiplied by the two inner-code constants (mod 2^16):
 * y1 = 185 y, y2 = 233 y.
 *
 * Cooley-Tukey with N = R * 16 (R = 16 for N = 256, 8 for N = 128):
 * j = 16 j1 + j2 and i = k1 + R k2 give alpha^(ij) = (alpha^16)^(j1 k1)
 * * alpha^(j2 k1) * (alpha^R)^(j2 k2), where alpha^16 (2 or 4) and
 * alpha^R (= 2) are powers of 2.  So: 16 inner DFTs of size R over j1
 * (half of their inputs are zero), one general multiplication by
 * alpha^(j2 k1) per point, then R outer DFTs of size 16 over j2.  The two
 * X^e terms are inputs j1 = R-1 of the inner DFTs j2 = 15 and j2 = 13.
 */
static void SIMD_XFN(uint16_t *y1, uint16_t *y2, const uint8_t *m, int final)
{
    /* magnitudes (worst case, by interval analysis of the steps below):
     * inner DFT outputs < 2^16, twiddle products <= 2^24, twiddled values
     * < 2^17, outer DFT outputs < 2^21: far inside RED's range */
    int32_t T[16][16];          /* [k1][j2] after the twiddle */
    int32_t v[16];
    const unsigned R = SIMD_N == 4 ? 8u : 16u;
    unsigned j2, k1;

    /* loop bodies over p, written out by SIMD_REPn */
#define X_IN16(p, u) v[p] = m[16u * (p) + j2]; v[(p) + 8] = v[p] * (1 << (p));
#define X_IN8(p, u) v[p] = m[16u * (p) + j2]; v[(p) + 4] = v[p] * (1 << (2 * (p)));
#define X_TW(p, TW, RR)                                                       \
        T[SIMD_BR4(p) >> (RR == 16 ? 0 : 1)][j2] =                            \
            RED(v[p] * (int32_t)HB_ROM_U16(TW, RR * j2 + (p)));
#define X_OUT1(p, u) {                                                        \
            int32_t a_ = T[k1][p], b_ = T[k1][(p) + 8];                       \
            v[p] = a_ + b_;                                                   \
            v[(p) + 8] = (p) ? RED(a_ - b_) * (1 << (p)) : a_ - b_;           \
        }
/* v[p] mod 257 in 0..256 without a division (a library call of some
 * hundreds of cycles on cores without a divider, AVR and Cortex-M0): |v|
 * < 2^21, so RED gives -8191..8447, RED again -32..287, and one conditional
 * add and one conditional subtract of 257 give 0..256 */
#define X_FIN(p, RR) {                                                        \
            int32_t q_ = RED(RED(v[p]));                                      \
            uint32_t r_;                                                      \
            q_ += q_ < 0 ? 257 : 0;                                           \
            r_ = (uint32_t)(q_ >= 257 ? q_ - 257 : q_);                       \
            unsigned i_ = k1 + RR * SIMD_BR4(p);                              \
            y1[i_] = HB_ROM_U16(SIMD_Y185, r_);                               \
            y2[i_] = HB_ROM_U16(SIMD_Y233, r_);                               \
        }

    for (j2 = 0; j2 < 16; j2++) {
        /* the coefficient 1 of X^(N-1), and of X^(N-3) in the final block */
        int32_t e = j2 == 15 || (final && j2 == 13);
#if SIMD_N == 8
        /* first level: v[p+8] = 0 except for e */
        SIMD_REP8(X_IN16, 0)
        v[7] += e;
        v[15] -= e * 128;
        DFT16_TAIL(v);
        SIMD_REP16(X_TW, SIMD_TW256, 16u)
#else
        SIMD_REP4(X_IN8, 0)
        v[3] += e;
        v[7] -= e * 64;
        DFT8_TAIL(v);
        SIMD_REP8(X_TW, SIMD_TW128, 8u)
#endif
    }
    for (k1 = 0; k1 < R; k1++) {
        SIMD_REP8(X_OUT1, 0)                     /* first level of 16 */
        DFT16_TAIL(v);
        SIMD_REP16(X_FIN, R)
    }
#undef X_IN16
#undef X_IN8
#undef X_TW
#undef X_OUT1
#undef X_FIN
}

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

/* M(j, ...) for every lane j */
#if SIMD_N == 4
#define SIMD_LANES SIMD_REP4
#else
#define SIMD_LANES SIMD_REP8
#endif
#define SIMD_ROT_LANE(j, A, r) t_[j] = HB_ROTL32(A[j], r);
#define SIMD_STEP_LANE(j, A, B, C, D, w, s, F, x)                             \
        D[j] = HB_ROTL32(D[j] + (w)[j] + F(A[j], B[j], C[j]), s) + t_[(j) ^ (x)]; \
        A[j] = t_[j];

/* one step: D <- ((D + w + F(A, B, C)) <<< s) + (A <<< r) of lane j ^ x,
 * then A <- A <<< r; the caller renames (D, A, B, C) as the new
 * (A, B, C, D). */
#define SIMD_STEP(A, B, C, D, w, r, s, F, x) do {                             \
        uint32_t t_[SIMD_N];                                                  \
        SIMD_LANES(SIMD_ROT_LANE, A, r)                                       \
        SIMD_LANES(SIMD_STEP_LANE, A, B, C, D, w, s, F, x)                    \
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
        const uint16_t *z;
#define Z_LANE(j, d) W[i][j] = z[2 * (j)] | (uint32_t)z[2 * (j) + (d)] << 16;
        if (q < 16) {
            z = y1 + 2u * q * SIMD_N;
            SIMD_LANES(Z_LANE, 1)
        } else {
            z = y2 + 2u * (q & 7u) * SIMD_N + (q >= 24 ? 1u : 0u);
            SIMD_LANES(Z_LANE, 16 * SIMD_N)
        }
#undef Z_LANE
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
#undef SIMD_LANES
#undef SIMD_ROT_LANE
#undef SIMD_STEP_LANE
#undef SIMD_ROUND
