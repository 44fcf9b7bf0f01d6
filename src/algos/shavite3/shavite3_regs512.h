/* shavite3_regs512.h -- C512 of the `regs` form (see shavite3_regs.h):
 * 32 key words in eight slots, the rounds written out.  Included by
 * regs/shavite3_512.c before shavite3_c512.h, which then leaves out its
 * chunked compression function (SV_OWN_COMPRESS). */
#ifndef HB_SHAVITE3_REGS512_H
#define HB_SHAVITE3_REGS512_H
#include "shavite3_regs.h"

#define SV_OWN_COMPRESS

/* the column orders of the AES rounds (SV_NL, SV_AES_X of
 * shavite3_regs.h) and the order of the XORs of the nonlinear step's words
 * into x: any order is correct, and of 120 random orders of the three
 * these left avr-gcc 5.4 the fewest spills (C512 95,481 to 97,700 cycles a
 * call on the ATmega1281 at -O2, 96,209 all in column order); on the
 * Cortex-M4 a 64-byte message takes 93 fewer modelled cycles with them */
#define SV512_NL_ORDER(m, s) m(1, s) m(0, s) m(3, s) m(2, s)
#define SV512_AES_ORDER(m) m(2) m(3) m(1) m(0)
#define SV512_AES_X SV_AES_X(SV512_AES_ORDER)

/* The key groups of round n are made in place, slot by slot, from the
 * groups of round n - 1: by the nonlinear step in the odd rounds, by the
 * linear step rk[i] = rk[i-32] ^ rk[i-7] in the even ones (round 0 reads
 * the message).  SV512_GEN_<kind>(s, ps, pps, xk, R) makes slot s, the two
 * slots before it being ps and pps, and XORs each word into the AES input
 * x as soon as it is made (SV_XK_F, SV_XK_N of shavite3_regs.h: fewer
 * values live at once, which on the AVR is fewer spills). */
#define SV512_GEN_MSG(s, ps, pps, xk, R, q) SV_LOAD_XK(s, xk, R)
#define SV512_GEN_NL(s, ps, pps, xk, R, q) do { \
        SV_NL(s, ps, SV512_NL_ORDER); \
        if (SV512_INJ_##q(s)) SV512_CNT##s; \
        SV_XK_##xk(s, 2, R); SV_XK_##xk(s, 0, R); SV_XK_##xk(s, 1, R); SV_XK_##xk(s, 3, R); \
    } while (0)
#define SV512_GEN_LIN(s, ps, pps, xk, R, q) do { \
        SV_K(s, 0) ^= SV_K(pps, 1); SV_XK_##xk(s, 0, R); \
        SV_K(s, 1) ^= SV_K(pps, 2); SV_XK_##xk(s, 1, R); \
        SV_K(s, 2) ^= SV_K(pps, 3); SV_XK_##xk(s, 2, R); \
        SV_K(s, 3) ^= SV_K(ps, 0); SV_XK_##xk(s, 3, R); \
    } while (0)

/* The counter enters rk[32], rk[164], rk[316] and rk[440] of the
 * specification: slot 0 of round 1, slot 1 of round 5, slot 7 of round 9,
 * slot 6 of round 13, each slot with its own order of the counter words;
 * inj names the slot of the round being made (8: none). */
#define SV512_CNT0 { SV_K(0, 0) ^= c0; SV_K(0, 1) ^= c1; SV_K(0, 2) ^= c2; SV_K(0, 3) ^= ~c3; }
#define SV512_CNT1 { SV_K(1, 0) ^= c3; SV_K(1, 1) ^= c2; SV_K(1, 2) ^= c1; SV_K(1, 3) ^= ~c0; }
#define SV512_CNT2 { }
#define SV512_CNT3 { }
#define SV512_CNT4 { }
#define SV512_CNT5 { }
#define SV512_CNT6 { SV_K(6, 0) ^= c1; SV_K(6, 1) ^= c0; SV_K(6, 2) ^= c3; SV_K(6, 3) ^= ~c2; }
#define SV512_CNT7 { SV_K(7, 0) ^= c2; SV_K(7, 1) ^= c3; SV_K(7, 2) ^= c0; SV_K(7, 3) ^= ~c1; }

