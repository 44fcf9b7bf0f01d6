/*
 * luffa_mi.h (small/) -- Luffa's message injection MI_w (included by
 * ../luffa.c, which the build finds on the form's include path).
 */
#ifndef HB_LUFFA_MI_H
#define HB_LUFFA_MI_H

/* One pass per operation of the specification, through two small
 * functions.  ../passes needs more of the 8051's 256-byte stack (luffa_512
 * in the simulator stopped with a stack overflow), and on the ATmega1281 it
 * doubled Luffa's code (6,501 -> 12,971 bytes) for 9% (1,555 -> 1,416 c/B). */
/* multiplication by x in GF(2^32)^8 modulo x^8 + x^4 + x^3 + x + 1
 * (spec 3.2): word 0 holds the constant coefficient */
static void mul2(uint32_t *d, const uint32_t *s)
{
    uint32_t t = s[7];
    d[7] = s[6]; d[6] = s[5]; d[5] = s[4]; d[4] = s[3] ^ t;
    d[3] = s[2] ^ t; d[2] = s[1]; d[1] = s[0] ^ t; d[0] = t;
}

static void xor8(uint32_t *d, const uint32_t *a, const uint32_t *b)
{
    unsigned i;
    for (i = 0; i < 8; i++) d[i] = a[i] ^ b[i];
}

/* message injection MI_w (spec 3.2.1-3.2.3) */
static void luffa_mi(uint32_t V[5][8], unsigned w, uint32_t *M)
{
    uint32_t t[8], b[8];
    unsigned j;
    /* the common part: every V_j gets 2 * (V_0 ^ ... ^ V_{w-1}) */
    xor8(t, V[0], V[1]);
    for (j = 2; j < w; j++) xor8(t, t, V[j]);
    mul2(t, t);
    if (w == 3) {
        /* no feed-forward ring: V_j ^= t ^ 2^j M in one pass over each V_j */
        for (j = 0; j < 3; j++) {
            unsigned i;
            for (i = 0; i < 8; i++) V[j][i] ^= t[i] ^ M[i];
            if (j < 2) mul2(M, M);
        }
        return;
    }
    for (j = 0; j < w; j++) xor8(V[j], V[j], t);
    if (w == 4) {
        /* feed-forward ring: V_j <- 2 V_j ^ V_{j-1}, V_0 <- 2 V_0 ^ V_3 */
        mul2(b, V[0]); xor8(b, b, V[3]);
        for (j = 3; j > 0; j--) { mul2(V[j], V[j]); xor8(V[j], V[j], V[j - 1]); }
        memcpy(V[0], b, sizeof b);
    } else if (w == 5) {
        /* two rings: first V_j <- 2 V_j ^ V_{j+1}, then the other way */
        mul2(b, V[0]); xor8(b, b, V[1]);
        for (j = 1; j < 5; j++) { mul2(V[j], V[j]); xor8(V[j], V[j], V[(j + 1) % 5]); }
        mul2(V[0], b); xor8(V[0], V[0], V[4]);
        for (j = 4; j > 1; j--) { mul2(V[j], V[j]); xor8(V[j], V[j], V[j - 1]); }
        mul2(V[1], V[1]); xor8(V[1], V[1], b);
    }
    /* V_j ^= 2^j M */
    for (j = 0; j < w; j++) {
        xor8(V[j], V[j], M);
        if (j + 1 < w) mul2(M, M);
    }
}

#endif
