/* CubeHash rounds, unrolled (the default): see ../impls.toml and cubehash.c */
#include "../cubehash.h"
#include "../../../common/hb_util.h"

/*
 * Rounds on x[0..31] (spec sec. 2: x_{abcde} = x[16a+8b+4c+2d+e]); a = x[0..15],
 * b = x[16..31].  The swaps of the b half (steps 5 and 10) are not done as data
 * moves: b is kept in p with b[i] = p[i ^ m]; m goes 0 -> 2 -> 3 -> 1 -> 0 over
 * two rounds, so a double round uses fixed indices and leaves p == b.  The
 * swaps of the a half (steps 3 and 8) pair up words i and i^8 (or i^4).
 * Each half round is thus eight independent groups {a_i, a_i', p, p'}
 * (two additions, then two words of a), which may run in any order.  The
 * order below, and whether a half round does its additions first or each
 * group start to finish, is what left gcc 12 the fewest spills of the 32
 * words on the Cortex-M4: 468 modelled cycles per double round, against
 * 481 with the groups in index order and 497 with every half round's 16
 * additions first (orders tried against the cortex-m4 cycle model).
 * n must be even.  (Written out by a short script: 16 named words per half,
 * fixed indices.)
 *
 * With blk, nblk blocks: each XORed into a0..a7, then n rounds; without,
 * n rounds once.  The state stays in the named words across the blocks:
 * loading and storing the 32 words and a call per block cost about 300 of
 * a block's 4,300 cycles on the Cortex-M4 (hashbench bench --target
 * cortex-m4 -a cubehash_256).
 */
/* one group's rotation, swap and XOR (steps 2-4 or 7-9): words i and i'
 * of a rotated by r and exchanged, each XORed with its p word */
#define CH_SWAPROT(ai, aj, pi, pj, r) \
    do { u = HB_ROTL32(ai, r); ai = HB_ROTL32(aj, r) ^ (pi); aj = u ^ (pj); } while (0)

