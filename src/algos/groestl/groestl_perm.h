/*
 * groestl_perm.h -- the permutations P and Q and the compression functions
 * of the 64-bit column implementations, over the implementation's GCOL
 * (see groestl_cols.h).  Section numbers: Groestl specification 2.0.1.
 */
#ifndef HB_GROESTL_PERM_H
#define HB_GROESTL_PERM_H

/* AddRoundConstant (sec. 3.2): P adds (j << 4) ^ i to row 0 of column j;
 * Q complements every byte and adds the same value to row 7. */
#define ADD_P(a, C, i) do { unsigned j_; \
        for (j_ = 0; j_ < (C); j_++) (a)[j_] ^= (uint64_t)((j_ << 4) ^ (i)); } while (0)
#define ADD_Q(a, C, i) do { unsigned j_; \
        for (j_ = 0; j_ < (C); j_++) (a)[j_] ^= ~((uint64_t)((j_ << 4) ^ (i)) << 56); } while (0)

/* ShiftBytes offsets (sec. 3.3): P512 0..7, Q512 1,3,5,7,0,2,4,6;
 * P1024 0..6,11, Q1024 1,3,5,11,0,2,4,6 */
static void perm_p512(uint64_t x[8])
{
    uint64_t t[8];
    unsigned i, j;
    for (i = 0; i < 10; i += 2) {
        ADD_P(x, 8, i);
        for (j = 0; j < 8; j++) t[j] = GCOL(x, 7, j, 0, 1, 2, 3, 4, 5, 6, 7);
        ADD_P(t, 8, i + 1);
        for (j = 0; j < 8; j++) x[j] = GCOL(t, 7, j, 0, 1, 2, 3, 4, 5, 6, 7);
    }
}

static void perm_q512(uint64_t x[8])
{
    uint64_t t[8];
    unsigned i, j;
    for (i = 0; i < 10; i += 2) {
        ADD_Q(x, 8, i);
        for (j = 0; j < 8; j++) t[j] = GCOL(x, 7, j, 1, 3, 5, 7, 0, 2, 4, 6);
        ADD_Q(t, 8, i + 1);
        for (j = 0; j < 8; j++) x[j] = GCOL(t, 7, j, 1, 3, 5, 7, 0, 2, 4, 6);
    }
}

static void perm_p1024(uint64_t x[16])
{
    uint64_t t[16];
    unsigned i, j;
    for (i = 0; i < 14; i += 2) {
        ADD_P(x, 16, i);
        for (j = 0; j < 16; j++) t[j] = GCOL(x, 15, j, 0, 1, 2, 3, 4, 5, 6, 11);
        ADD_P(t, 16, i + 1);
        for (j = 0; j < 16; j++) x[j] = GCOL(t, 15, j, 0, 1, 2, 3, 4, 5, 6, 11);
    }
}

static void perm_q1024(uint64_t x[16])
{
    uint64_t t[16];
    unsigned i, j;
    for (i = 0; i < 14; i += 2) {
        ADD_Q(x, 16, i);
        for (j = 0; j < 16; j++) t[j] = GCOL(x, 15, j, 1, 3, 5, 11, 0, 2, 4, 6);
        ADD_Q(t, 16, i + 1);
        for (j = 0; j < 16; j++) x[j] = GCOL(t, 15, j, 1, 3, 5, 11, 0, 2, 4, 6);
    }
}

/* f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1) */
void hb_groestl512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *h = (uint64_t *)state, y[8], z[8];
    unsigned j;
    while (n--) {
        for (j = 0; j < 8; j++) {
            z[j] = hb_load64_le(blk + 8 * j);
            y[j] = h[j] ^ z[j];
        }
        perm_p512(y);
        perm_q512(z);
        for (j = 0; j < 8; j++) h[j] ^= y[j] ^ z[j];
        blk += 64;
    }
}

void hb_groestl1024_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *h = (uint64_t *)state, y[16], z[16];
    unsigned j;
    while (n--) {
        for (j = 0; j < 16; j++) {
            z[j] = hb_load64_le(blk + 8 * j);
            y[j] = h[j] ^ z[j];
        }
        perm_p1024(y);
        perm_q1024(z);
        for (j = 0; j < 16; j++) h[j] ^= y[j] ^ z[j];
        blk += 128;
    }
}

#endif
