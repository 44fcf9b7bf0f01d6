/*
 * luffa_mi.h (passes/) -- Luffa's message injection MI_w (included by
 * ../luffa.c, which the build finds on the form's include path).
 */
#ifndef HB_LUFFA_MI_H
#define HB_LUFFA_MI_H

/* d = x s ^ a ^ b in GF(2^32)^8 modulo x^8 + x^4 + x^3 + x + 1 (spec
 * 3.2; word 0 holds the constant coefficient), one pass, written out.
 * Descending order, each word read before it is written, so d may be s,
 * a or b.  MUL2X: without b; MUL2: d = x s. */
#define MUL2X2(d, s, a, b) do {                                                   \
        uint32_t t_ = (s)[7];                                                      \
        (d)[7] = (s)[6] ^ (a)[7] ^ (b)[7]; (d)[6] = (s)[5] ^ (a)[6] ^ (b)[6];      \
        (d)[5] = (s)[4] ^ (a)[5] ^ (b)[5]; (d)[4] = (s)[3] ^ t_ ^ (a)[4] ^ (b)[4]; \
        (d)[3] = (s)[2] ^ t_ ^ (a)[3] ^ (b)[3]; (d)[2] = (s)[1] ^ (a)[2] ^ (b)[2]; \
        (d)[1] = (s)[0] ^ t_ ^ (a)[1] ^ (b)[1]; (d)[0] = t_ ^ (a)[0] ^ (b)[0];     \
    } while (0)
#define MUL2X3(d, s, a, b, c) do {                                                \
        uint32_t t_ = (s)[7];                                                      \
        (d)[7] = (s)[6] ^ (a)[7] ^ (b)[7] ^ (c)[7];                                \
        (d)[6] = (s)[5] ^ (a)[6] ^ (b)[6] ^ (c)[6];                                \
        (d)[5] = (s)[4] ^ (a)[5] ^ (b)[5] ^ (c)[5];                                \
        (d)[4] = (s)[3] ^ t_ ^ (a)[4] ^ (b)[4] ^ (c)[4];                           \
        (d)[3] = (s)[2] ^ t_ ^ (a)[3] ^ (b)[3] ^ (c)[3];                           \
        (d)[2] = (s)[1] ^ (a)[2] ^ (b)[2] ^ (c)[2];                                \
        (d)[1] = (s)[0] ^ t_ ^ (a)[1] ^ (b)[1] ^ (c)[1];                           \
        (d)[0] = t_ ^ (a)[0] ^ (b)[0] ^ (c)[0];                                    \
    } while (0)
#define MUL2X(d, s, a) do {                                                       \
        uint32_t t_ = (s)[7];                                                      \
        (d)[7] = (s)[6] ^ (a)[7]; (d)[6] = (s)[5] ^ (a)[6];                        \
        (d)[5] = (s)[4] ^ (a)[5]; (d)[4] = (s)[3] ^ t_ ^ (a)[4];                   \
        (d)[3] = (s)[2] ^ t_ ^ (a)[3]; (d)[2] = (s)[1] ^ (a)[2];                   \
        (d)[1] = (s)[0] ^ t_ ^ (a)[1]; (d)[0] = t_ ^ (a)[0];                       \
    } while (0)
#define MUL2(d, s) do {                                                           \
        uint32_t t_ = (s)[7];                                                      \
        (d)[7] = (s)[6]; (d)[6] = (s)[5]; (d)[5] = (s)[4]; (d)[4] = (s)[3] ^ t_;   \
        (d)[3] = (s)[2] ^ t_; (d)[2] = (s)[1]; (d)[1] = (s)[0] ^ t_; (d)[0] = t_;  \
    } while (0)

/* s = s / x, the inverse of MUL2, in place */
#define DIV2(s) do {                                                              \
        uint32_t t_ = (s)[0];                                                      \
        (s)[0] = (s)[1] ^ t_; (s)[1] = (s)[2]; (s)[2] = (s)[3] ^ t_;               \
        (s)[3] = (s)[4] ^ t_; (s)[4] = (s)[5]; (s)[5] = (s)[6]; (s)[6] = (s)[7];   \
        (s)[7] = t_;                                                               \
    } while (0)

