/* shavite3_regs.h -- the pieces of the `regs` form of SHAvite-3 (see
 * shavite3_regs256.h, shavite3_regs512.h): the round keys are made four
 * words (one group) at a time, just before the AES round that reads them,
 * into a window of local variables that holds the last N/4 groups (N = 16
 * words for C256, 32 for C512), and the rounds are written out, so every
 * key word has a constant name the compiler keeps in a register or a
 * fixed stack slot.  The chunked forms instead write each chunk of the
 * expansion to an array and read it back, which on x86-64 costs a load
 * and a store per key word more than this.
 *
 * Naming: key group slot s holds words k<s>0..k<s>3; SV_K(s, i) is word i
 * of slot s.  The group G (round-key words 4G..4G+3) lives in slot
 * G mod (N/4), so it overwrites G - N/4, the group it is made from. */
#ifndef HB_SHAVITE3_REGS_H
#define HB_SHAVITE3_REGS_H

#include "shavite3.h"
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

#define SV_K(s, i) k##s##i

/* nonlinear step: slot s (holding group G - N/4) becomes the AES round
 * (key 0) of its words rotated by one, XOR the group before (slot ps).
 * ORDER(m, s) names the order of the four output columns, m(c, s) each:
 * any order is correct, and which one leaves a compiler the fewest spills
 * differs (shavite3_regs256.h, shavite3_regs512.h) */
#define SV_NL(s, ps, ORDER) do { \
        uint32_t y0, y1, y2, y3; \
        ORDER(SV_NL_Y, s) \
        SV_K(s, 0) = y0 ^ SV_K(ps, 0); \
        SV_K(s, 1) = y1 ^ SV_K(ps, 1); \
        SV_K(s, 2) = y2 ^ SV_K(ps, 2); \
        SV_K(s, 3) = y3 ^ SV_K(ps, 3); \
    } while (0)
#define SV_NL_Y(c, s) SV_NL_Y##c(s);
#define SV_NL_Y0(s) y0 = HB_AES_COL(SV_K(s, 1), SV_K(s, 2), SV_K(s, 3), SV_K(s, 0))
#define SV_NL_Y1(s) y1 = HB_AES_COL(SV_K(s, 2), SV_K(s, 3), SV_K(s, 0), SV_K(s, 1))
#define SV_NL_Y2(s) y2 = HB_AES_COL(SV_K(s, 3), SV_K(s, 0), SV_K(s, 1), SV_K(s, 2))
#define SV_NL_Y3(s) y3 = HB_AES_COL(SV_K(s, 0), SV_K(s, 1), SV_K(s, 2), SV_K(s, 3))

/* x_i, the AES input of a keyed round, XOR key word i of slot s, to be
 * written as soon as the word is made: in the first round of F (kind F)
 * x_i = R_i ^ key (R a name prefix), in the others (kind N) x_i ^= key */
#define SV_XK_F(s, i, R) (x##i = R##i ^ SV_K(s, i))
#define SV_XK_N(s, i, R) (x##i ^= SV_K(s, i))

/* slot s from the message block (little-endian words), each word into x
 * as it is read */
#define SV_LOAD_XK(s, kind, R) do { \
        SV_K(s, 0) = hb_load32_le(blk + 16 * (s)); SV_XK_##kind(s, 0, R); \
        SV_K(s, 1) = hb_load32_le(blk + 16 * (s) + 4); SV_XK_##kind(s, 1, R); \
        SV_K(s, 2) = hb_load32_le(blk + 16 * (s) + 8); SV_XK_##kind(s, 2, R); \
        SV_K(s, 3) = hb_load32_le(blk + 16 * (s) + 12); SV_XK_##kind(s, 3, R); \
    } while (0)

/* x0..x3 = the AES round (key 0) of x0..x3, the output columns in the
 * order ORDER(m) names, m(c) each (see SV_NL) */
#define SV_AES_X(ORDER) do { \
        uint32_t y0, y1, y2, y3; \
        ORDER(SV_AES_Y) \
        x0 = y0; x1 = y1; x2 = y2; x3 = y3; \
    } while (0)
#define SV_AES_Y(c) SV_AES_Y##c;
#define SV_AES_Y0 y0 = HB_AES_COL(x0, x1, x2, x3)
#define SV_AES_Y1 y1 = HB_AES_COL(x1, x2, x3, x0)
#define SV_AES_Y2 y2 = HB_AES_COL(x2, x3, x0, x1)
#define SV_AES_Y3 y3 = HB_AES_COL(x3, x0, x1, x2)

#endif