/* one round on (A, B, C, D) (name prefixes of the state's quarters), its
 * keys made by the step `kind`: A ^= F4(B) keyed by slots 0-3, C ^= F4(D)
 * by slots 4-7; the caller rotates the names */
#define SV512_INJ_A(s) ((s) == 0 ? it == 0 : (s) == 1 ? it == 1 : (s) == 7 ? it == 2 : 0)
#define SV512_INJ_B(s) 0
#define SV512_INJ_Z(s) ((s) == 6)
#define SV512_ROUND(kind, q, A, B, C, D) do { \
        uint32_t x0, x1, x2, x3; \
        SV512_GEN_##kind(0, 7, 6, F, B, q); SV512_AES_X; \
        SV512_GEN_##kind(1, 0, 7, N, B, q); SV512_AES_X; \
        SV512_GEN_##kind(2, 1, 0, N, B, q); SV512_AES_X; \
        SV512_GEN_##kind(3, 2, 1, N, B, q); SV512_AES_X; \
        A##0 ^= x0; A##1 ^= x1; A##2 ^= x2; A##3 ^= x3; \
        SV512_GEN_##kind(4, 3, 2, F, D, q); SV512_AES_X; \
        SV512_GEN_##kind(5, 4, 3, N, D, q); SV512_AES_X; \
        SV512_GEN_##kind(6, 5, 4, N, D, q); SV512_AES_X; \
        SV512_GEN_##kind(7, 6, 5, N, D, q); SV512_AES_X; \
        C##0 ^= x0; C##1 ^= x1; C##2 ^= x2; C##3 ^= x3; \
    } while (0)

void hb_shavite3_c512(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    uint32_t k00, k01, k02, k03, k10, k11, k12, k13, k20, k21, k22, k23, k30, k31, k32, k33;
    uint32_t k40, k41, k42, k43, k50, k51, k52, k53, k60, k61, k62, k63, k70, k71, k72, k73;
    uint32_t sa0 = h[0], sa1 = h[1], sa2 = h[2], sa3 = h[3], sb0 = h[4], sb1 = h[5], sb2 = h[6], sb3 = h[7];
    uint32_t sc0 = h[8], sc1 = h[9], sc2 = h[10], sc3 = h[11];
    uint32_t sd0 = h[12], sd1 = h[13], sd2 = h[14], sd3 = h[15];
    uint32_t c0 = cnt[0], c1 = cnt[1], c2 = cnt[2], c3 = cnt[3];
    unsigned it;
    /* after each round (A, B, C, D) <- (D, A, B, C): the names rotate.
     * Rounds 1-12 as three passes of four: the 14 rounds written out were
     * 45 KB of x86-64 code, more than the level-1 instruction cache */
    SV512_ROUND(MSG, B, sa, sb, sc, sd);
    for (it = 0; it < 3; it++) {
        SV512_ROUND(NL, A, sd, sa, sb, sc);
        SV512_ROUND(LIN, B, sc, sd, sa, sb);
        SV512_ROUND(NL, B, sb, sc, sd, sa);
        SV512_ROUND(LIN, B, sa, sb, sc, sd);
    }
    SV512_ROUND(NL, Z, sd, sa, sb, sc);
    /* 14 rounds turned the names by two: (A, B, C, D) = (sc, sd, sa, sb) */
    h[0] ^= sc0; h[1] ^= sc1; h[2] ^= sc2; h[3] ^= sc3;
    h[4] ^= sd0; h[5] ^= sd1; h[6] ^= sd2; h[7] ^= sd3;
    h[8] ^= sa0; h[9] ^= sa1; h[10] ^= sa2; h[11] ^= sa3;
    h[12] ^= sb0; h[13] ^= sb1; h[14] ^= sb2; h[15] ^= sb3;
}

#endif
