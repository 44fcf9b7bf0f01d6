/*
 * bmw_unrolled.h -- f with f0 and f1 written out (bmw/unrolled/): BMW_F_UNROLLED
 * is the body of hb_bmw256_f / hb_bmw512_f, for one source per width that
 * includes bmw_w32.h or bmw_w64.h first.
 */
#ifndef HB_BMW_UNROLLED_H
#define HB_BMW_UNROLLED_H
#include "bmw_core.h"

#define BMW_PRE(i) t[i] = M[i] ^ H[i]; mr[i] = BMW_ROTL(M[i], (i) + 1)

#define BMW_F_UNROLLED                                                                 \
    /* q, mr, t: 256 bytes for BMW-256, the whole of the 8051's pdata                  \
     * stack; static there (HB_SCRATCH) */                                             \
    HB_SCRATCH BMW_W q[32];                                                            \
    HB_SCRATCH BMW_W mr[16];                                                           \
    HB_SCRATCH BMW_W t[16];                                                            \
    BMW_W xl, xh;                                                                      \
    BMW_W even, odd;                                                                   \
    BMW_PRE(0); BMW_PRE(1); BMW_PRE(2); BMW_PRE(3);                                    \
    BMW_PRE(4); BMW_PRE(5); BMW_PRE(6); BMW_PRE(7);                                    \
    BMW_PRE(8); BMW_PRE(9); BMW_PRE(10); BMW_PRE(11);                                  \
    BMW_PRE(12); BMW_PRE(13); BMW_PRE(14); BMW_PRE(15);                                \
    /* f0 (spec 2.2.1): W = a fixed +/- combination of M ^ H, then                     \
     * Q[j] = s_(j mod 5)(W[j]) + H[j+1] */                                            \
    q[0] = BMW_s0(t[5] - t[7] + t[10] + t[13] + t[14]) + H[1];                         \
    q[1] = BMW_s1(t[6] - t[8] + t[11] + t[14] - t[15]) + H[2];                         \
    q[2] = BMW_s2(t[0] + t[7] + t[9] - t[12] + t[15]) + H[3];                          \
    q[3] = BMW_s3(t[0] - t[1] + t[8] - t[10] + t[13]) + H[4];                          \
    q[4] = BMW_s4(t[1] + t[2] + t[9] - t[11] - t[14]) + H[5];                          \
    q[5] = BMW_s0(t[3] - t[2] + t[10] - t[12] + t[15]) + H[6];                         \
    q[6] = BMW_s1(t[4] - t[0] - t[3] - t[11] + t[13]) + H[7];                          \
    q[7] = BMW_s2(t[1] - t[4] - t[5] - t[12] - t[14]) + H[8];                          \
    q[8] = BMW_s3(t[2] - t[5] - t[6] + t[13] - t[15]) + H[9];                          \
    q[9] = BMW_s4(t[0] - t[3] + t[6] - t[7] + t[14]) + H[10];                          \
    q[10] = BMW_s0(t[8] - t[1] - t[4] - t[7] + t[15]) + H[11];                         \
    q[11] = BMW_s1(t[8] - t[0] - t[2] - t[5] + t[9]) + H[12];                          \
    q[12] = BMW_s2(t[1] + t[3] - t[6] - t[9] + t[10]) + H[13];                         \
    q[13] = BMW_s3(t[2] + t[4] + t[7] + t[10] + t[11]) + H[14];                        \
    q[14] = BMW_s4(t[3] - t[5] + t[8] - t[11] - t[12]) + H[15];                        \
    q[15] = BMW_s0(t[12] - t[4] - t[6] - t[9] + t[13]) + H[0];                         \
    /* f1 (spec 2.2.2) */                                                              \
    BMW_E1(16);                                                                        \
    BMW_E1(17);                                                                        \
    even = q[2] + q[4] + q[6] + q[8] + q[10] + q[12];  /* + q[14] - q[0] in E2(18) */  \
    odd = q[3] + q[5] + q[7] + q[9] + q[11] + q[13];                                   \
    even += q[0];                                                                      \
    odd += q[1];                                                                       \
    BMW_E2(18, even); BMW_E2(19, odd);                                                 \
    BMW_E2(20, even); BMW_E2(21, odd);                                                 \
    BMW_E2(22, even); BMW_E2(23, odd);                                                 \
    BMW_E2(24, even); BMW_E2(25, odd);                                                 \
    BMW_E2(26, even); BMW_E2(27, odd);                                                 \
    BMW_E2(28, even); BMW_E2(29, odd);                                                 \
    BMW_E2(30, even); BMW_E2(31, odd);                                                 \
    BMW_F2

#endif
