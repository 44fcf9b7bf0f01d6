/*
 * groestl_perm.h -- the permutations P and Q and the compression functions
 * of the 64-bit column implementations, over the implementation's GCOL
 * (see groestl_cols.h).  Section numbers: Groestl specification 2.0.1.
 */
#ifndef HB_GROESTL_PERM_H
#define HB_GROESTL_PERM_H

/* AddRoundConstant (sec. 3.2) from x into the local columns u: P adds
 * (j << 4) ^ i to row 0 of column j; Q complements every byte and adds
 * the same value to row 7.  Into locals, not in place: x[] updated in
 * place was stored as 128-bit vectors and read back as 64-bit columns, a
 * store-forwarding stall per column that made Groestl-256 twice as slow. */
#define GADD_P(u, x, n, i) ((u)[n] = (x)[n] ^ (uint64_t)(((n) << 4) ^ (i)))
#define GADD_Q(u, x, n, i) ((u)[n] = (x)[n] ^ ~((uint64_t)(((n) << 4) ^ (i)) << 56))
#define GADD8(K, u, x, i) do { \
        K(u, x, 0, i); K(u, x, 1, i); K(u, x, 2, i); K(u, x, 3, i); \
        K(u, x, 4, i); K(u, x, 5, i); K(u, x, 6, i); K(u, x, 7, i); \
    } while (0)
#define GADD16(K, u, x, i) do { \
        GADD8(K, u, x, i); \
        K(u, x, 8, i); K(u, x, 9, i); K(u, x, 10, i); K(u, x, 11, i); \
        K(u, x, 12, i); K(u, x, 13, i); K(u, x, 14, i); K(u, x, 15, i); \
    } while (0)

/* d = one round's SubBytes + ShiftBytes + MixBytes of a, the columns
 * written out: in a loop over j the wrapped indices (j + s_r) & m cost
 * eight more instructions per column, and Groestl-256 ran 1.33x sphlib's
 * time on x86-64 */
#define GCOLS8(d, a, s0, s1, s2, s3, s4, s5, s6, s7) do { \
        (d)[0] = GCOL(a, 7, 0, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[1] = GCOL(a, 7, 1, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[2] = GCOL(a, 7, 2, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[3] = GCOL(a, 7, 3, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[4] = GCOL(a, 7, 4, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[5] = GCOL(a, 7, 5, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[6] = GCOL(a, 7, 6, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[7] = GCOL(a, 7, 7, s0, s1, s2, s3, s4, s5, s6, s7); \
    } while (0)
#define GCOLS16(d, a, s0, s1, s2, s3, s4, s5, s6, s7) do { \
        (d)[0] = GCOL(a, 15, 0, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[1] = GCOL(a, 15, 1, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[2] = GCOL(a, 15, 2, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[3] = GCOL(a, 15, 3, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[4] = GCOL(a, 15, 4, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[5] = GCOL(a, 15, 5, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[6] = GCOL(a, 15, 6, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[7] = GCOL(a, 15, 7, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[8] = GCOL(a, 15, 8, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[9] = GCOL(a, 15, 9, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[10] = GCOL(a, 15, 10, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[11] = GCOL(a, 15, 11, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[12] = GCOL(a, 15, 12, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[13] = GCOL(a, 15, 13, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[14] = GCOL(a, 15, 14, s0, s1, s2, s3, s4, s5, s6, s7); \
        (d)[15] = GCOL(a, 15, 15, s0, s1, s2, s3, s4, s5, s6, s7); \
    } while (0)

/* ShiftBytes offsets (sec. 3.3): P512 0..7, Q512 1,3,5,7,0,2,4,6;
 * P1024 0..6,11, Q1024 1,3,5,11,0,2,4,6 */
static void perm_p512(uint64_t x[8])
{
    uint64_t u[8];
    unsigned i;
    for (i = 0; i < 10; i++) {
        GADD8(GADD_P, u, x, i);
        GCOLS8(x, u, 0, 1, 2, 3, 4, 5, 6, 7);
    }
}

static void perm_p1024(uint64_t x[16])
{
    uint64_t u[16];
    unsigned i;
    for (i = 0; i < 14; i++) {
        GADD16(GADD_P, u, x, i);
        GCOLS16(x, u, 0, 1, 2, 3, 4, 5, 6, 11);
    }
}

#ifdef GR_PQ_TOGETHER
/* P(y) and Q(z) round by round in one loop: the two are independent, and a
 * round of each side by side gives an out-of-order CPU twice the table
 * lookups to overlap (x86-64, Groestl-256 at 1 KiB: 3 % less time,
 * Groestl-512 10 %).  An implementation asks for it by defining
 * GR_PQ_TOGETHER: on an in-order core it is only more code (Cortex-M4,
 * tables8: 2 % more cycles, 5 KB more flash). */
static void perm_pq512(uint64_t y[8], uint64_t z[8])
{
    uint64_t u[8], v[8];
    unsigned i;
    for (i = 0; i < 10; i++) {
        GADD8(GADD_P, u, y, i);
        GADD8(GADD_Q, v, z, i);
        GCOLS8(y, u, 0, 1, 2, 3, 4, 5, 6, 7);
        GCOLS8(z, v, 1, 3, 5, 7, 0, 2, 4, 6);
    }
}

static void perm_pq1024(uint64_t y[16], uint64_t z[16])
{
    uint64_t u[16], v[16];
    unsigned i;
    for (i = 0; i < 14; i++) {
        GADD16(GADD_P, u, y, i);
        GADD16(GADD_Q, v, z, i);
        GCOLS16(y, u, 0, 1, 2, 3, 4, 5, 6, 11);
        GCOLS16(z, v, 1, 3, 5, 11, 0, 2, 4, 6);
    }
}
#else
static void perm_q512(uint64_t x[8])
{
    uint64_t u[8];
    unsigned i;
    for (i = 0; i < 10; i++) {
        GADD8(GADD_Q, u, x, i);
        GCOLS8(x, u, 1, 3, 5, 7, 0, 2, 4, 6);
    }
}

static void perm_q1024(uint64_t x[16])
{
    uint64_t u[16];
    unsigned i;
    for (i = 0; i < 14; i++) {
        GADD16(GADD_Q, u, x, i);
        GCOLS16(x, u, 1, 3, 5, 11, 0, 2, 4, 6);
    }
}

#define perm_pq512(y, z) (perm_p512(y), perm_q512(z))
#define perm_pq1024(y, z) (perm_p1024(y), perm_q1024(z))
#endif

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
        perm_pq512(y, z);
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
        perm_pq1024(y, z);
        for (j = 0; j < 16; j++) h[j] ^= y[j] ^ z[j];
        blk += 128;
    }
}

#endif
