/* JH's E8 inside F8, compact: see ../impls.toml */
#include "../jh_e8.h"

/* The compact form: E8 as loops over the state as 32 words of 32
 * bits, for 8-bit targets.  S-boxes and L are bitwise, so they work lane
 * by lane; the swaps of rounds 7g..7g+4 (distance 1..16) stay inside a
 * 32-bit lane, that of 7g+5 (32) exchanges the two lanes of a 64-bit half
 * and that of 7g+6 (64) the two halves.  32-bit words instead of 64-bit
 * ones: SDCC (8051) keeps 64-bit temporaries in spill locations on the
 * 256-byte internal stack, which the 64-bit loop form overflowed (116
 * bytes of spills in E8 alone), and expands 64-bit operations inline.
 *
 * Lane q of word J (J = 0..7, q = 2h + l: 64-bit half h, low/high 32 bits
 * l) is w[4J + q]; word J half h was x[2J + h]. */
static HB_ROM uint32_t JH_SWAP_MASK[5] = {
    0x55555555UL, 0x33333333UL, 0x0F0F0F0FUL, 0x00FF00FFUL, 0x0000FFFFUL
};

void hb_jh_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *x = (uint64_t *)state;
    HB_SCRATCH uint32_t w[32];
    uint32_t a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, m;
    unsigned i, r, q, s;

    for (i = 0; i < 16; i++) {
        w[2 * i] = (uint32_t)x[i];
        w[2 * i + 1] = (uint32_t)(x[i] >> 32);
    }
    while (n--) {
        /* F8: the block enters the first half of H ... */
        for (i = 0; i < 16; i++) w[i] ^= hb_load32_le(blk + 4 * i);
        for (r = 0; r < 42; r++) {
            for (q = 0; q < 4; q++) {
                /* even words 0,2,4,6 in a, odd words 1,3,5,7 in b */
                a0 = w[q]; a1 = w[q + 8]; a2 = w[q + 16]; a3 = w[q + 24];
                b0 = w[q + 4]; b1 = w[q + 12]; b2 = w[q + 20]; b3 = w[q + 28];
                c0 = (uint32_t)(HB_ROM_U64(JH_RC, 4 * r + (q >> 1)) >> (32 * (q & 1)));
                c1 = (uint32_t)(HB_ROM_U64(JH_RC, 4 * r + 2 + (q >> 1)) >> (32 * (q & 1)));
                JH_SBOX_T(uint32_t, a0, a1, a2, a3, c0);
                JH_SBOX_T(uint32_t, b0, b1, b2, b3, c1);
                JH_L(a0, a1, a2, a3, b0, b1, b2, b3);
                w[q] = a0; w[q + 8] = a1; w[q + 16] = a2; w[q + 24] = a3;
                w[q + 4] = b0; w[q + 12] = b1; w[q + 20] = b2; w[q + 28] = b3;
            }
            s = r % 7;
            for (i = 4; i < 32; i += 8) {       /* odd word: lanes w[i..i+3] */
                if (s == 6) {
                    m = w[i]; w[i] = w[i + 2]; w[i + 2] = m;
                    m = w[i + 1]; w[i + 1] = w[i + 3]; w[i + 3] = m;
                } else if (s == 5) {
                    m = w[i]; w[i] = w[i + 1]; w[i + 1] = m;
                    m = w[i + 2]; w[i + 2] = w[i + 3]; w[i + 3] = m;
                } else {
                    m = HB_ROM_U32(JH_SWAP_MASK, s);
                    for (q = i; q < i + 4; q++)
                        w[q] = ((w[q] & m) << (1u << s)) | ((w[q] >> (1u << s)) & m);
                }
            }
        }
        /* ... and the second half after E8 */
        for (i = 0; i < 16; i++) w[16 + i] ^= hb_load32_le(blk + 4 * i);
        blk += 64;
    }
    for (i = 0; i < 16; i++) x[i] = ((uint64_t)w[2 * i + 1] << 32) | w[2 * i];
}