static void run(uint32_t *x, const uint8_t *blk, size_t nblk, unsigned n)
{
    uint32_t a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3], a4 = x[4], a5 = x[5], a6 = x[6], a7 = x[7],
        a8 = x[8], a9 = x[9], a10 = x[10], a11 = x[11], a12 = x[12], a13 = x[13], a14 = x[14], a15 = x[15];
    uint32_t p0 = x[16], p1 = x[17], p2 = x[18], p3 = x[19], p4 = x[20], p5 = x[21], p6 = x[22], p7 = x[23],
        p8 = x[24], p9 = x[25], p10 = x[26], p11 = x[27], p12 = x[28], p13 = x[29], p14 = x[30], p15 = x[31];
    uint32_t u;
    unsigned r;
    do {
        if (blk) {
            a0 ^= hb_load32_le(blk); a1 ^= hb_load32_le(blk + 4); a2 ^= hb_load32_le(blk + 8);
            a3 ^= hb_load32_le(blk + 12); a4 ^= hb_load32_le(blk + 16); a5 ^= hb_load32_le(blk + 20);
            a6 ^= hb_load32_le(blk + 24); a7 ^= hb_load32_le(blk + 28);
            blk += 32;
        }
        for (r = n; r; r -= 2) {
            /* round 1, steps 1-4 (m = 0) */
            p3 += a3; p11 += a11; p5 += a5; p13 += a13; p1 += a1; p9 += a9; p6 += a6; p14 += a14;
            p7 += a7; p15 += a15; p4 += a4; p12 += a12; p0 += a0; p8 += a8; p2 += a2; p10 += a10;
            CH_SWAPROT(a3, a11, p3, p11, 7);
            CH_SWAPROT(a5, a13, p5, p13, 7);
            CH_SWAPROT(a1, a9, p1, p9, 7);
            CH_SWAPROT(a6, a14, p6, p14, 7);
            CH_SWAPROT(a7, a15, p7, p15, 7);
            CH_SWAPROT(a4, a12, p4, p12, 7);
            CH_SWAPROT(a0, a8, p0, p8, 7);
            CH_SWAPROT(a2, a10, p2, p10, 7);
            /* steps 5-9 (m = 2) */
            p10 += a8; p14 += a12;
            CH_SWAPROT(a8, a12, p10, p14, 11);
            p11 += a9; p15 += a13;
            CH_SWAPROT(a9, a13, p11, p15, 11);
            p8 += a10; p12 += a14;
            CH_SWAPROT(a10, a14, p8, p12, 11);
            p0 += a2; p4 += a6;
            CH_SWAPROT(a2, a6, p0, p4, 11);
            p2 += a0; p6 += a4;
            CH_SWAPROT(a0, a4, p2, p6, 11);
            p9 += a11; p13 += a15;
            CH_SWAPROT(a11, a15, p9, p13, 11);
            p3 += a1; p7 += a5;
            CH_SWAPROT(a1, a5, p3, p7, 11);
            p1 += a3; p5 += a7;
            CH_SWAPROT(a3, a7, p1, p5, 11);
            /* step 10 (m = 3), round 2 steps 1-4 */
            p1 += a2; p9 += a10;
            CH_SWAPROT(a2, a10, p1, p9, 7);
            p6 += a5; p14 += a13;
            CH_SWAPROT(a5, a13, p6, p14, 7);
            p2 += a1; p10 += a9;
            CH_SWAPROT(a1, a9, p2, p10, 7);
            p3 += a0; p11 += a8;
            CH_SWAPROT(a0, a8, p3, p11, 7);
            p4 += a7; p12 += a15;
            CH_SWAPROT(a7, a15, p4, p12, 7);
            p5 += a6; p13 += a14;
            CH_SWAPROT(a6, a14, p5, p13, 7);
            p0 += a3; p8 += a11;
            CH_SWAPROT(a3, a11, p0, p8, 7);
            p7 += a4; p15 += a12;
            CH_SWAPROT(a4, a12, p7, p15, 7);
            /* steps 5-9 (m = 1), step 10 brings m back to 0 */
            p0 += a1; p4 += a5; p9 += a8; p13 += a12; p8 += a9; p12 += a13; p3 += a2; p7 += a6;
            p11 += a10; p15 += a14; p10 += a11; p14 += a15; p1 += a0; p5 += a4; p2 += a3; p6 += a7;
            CH_SWAPROT(a1, a5, p0, p4, 11);
            CH_SWAPROT(a8, a12, p9, p13, 11);
            CH_SWAPROT(a9, a13, p8, p12, 11);
            CH_SWAPROT(a2, a6, p3, p7, 11);
            CH_SWAPROT(a10, a14, p11, p15, 11);
            CH_SWAPROT(a11, a15, p10, p14, 11);
            CH_SWAPROT(a0, a4, p1, p5, 11);
            CH_SWAPROT(a3, a7, p2, p6, 11);
        }
    } while (--nblk);
    x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3; x[4] = a4; x[5] = a5; x[6] = a6; x[7] = a7;
    x[8] = a8; x[9] = a9; x[10] = a10; x[11] = a11; x[12] = a12; x[13] = a13; x[14] = a14; x[15] = a15;
    x[16] = p0; x[17] = p1; x[18] = p2; x[19] = p3; x[20] = p4; x[21] = p5; x[22] = p6; x[23] = p7;
    x[24] = p8; x[25] = p9; x[26] = p10; x[27] = p11; x[28] = p12; x[29] = p13; x[30] = p14; x[31] = p15;
}

void hb_cubehash_rounds(uint32_t *x, unsigned n) HB_REENTRANT
{
    run(x, 0, 1, n);
}

void hb_cubehash_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    if (n) run((uint32_t *)state, blk, n, 16);
}