/*
 * Message injection MI_w (spec 3.2.1-3.2.3) in as few passes over the
 * state as the algebra allows (one pass per operation of the
 * specification costs a load and a store per word each time):
 *   every V_j gets t = 2 (V_0 ^ ... ^ V_{w-1}); then
 *   w = 4: the ring V_j <- 2 V_j ^ V_{j-1} (V_{-1} = V_3), which on the
 *     V_j ^ t is 2 V_j ^ V_{j-1} ^ u, u = 2 t ^ t;
 *   w = 5: the ring V_j <- 2 V_j ^ V_{j+1} (V_5 = V_0), likewise with u,
 *     then the ring V_j <- 2 V_j ^ V_{j-1};
 *   last V_j ^= 2^j M, folded into the last pass over V_j.
 * luffa_mi3 (w = 3) doubles M in place.
 */
static void luffa_mi3(uint32_t V[5][8], uint32_t *M)
{
    uint32_t t[8];
    unsigned i, j;
    for (i = 0; i < 8; i++) t[i] = V[0][i] ^ V[1][i] ^ V[2][i];
    MUL2(t, t);
    for (j = 0; j < 3; j++) {
        for (i = 0; i < 8; i++) V[j][i] ^= t[i] ^ M[i];
        MUL2(M, M);
    }
}

/* w = 4 or 5 (a function of its own: the w = 3 path beside these in one
 * function was not inlined, and Luffa-256 ran 2-5% slower) */
static void luffa_mi45(uint32_t V[5][8], unsigned w, uint32_t *M)
{
    uint32_t t[8], b[8];
    unsigned i, j;
    for (i = 0; i < 8; i++) {
        t[i] = V[0][i] ^ V[1][i] ^ V[2][i] ^ V[3][i];
        if (w > 4) t[i] ^= V[4][i];
    }
    MUL2(t, t);
    MUL2X(t, t, t);   /* now u = 2 t ^ t */
    if (w == 4) {
        /* descending, each V_{j-1} still the old one; V_0 takes the old V_3;
         * 2^j M folded into the same pass (M doubled to 2^3 M, then halved:
         * a separate pass of V_j ^= M read M with vector loads just after
         * MUL2 stored it word by word, a store-forwarding stall on x86-64
         * that made Luffa-384 1.15x sphlib) */
        for (i = 0; i < 8; i++) b[i] = V[3][i];
        MUL2(M, M); MUL2(M, M); MUL2(M, M);
        for (j = 3; j > 0; j--) {
            MUL2X3(V[j], V[j], V[j - 1], t, M);
            DIV2(M);
        }
        MUL2X3(V[0], V[0], b, t, M);
        return;
    }
    /* w == 5: the first ring ascending, V_0's new value in b until V_4 has
     * read the old one; the second ring descending, with the message: M,
     * then 2^4 M, halved for each V_j after (M itself, doubled and halved
     * in place: the 8051's stack is 256 bytes) */
    MUL2X2(b, V[0], V[1], t);
    for (j = 1; j < 4; j++) MUL2X2(V[j], V[j], V[j + 1], t);
    MUL2X2(V[4], V[4], V[0], t);
    MUL2X2(V[0], b, V[4], M);
    MUL2(M, M); MUL2(M, M); MUL2(M, M); MUL2(M, M);
    for (j = 4; j > 1; j--) {
        MUL2X2(V[j], V[j], V[j - 1], M);
        DIV2(M);
    }
    MUL2X2(V[1], V[1], b, M);
}

/* MI_w for w = 3, 4, 5 */
static void luffa_mi(uint32_t V[5][8], unsigned w, uint32_t *M)
{
    if (w == 3) luffa_mi3(V, M);
    else luffa_mi45(V, w, M);
}

#endif
