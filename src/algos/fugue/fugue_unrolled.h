/*
 * fugue_unrolled.h -- hb_fugue_compress with the main loop unrolled over
 * the constant bases it cycles through (see fugue_smix.h)
 */
#ifndef HB_FUGUE_UNROLLED_H
#define HB_FUGUE_UNROLLED_H

/*
 * The main loop, unrolled over constant bases.  X(n, b, i) is column S_i
 * when S_0 is s[b].  One sub-round at base b is ROR3 (already folded into
 * b by the caller), CMIX, SMIX:
 *   CMIX (n = 30): S0 ^= S4, S1 ^= S5, S2 ^= S6, S15 ^= S4, S16 ^= S5, S17 ^= S6
 *   CMIX (n = 36): the same with S18, S19, S20.
 */
#define FG_X(n, b, i) s[((b) + (i)) % (n)]
#define FG_SUB(n, b, k) do {                                                  \
        uint32_t x0_ = FG_X(n, b, 0) ^ FG_X(n, b, 4);                         \
        uint32_t x1_ = FG_X(n, b, 1) ^ FG_X(n, b, 5);                         \
        uint32_t x2_ = FG_X(n, b, 2) ^ FG_X(n, b, 6);                         \
        uint32_t x3_ = FG_X(n, b, 3);                                         \
        FG_X(n, b, k) ^= FG_X(n, b, 4);                                       \
        FG_X(n, b, (k) + 1) ^= FG_X(n, b, 5);                                 \
        FG_X(n, b, (k) + 2) ^= FG_X(n, b, 6);                                 \
        FG_SMIX(x0_, x1_, x2_, x3_);                                          \
        FG_X(n, b, 0) = x0_; FG_X(n, b, 1) = x1_;                             \
        FG_X(n, b, 2) = x2_; FG_X(n, b, 3) = x3_;                             \
    } while (0)

/* R for Fugue-224/256: TIX (S10 ^= S0; S0 = I; S8 ^= S0; S1 ^= S24), then
 * twice ROR3, CMIX, SMIX.  The base moves back by 6 columns per word. */
#define FG_R256(b, w) do {                                                    \
        FG_X(30, b, 10) ^= FG_X(30, b, 0);                                    \
        FG_X(30, b, 0) = (w);                                                 \
        FG_X(30, b, 8) ^= FG_X(30, b, 0);                                     \
        FG_X(30, b, 1) ^= FG_X(30, b, 24);                                    \
        FG_SUB(30, (b) + 27, 15);                                             \
        FG_SUB(30, (b) + 24, 15);                                             \
    } while (0)

/* Fugue-384: TIX (S16 ^= S0; S0 = I; S8 ^= S0; S1 ^= S27; S4 ^= S30),
 * then 3 x (ROR3, CMIX, SMIX): the base moves back by 9 */
#define FG_R384(b, w) do {                                                    \
        FG_X(36, b, 16) ^= FG_X(36, b, 0);                                    \
        FG_X(36, b, 0) = (w);                                                 \
        FG_X(36, b, 8) ^= FG_X(36, b, 0);                                     \
        FG_X(36, b, 1) ^= FG_X(36, b, 27);                                    \
        FG_X(36, b, 4) ^= FG_X(36, b, 30);                                    \
        FG_SUB(36, (b) + 33, 18);                                             \
        FG_SUB(36, (b) + 30, 18);                                             \
        FG_SUB(36, (b) + 27, 18);                                             \
    } while (0)

/* Fugue-512: TIX (S22 ^= S0; S0 = I; S8 ^= S0; S1 ^= S24; S4 ^= S27;
 * S7 ^= S30), then 4 x (ROR3, CMIX, SMIX): the base moves back by 12 */
#define FG_R512(b, w) do {                                                    \
        FG_X(36, b, 22) ^= FG_X(36, b, 0);                                    \
        FG_X(36, b, 0) = (w);                                                 \
        FG_X(36, b, 8) ^= FG_X(36, b, 0);                                     \
        FG_X(36, b, 1) ^= FG_X(36, b, 24);                                    \
        FG_X(36, b, 4) ^= FG_X(36, b, 27);                                    \
        FG_X(36, b, 7) ^= FG_X(36, b, 30);                                    \
        FG_SUB(36, (b) + 33, 18);                                             \
        FG_SUB(36, (b) + 30, 18);                                             \
        FG_SUB(36, (b) + 27, 18);                                             \
        FG_SUB(36, (b) + 24, 18);                                             \
    } while (0)

/* n words from base b, falling through the unrolled bases in their order
 * (no dispatch per word); each returns the new base */
#define FG_WORD(R, bb) \
    if (!n) return bb; \
    R(bb, hb_load32_be(in)); \
    in += 4; \
    n--

static unsigned fg_words256(uint32_t *s, unsigned b, const uint8_t *in, size_t n)
{
    for (;; b = 0) {
        switch (b) {
        case 0: FG_WORD(FG_R256, 0); /* fall through */
        case 24: FG_WORD(FG_R256, 24); /* fall through */
        case 18: FG_WORD(FG_R256, 18); /* fall through */
        case 12: FG_WORD(FG_R256, 12); /* fall through */
        default: FG_WORD(FG_R256, 6);
        }
    }
}

static unsigned fg_words384(uint32_t *s, unsigned b, const uint8_t *in, size_t n)
{
    for (;; b = 0) {
        switch (b) {
        case 0: FG_WORD(FG_R384, 0); /* fall through */
        case 27: FG_WORD(FG_R384, 27); /* fall through */
        case 18: FG_WORD(FG_R384, 18); /* fall through */
        default: FG_WORD(FG_R384, 9);
        }
    }
}

static unsigned fg_words512(uint32_t *s, unsigned b, const uint8_t *in, size_t n)
{
    for (;; b = 0) {
        switch (b) {
        case 0: FG_WORD(FG_R512, 0); /* fall through */
        case 24: FG_WORD(FG_R512, 24); /* fall through */
        default: FG_WORD(FG_R512, 12);
        }
    }
}

void hb_fugue_compress(void *st, const uint8_t *in, size_t n) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)st;
    unsigned b;
    if (c->nr == 2) b = fg_words256(c->s, c->base, in, n);
    else if (c->nr == 3) b = fg_words384(c->s, c->base, in, n);
    else b = fg_words512(c->s, c->base, in, n);
    c->base = (uint8_t)b;
}

#endif
