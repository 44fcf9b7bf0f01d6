/* Hamsi-384/512 with the state in 32 local variables (registers and
 * stack slots the compiler allocates) and the rounds of P written out:
 * see ../hamsi_big.h.  The twelve applications of L per round are spec
 * 2.3.3's: eight on the columns, then four on the diagonals. */
#define HAMSI_WANT_512
#include "../hamsi_core.h"
#include "../hamsi_tables8.h"

/* One round (spec 2.3): constants (word 1 also takes the round number),
 * eight S-boxes on the columns, twelve L */
#define HAMSI_BROUND(alpha, r) do { \
        x00 ^= HB_ROM_U32(alpha, 0); x01 ^= HB_ROM_U32(alpha, 1) ^ (uint32_t)(r); x02 ^= HB_ROM_U32(alpha, 2); x03 ^= HB_ROM_U32(alpha, 3); \
        x04 ^= HB_ROM_U32(alpha, 4); x05 ^= HB_ROM_U32(alpha, 5); x06 ^= HB_ROM_U32(alpha, 6); x07 ^= HB_ROM_U32(alpha, 7); \
        x08 ^= HB_ROM_U32(alpha, 8); x09 ^= HB_ROM_U32(alpha, 9); x0a ^= HB_ROM_U32(alpha, 10); x0b ^= HB_ROM_U32(alpha, 11); \
        x0c ^= HB_ROM_U32(alpha, 12); x0d ^= HB_ROM_U32(alpha, 13); x0e ^= HB_ROM_U32(alpha, 14); x0f ^= HB_ROM_U32(alpha, 15); \
        x10 ^= HB_ROM_U32(alpha, 16); x11 ^= HB_ROM_U32(alpha, 17); x12 ^= HB_ROM_U32(alpha, 18); x13 ^= HB_ROM_U32(alpha, 19); \
        x14 ^= HB_ROM_U32(alpha, 20); x15 ^= HB_ROM_U32(alpha, 21); x16 ^= HB_ROM_U32(alpha, 22); x17 ^= HB_ROM_U32(alpha, 23); \
        x18 ^= HB_ROM_U32(alpha, 24); x19 ^= HB_ROM_U32(alpha, 25); x1a ^= HB_ROM_U32(alpha, 26); x1b ^= HB_ROM_U32(alpha, 27); \
        x1c ^= HB_ROM_U32(alpha, 28); x1d ^= HB_ROM_U32(alpha, 29); x1e ^= HB_ROM_U32(alpha, 30); x1f ^= HB_ROM_U32(alpha, 31); \
        SBOX(x00, x08, x10, x18); SBOX(x01, x09, x11, x19); \
        SBOX(x02, x0a, x12, x1a); SBOX(x03, x0b, x13, x1b); \
        SBOX(x04, x0c, x14, x1c); SBOX(x05, x0d, x15, x1d); \
        SBOX(x06, x0e, x16, x1e); SBOX(x07, x0f, x17, x1f); \
        HL(x00, x09, x12, x1b); HL(x01, x0a, x13, x1c); \
        HL(x02, x0b, x14, x1d); HL(x03, x0c, x15, x1e); \
        HL(x04, x0d, x16, x1f); HL(x05, x0e, x17, x18); \
        HL(x06, x0f, x10, x19); HL(x07, x08, x11, x1a); \
        HL(x00, x02, x05, x07); HL(x10, x13, x15, x16); \
        HL(x09, x0b, x0c, x0e); HL(x19, x1a, x1c, x1f); \
    } while (0)

/* the expansion row of message byte k, assigned (op is =) or XORed in */
#define HAMSI_EXP512_ROW(op, k) do {                                                      \
        HB_ROM uint32_t *t = HAMSI_EXP512_8[k][blk[k]];                                   \
        x00 op HB_ROM_U32(t, 0); x01 op HB_ROM_U32(t, 1);                                 \
        x04 op HB_ROM_U32(t, 2); x05 op HB_ROM_U32(t, 3);                                 \
        x0a op HB_ROM_U32(t, 4); x0b op HB_ROM_U32(t, 5);                                 \
        x0e op HB_ROM_U32(t, 6); x0f op HB_ROM_U32(t, 7);                                 \
        x10 op HB_ROM_U32(t, 8); x11 op HB_ROM_U32(t, 9);                                 \
        x14 op HB_ROM_U32(t, 10); x15 op HB_ROM_U32(t, 11);                               \
        x1a op HB_ROM_U32(t, 12); x1b op HB_ROM_U32(t, 13);                               \
        x1e op HB_ROM_U32(t, 14); x1f op HB_ROM_U32(t, 15);                               \
    } while (0)

