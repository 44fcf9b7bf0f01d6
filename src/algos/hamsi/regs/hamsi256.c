/* Hamsi-224/256 with the state in sixteen local variables (registers on a
 * 32/64-bit CPU), the rounds of P written out and one 8-bit expansion
 * table per message byte: see ../hamsi_small.h.  On a state array with the
 * S-box in a loop (../hamsi_small_array.h, the 8-bit CPUs' form) every
 * step is a load and a store. */
#define HAMSI_WANT_256
#include "../hamsi_core.h"
#include "../hamsi_tables8.h"

/* One round (spec 2.3): constants (words 4k..4k+3 take alpha 8k..8k+3,
 * word 1 the round number), four S-boxes on the columns, four L */
#define HAMSI_SROUND(alpha, r) do {                                          \
        s0 ^= HB_ROM_U32(alpha, 0);  s1 ^= HB_ROM_U32(alpha, 1) ^ (uint32_t)(r); \
        s2 ^= HB_ROM_U32(alpha, 2);  s3 ^= HB_ROM_U32(alpha, 3);            \
        s4 ^= HB_ROM_U32(alpha, 8);  s5 ^= HB_ROM_U32(alpha, 9);            \
        s6 ^= HB_ROM_U32(alpha, 10); s7 ^= HB_ROM_U32(alpha, 11);           \
        s8 ^= HB_ROM_U32(alpha, 16); s9 ^= HB_ROM_U32(alpha, 17);           \
        sa ^= HB_ROM_U32(alpha, 18); sb ^= HB_ROM_U32(alpha, 19);           \
        sc ^= HB_ROM_U32(alpha, 24); sd ^= HB_ROM_U32(alpha, 25);           \
        se ^= HB_ROM_U32(alpha, 26); sf ^= HB_ROM_U32(alpha, 27);           \
        SBOX(s0, s4, s8, sc); SBOX(s1, s5, s9, sd);                          \
        SBOX(s2, s6, sa, se); SBOX(s3, s7, sb, sf);                          \
        HL(s0, s5, sa, sf); HL(s1, s6, sb, sc);                              \
        HL(s2, s7, s8, sd); HL(s3, s4, s9, se);                              \
    } while (0)

/* the expansion row of message byte k, assigned (op is =) or XORed in */
#define HAMSI_EXP256_ROW(op, k) do {                                         \
        HB_ROM uint32_t *t = HAMSI_EXP256_8[k][blk[k]];                      \
        s0 op HB_ROM_U32(t, 0); s1 op HB_ROM_U32(t, 1);                      \
        s6 op HB_ROM_U32(t, 2); s7 op HB_ROM_U32(t, 3);                      \
        s8 op HB_ROM_U32(t, 4); s9 op HB_ROM_U32(t, 5);                      \
        se op HB_ROM_U32(t, 6); sf op HB_ROM_U32(t, 7);                      \
    } while (0)

/* One block: expansion (spec 2.2.4: the XOR of one table row per message
 * byte, the first row assigned and the four bytes written out; zeroing
 * the words and a loop cost about 30 of a block's 640 instructions on the
 * Cortex-M4), C (spec 2.2.5: m0 m1 c0 c1 c2 c3 m2 m3 m4 m5 c4 c5 c6 c7
 * m6 m7), the rounds (a statement), T and the feed-forward (words 0-3 and
 * 8-11) */
#define HAMSI256_BLOCK(rounds) do { \
        HAMSI_EXP256_ROW(=, 0); HAMSI_EXP256_ROW(^=, 1); \
        HAMSI_EXP256_ROW(^=, 2); HAMSI_EXP256_ROW(^=, 3); \
        s2 = c0; s3 = c1; s4 = c2; s5 = c3; sa = c4; sb = c5; sc = c6; sd = c7; \
        rounds; \
        c0 ^= s0; c1 ^= s1; c2 ^= s2; c3 ^= s3; c4 ^= s8; c5 ^= s9; c6 ^= sa; c7 ^= sb; \
    } while (0)

#define HAMSI256_LOCALS \
    uint32_t c0 = h[0], c1 = h[1], c2 = h[2], c3 = h[3], c4 = h[4], c5 = h[5], c6 = h[6], c7 = h[7]; \
    uint32_t s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, sa, sb, sc, sd, se, sf

#define HAMSI256_STORE \
    h[0] = c0; h[1] = c1; h[2] = c2; h[3] = c3; h[4] = c4; h[5] = c5; h[6] = c6; h[7] = c7

/* P and Pf in functions of their own: one loop holding both (a flag
 * tested per block) cost the Cortex-M4 about 6 cycles per byte of P (the
 * compiler's allocation of the 24 words).  Pf's six rounds stay in a loop:
 * written out they saved 4.4 cycles per byte of a 64-byte message for
 * 2.9 KB more code, more than sphlib's whole Hamsi-256 */
static void hamsi256_p(uint32_t *h, const uint8_t *blk, size_t n)
{
    HAMSI256_LOCALS;
    for (; n; n--, blk += 4)
        HAMSI256_BLOCK(HAMSI_SROUND(HAMSI_ALPHA_N, 0); HAMSI_SROUND(HAMSI_ALPHA_N, 1);
                       HAMSI_SROUND(HAMSI_ALPHA_N, 2));
    HAMSI256_STORE;
}

static void hamsi256_pf(uint32_t *h, const uint8_t *blk)
{
    HAMSI256_LOCALS;
    unsigned r;
    HAMSI256_BLOCK(for (r = 0; r < 6; r++) HAMSI_SROUND(HAMSI_ALPHA_F, r));
    HAMSI256_STORE;
}

static void hamsi256_blocks(uint32_t *h, const uint8_t *blk, size_t n, unsigned last)
{
    if (last) hamsi256_pf(h, blk);
    else hamsi256_p(h, blk, n);
}

#include "../hamsi_small.h"
