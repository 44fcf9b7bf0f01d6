/* JH's E8 inside F8 on bytes: see ../impls.toml */
#include "../jh.h"
#include "../../../common/hb_util.h"
#include "../jh_consts.h"
#include "../jh_sbox.h"

/* The bit-sliced E8 of jh_sbox.h with every operand a byte, for 8-bit
 * CPUs: S-boxes and L are bitwise, so byte k (0..15) of the eight 128-bit
 * words is one independent slice of 8 bit positions.  The state lives as
 * st[8k + J] (byte k of word J): one slice is 8 consecutive bytes, which
 * an AVR loads with one pointer and small displacements and keeps in
 * registers through S-boxes and L, where the 32- and 64-bit forms spill.
 *
 * The swaps of the odd words: those of 1, 2 and 4 bits (rounds 7g..7g+2)
 * stay inside a byte and are done on the byte in registers; those of
 * 8..64 bits (7g+3..7g+6) exchange bytes k and k ^ 1, 2, 4, 8 and are not
 * done at all: logical byte k of the odd words is kept at byte
 * k ^ d, d the XOR of the byte distances swapped so far.  d is 15 after
 * each 7 rounds, so 0 again after the 42 rounds of E8. */
static HB_ROM uint8_t JH_RC8[42 * 32] = JH_RC8_DATA;

/* one round: slice k reads and writes the even words at byte k and the
 * odd ones at k ^ d, a bijection on the slots, so in place is safe; m, sh:
 * the in-byte swap of the odd words (m = 0: none) */
#define JH8_ROUND(m, sh) do {                                                  \
        for (k = 0; k < 16; k++) {                                              \
            uint8_t *e = st + 8 * k, *o = st + 8 * (k ^ d);                     \
            uint8_t a0 = e[0], a1 = e[2], a2 = e[4], a3 = e[6];                 \
            uint8_t b0 = o[1], b1 = o[3], b2 = o[5], b3 = o[7];                 \
            JH_SBOX_T(uint8_t, a0, a1, a2, a3, HB_ROM_U8(JH_RC8, rc + 2 * k));  \
            JH_SBOX_T(uint8_t, b0, b1, b2, b3, HB_ROM_U8(JH_RC8, rc + 2 * k + 1)); \
            JH_L(a0, a1, a2, a3, b0, b1, b2, b3);                               \
            if (m) {                                                            \
                b0 = (uint8_t)(((b0 & (m)) << (sh)) | ((b0 >> (sh)) & (m)));    \
                b1 = (uint8_t)(((b1 & (m)) << (sh)) | ((b1 >> (sh)) & (m)));    \
                b2 = (uint8_t)(((b2 & (m)) << (sh)) | ((b2 >> (sh)) & (m)));    \
                b3 = (uint8_t)(((b3 & (m)) << (sh)) | ((b3 >> (sh)) & (m)));    \
            }                                                                   \
            e[0] = a0; e[2] = a1; e[4] = a2; e[6] = a3;                         \
            o[1] = b0; o[3] = b1; o[5] = b2; o[7] = b3;                         \
        }                                                                       \
        rc += 32;                                                               \
    } while (0)

void hb_jh_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *x = (uint64_t *)state;
    HB_SCRATCH uint8_t st[128];
    HB_SCRATCH uint8_t v[8];
    unsigned rc;
    uint8_t i, j, k, g, d;

    /* x[2J + h] holds bytes 8h..8h+7 of word J, little-endian */
    for (i = 0; i < 16; i++) {
        hb_store64_le(v, x[i]);
        for (j = 0; j < 8; j++) st[8 * (8 * (i & 1) + j) + (i >> 1)] = v[j];
    }
    while (n--) {
        /* F8: the block enters the first half of H (words 0..3) ... */
        for (i = 0; i < 64; i++) st[8 * (i & 15) + (i >> 4)] ^= blk[i];
        rc = 0;
        d = 0;
        for (g = 0; g < 6; g++) {
            JH8_ROUND(0x55, 1);
            JH8_ROUND(0x33, 2);
            JH8_ROUND(0x0F, 4);
            JH8_ROUND(0, 0); d ^= 1;
            JH8_ROUND(0, 0); d ^= 2;
            JH8_ROUND(0, 0); d ^= 4;
            JH8_ROUND(0, 0); d ^= 8;
        }
        /* ... and the second half (words 4..7) after E8 */
        for (i = 0; i < 64; i++) st[8 * (i & 15) + 4 + (i >> 4)] ^= blk[i];
        blk += 64;
    }
    for (i = 0; i < 16; i++) {
        for (j = 0; j < 8; j++) v[j] = st[8 * (8 * (i & 1) + j) + (i >> 1)];
        x[i] = hb_load64_le(v);
    }
}