/* One block: expansion (spec 2.2.4, the XOR of one table row per message
 * byte, the first row assigned, no zeroing and no loop), C (spec 2.2.5:
 * message word j at position 0, 1, 4, 5, 10, 11, 14, 15, 16, 17, 20, 21,
 * 26, 27, 30, 31), the rounds (a statement) and T with the feed-forward
 * (words 0-7 and 16-23) */
#define HAMSI512_BLOCK(rounds) do { \
        HAMSI_EXP512_ROW(=, 0); HAMSI_EXP512_ROW(^=, 1); HAMSI_EXP512_ROW(^=, 2); \
        HAMSI_EXP512_ROW(^=, 3); HAMSI_EXP512_ROW(^=, 4); HAMSI_EXP512_ROW(^=, 5); \
        HAMSI_EXP512_ROW(^=, 6); HAMSI_EXP512_ROW(^=, 7); \
        x02 = h[0]; x03 = h[1]; x06 = h[2]; x07 = h[3]; x08 = h[4]; x09 = h[5]; x0c = h[6]; x0d = h[7]; \
        x12 = h[8]; x13 = h[9]; x16 = h[10]; x17 = h[11]; x18 = h[12]; x19 = h[13]; x1c = h[14]; x1d = h[15]; \
        rounds; \
        h[0] ^= x00; h[1] ^= x01; h[2] ^= x02; h[3] ^= x03; h[4] ^= x04; h[5] ^= x05; h[6] ^= x06; h[7] ^= x07; \
        h[8] ^= x10; h[9] ^= x11; h[10] ^= x12; h[11] ^= x13; h[12] ^= x14; h[13] ^= x15; h[14] ^= x16; h[15] ^= x17; \
    } while (0)

#define HAMSI512_LOCALS \
    uint32_t x00, x01, x02, x03, x04, x05, x06, x07, x08, x09, x0a, x0b, x0c, x0d, x0e, x0f; \
    uint32_t x10, x11, x12, x13, x14, x15, x16, x17, x18, x19, x1a, x1b, x1c, x1d, x1e, x1f

/* P and Pf in functions of their own, as the peer has them: one loop
 * holding both (a flag tested per block) left the compiler a worse
 * allocation of the 32 words on the Cortex-M4, about 110 more cycles per
 * block of P */
static void hamsi512_p(uint32_t *h, const uint8_t *blk, size_t n)
{
    HAMSI512_LOCALS;
    for (; n; n--, blk += 8)
        HAMSI512_BLOCK(HAMSI_BROUND(HAMSI_ALPHA_N, 0); HAMSI_BROUND(HAMSI_ALPHA_N, 1);
                       HAMSI_BROUND(HAMSI_ALPHA_N, 2); HAMSI_BROUND(HAMSI_ALPHA_N, 3);
                       HAMSI_BROUND(HAMSI_ALPHA_N, 4); HAMSI_BROUND(HAMSI_ALPHA_N, 5));
}

/* the last block, through Pf's twelve rounds written out (about 20 KB of
 * code on the Cortex-M4, for one block per message): in a loop each round
 * cost about 60 cycles more there (the 32 words reallocated at the back
 * edge), as two calls of six rounds about 500 cycles more per message
 * (the state through memory, the round number a variable) */
static void hamsi512_pf(uint32_t *h, const uint8_t *blk)
{
    HAMSI512_LOCALS;
    HAMSI512_BLOCK(HAMSI_BROUND(HAMSI_ALPHA_F, 0); HAMSI_BROUND(HAMSI_ALPHA_F, 1);
                   HAMSI_BROUND(HAMSI_ALPHA_F, 2); HAMSI_BROUND(HAMSI_ALPHA_F, 3);
                   HAMSI_BROUND(HAMSI_ALPHA_F, 4); HAMSI_BROUND(HAMSI_ALPHA_F, 5);
                   HAMSI_BROUND(HAMSI_ALPHA_F, 6); HAMSI_BROUND(HAMSI_ALPHA_F, 7);
                   HAMSI_BROUND(HAMSI_ALPHA_F, 8); HAMSI_BROUND(HAMSI_ALPHA_F, 9);
                   HAMSI_BROUND(HAMSI_ALPHA_F, 10); HAMSI_BROUND(HAMSI_ALPHA_F, 11));
}

static void hamsi512_blocks(uint32_t *h, const uint8_t *blk, size_t n, unsigned last)
{
    if (last) hamsi512_pf(h, blk);
    else hamsi512_p(h, blk, n);
}

#include "../hamsi_big.h"
