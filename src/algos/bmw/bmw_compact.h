/*
 * bmw_compact.h -- f with f0 and f1 as loops (bmw/compact/, and BMW-224/256
 * of bmw/tiny/): about a third of the code of the unrolled form on AVR,
 * ~3x slower on x86-64.  BMW_F_COMPACT is the body of hb_bmw256_f /
 * hb_bmw512_f, for one source per width that includes bmw_w32.h or
 * bmw_w64.h first.
 */
#ifndef HB_BMW_LOOPS_H
#define HB_BMW_LOOPS_H
#include "bmw_core.h"

static HB_ROM uint8_t BMW_F0[16][5] = BMW_F0_DATA;

#define BMW_CROTL(x, n) BMW_ROTL(x, n)
#define BMW_CS4(x) BMW_s4(x)
#define BMW_CS5(x) BMW_s5(x)
#define BMW_CADD(j) BMW_ADD(j)

static BMW_W BMW_SFN(unsigned i, BMW_W x)
{
    switch (i) {
    case 0: return BMW_s0(x);
    case 1: return BMW_s1(x);
    case 2: return BMW_s2(x);
    case 3: return BMW_s3(x);
    case 4: return BMW_s4(x);
    default: return BMW_s5(x);
    }
}

#define BMW_F_COMPACT                                                                              \
    /* q, mr, t: 256 bytes for BMW-256, the whole of the 8051's pdata                              \
     * stack; static there (HB_SCRATCH) */                                                         \
    HB_SCRATCH BMW_W q[32];                                                                        \
    HB_SCRATCH BMW_W mr[16];                                                                       \
    HB_SCRATCH BMW_W t[16];                                                                        \
    BMW_W xl, xh;                                                                                  \
    /* f0 and f1 as loops (small code for 8-bit targets) */                                        \
    static const unsigned char rr[7] = {BMW_R1, BMW_R2, BMW_R3, BMW_R4, BMW_R5, BMW_R6, BMW_R7};   \
    unsigned i, j, k;                                                                              \
    for (i = 0; i < 16; i++) {                                                                     \
        t[i] = M[i] ^ H[i];                                                                        \
        mr[i] = BMW_CROTL(M[i], i + 1);                                                            \
    }                                                                                              \
    for (j = 0; j < 16; j++) {                                                                     \
        BMW_W w = 0;                                                                               \
        for (k = 0; k < 5; k++) {                                                                  \
            unsigned e = HB_ROM_U8(BMW_F0[j], k);                                                  \
            if (e & 16) w -= t[e & 15];                                                            \
            else w += t[e];                                                                        \
        }                                                                                          \
        q[j] = BMW_SFN(j % 5, w) + H[(j + 1) & 15];                                                \
    }                                                                                              \
    for (j = 16; j < 32; j++) {                                                                    \
        BMW_W w = 0;                                                                               \
        if (j < 18) {                                                                              \
            for (k = 0; k < 16; k++) w += BMW_SFN((k + 1) & 3, q[j - 16 + k]);                     \
        } else {                                                                                   \
            for (k = 0; k < 14; k += 2) w += q[j - 16 + k] + BMW_CROTL(q[j - 15 + k], rr[k / 2]);  \
            w += BMW_CS4(q[j - 2]) + BMW_CS5(q[j - 1]);                                            \
        }                                                                                          \
        q[j] = w + BMW_CADD(j);                                                                    \
    }                                                                                              \
    BMW_F2

#endif
