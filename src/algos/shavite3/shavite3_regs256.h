/* shavite3_regs256.h -- C256 of the `regs` form (see shavite3_regs.h):
 * 16 key words in four slots, the 12 Feistel rounds written out.
 * Included by regs/shavite3_256.c before shavite3_c256.h, which then
 * leaves out its chunked compression function (SV_OWN_COMPRESS). */
#ifndef HB_SHAVITE3_REGS256_H
#define HB_SHAVITE3_REGS256_H
#include "shavite3_regs.h"

#define SV_OWN_COMPRESS

/* The form's file defines, before it includes this, the orders that
 * suit its compiler (any order is correct): SV256_NL_ORDER(m, s) and
 * SV256_AES_ORDER(m), the column orders of SV_NL and SV_AES_X
 * (shavite3_regs.h), and SV256_XK_ORDER(m, s, R), the order of the XORs of
 * the nonlinear step's words into x (m(s, i, R) each). */

/* group G into slot s, the group before it in slot ps, each word into x
 * as it is made (fewer values live at once, which on the AVR is fewer
 * spills): the message for G < 4, the nonlinear step in the odd chunks
 * (G / 4 odd), else the linear step rk[i] = rk[i-16] ^ rk[i-3]; the
 * counter enters groups 4, 14, 21 and 31 (rk[16], rk[56], rk[84], rk[124]
 * of the specification).  Then the AES round on x.  G is a constant, so
 * each use compiles to one branch of this. */
#define SV256_KR(G, s, ps, kind, R) do { \
        if ((G) < 4) { \
            SV_LOAD_XK(s, kind, R); \
        } else if (((G) >> 2) & 1) { \
            SV_NL(s, ps, SV256_NL_ORDER); \
            if ((G) == 4) { SV_K(s, 0) ^= c0; SV_K(s, 1) ^= ~c1; } \
            else if ((G) == 14) { SV_K(s, 1) ^= c1; SV_K(s, 2) ^= ~c0; } \
            else if ((G) == 21) { SV_K(s, 2) ^= c1; SV_K(s, 3) ^= ~c0; } \
            else if ((G) == 31) { SV_K(s, 0) ^= c0; SV_K(s, 3) ^= ~c1; } \
            SV256_XK_ORDER(SV_XK_##kind, s, R) \
        } else { \
            SV_K(s, 0) ^= SV_K(ps, 1); SV_XK_##kind(s, 0, R); \
            SV_K(s, 1) ^= SV_K(ps, 2); SV_XK_##kind(s, 1, R); \
            SV_K(s, 2) ^= SV_K(ps, 3); SV_XK_##kind(s, 2, R); \
            SV_K(s, 3) ^= SV_K(s, 0); SV_XK_##kind(s, 3, R); \
        } \
        SV_AES_X(SV256_AES_ORDER); \
    } while (0)

/* one Feistel round, L ^= F3(R) (L, R: the name prefixes of two halves of
 * the state): the key groups G, G+1, G+2 in slots a, b, c, the group
 * before G in slot ps */
#define SV256_ROUND(G, ps, a, b, c, L, R) do { \
        uint32_t x0, x1, x2, x3; \
        SV256_KR(G, a, ps, F, R); \
        SV256_KR((G) + 1, b, a, N, R); \
        SV256_KR((G) + 2, c, b, N, R); \
        L##0 ^= x0; L##1 ^= x1; L##2 ^= x2; L##3 ^= x3; \
    } while (0)

void hb_shavite3_c256(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    uint32_t k00, k01, k02, k03, k10, k11, k12, k13, k20, k21, k22, k23, k30, k31, k32, k33;
    uint32_t l0 = h[0], l1 = h[1], l2 = h[2], l3 = h[3], r0 = h[4], r1 = h[5], r2 = h[6], r3 = h[7];
    uint32_t c0 = cnt[0], c1 = cnt[1];
    /* 12 rounds on (L, R) = (l, r), written without swapping the halves;
     * round n reads groups 3n..3n+2, so the slots repeat every 4 rounds */
    SV256_ROUND(0, 3, 0, 1, 2, l, r);
    SV256_ROUND(3, 2, 3, 0, 1, r, l);
    SV256_ROUND(6, 1, 2, 3, 0, l, r);
    SV256_ROUND(9, 0, 1, 2, 3, r, l);
    SV256_ROUND(12, 3, 0, 1, 2, l, r);
    SV256_ROUND(15, 2, 3, 0, 1, r, l);
    SV256_ROUND(18, 1, 2, 3, 0, l, r);
    SV256_ROUND(21, 0, 1, 2, 3, r, l);
    SV256_ROUND(24, 3, 0, 1, 2, l, r);
    SV256_ROUND(27, 2, 3, 0, 1, r, l);
    SV256_ROUND(30, 1, 2, 3, 0, l, r);
    SV256_ROUND(33, 0, 1, 2, 3, r, l);
    h[0] ^= l0; h[1] ^= l1; h[2] ^= l2; h[3] ^= l3;
    h[4] ^= r0; h[5] ^= r1; h[6] ^= r2; h[7] ^= r3;
}

#endif
