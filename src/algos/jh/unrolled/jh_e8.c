/* JH's E8 inside F8, unrolled (the default): see ../impls.toml */
#include "../jh_e8.h"

#define JH_SBOX(a0, a1, a2, a3, c) JH_SBOX_T(uint64_t, a0, a1, a2, a3, c)

/* S-boxes and L on one 64-bit half h of round r */
#define JH_HALF(h, r) do {                                                      \
        JH_SBOX(x0##h, x2##h, x4##h, x6##h, HB_ROM_U64(JH_RC, 4 * (r) + (h)));  \
        JH_SBOX(x1##h, x3##h, x5##h, x7##h, HB_ROM_U64(JH_RC, 4 * (r) + 2 + (h))); \
        JH_L(x0##h, x2##h, x4##h, x6##h, x1##h, x3##h, x5##h, x7##h);          \
    } while (0)

/* swap bit positions i <-> i ^ k (k = 1..32) inside a 64-bit word */
#define JH_SW(v, m, k) (v = (((v) & (m)) << (k)) | (((v) >> (k)) & (m)))
#define JH_SWAP_ODD(m, k) do {                                                   \
        JH_SW(x10, m, k); JH_SW(x11, m, k); JH_SW(x30, m, k); JH_SW(x31, m, k);  \
        JH_SW(x50, m, k); JH_SW(x51, m, k); JH_SW(x70, m, k); JH_SW(x71, m, k);  \
    } while (0)
#define JH_ROUND(r, m, k) do { JH_HALF(0, r); JH_HALF(1, r); JH_SWAP_ODD(m, k); } while (0)

void hb_jh_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *x = (uint64_t *)state;
    uint64_t x00 = x[0], x01 = x[1], x10 = x[2], x11 = x[3], x20 = x[4], x21 = x[5],
        x30 = x[6], x31 = x[7], x40 = x[8], x41 = x[9], x50 = x[10], x51 = x[11],
        x60 = x[12], x61 = x[13], x70 = x[14], x71 = x[15], t;
    uint64_t m[8];
    unsigned r, i;

    while (n--) {
        for (i = 0; i < 8; i++) m[i] = hb_load64_le(blk + 8 * i);
        /* F8: the block enters the first half of H ... */
        x00 ^= m[0]; x01 ^= m[1]; x10 ^= m[2]; x11 ^= m[3];
        x20 ^= m[4]; x21 ^= m[5]; x30 ^= m[6]; x31 ^= m[7];
        for (r = 0; r < 42; r += 7) {
            JH_ROUND(r + 0, 0x5555555555555555ULL, 1);
            JH_ROUND(r + 1, 0x3333333333333333ULL, 2);
            JH_ROUND(r + 2, 0x0F0F0F0F0F0F0F0FULL, 4);
            JH_ROUND(r + 3, 0x00FF00FF00FF00FFULL, 8);
            JH_ROUND(r + 4, 0x0000FFFF0000FFFFULL, 16);
            JH_ROUND(r + 5, 0x00000000FFFFFFFFULL, 32);
            /* round 7g + 6: swap i <-> i ^ 64, the two halves of each odd word */
            JH_HALF(0, r + 6);
            JH_HALF(1, r + 6);
            t = x10; x10 = x11; x11 = t;
            t = x30; x30 = x31; x31 = t;
            t = x50; x50 = x51; x51 = t;
            t = x70; x70 = x71; x71 = t;
        }
        /* ... and the second half after E8 */
        x40 ^= m[0]; x41 ^= m[1]; x50 ^= m[2]; x51 ^= m[3];
        x60 ^= m[4]; x61 ^= m[5]; x70 ^= m[6]; x71 ^= m[7];
        blk += 64;
    }
    x[0] = x00; x[1] = x01; x[2] = x10; x[3] = x11; x[4] = x20; x[5] = x21;
    x[6] = x30; x[7] = x31; x[8] = x40; x[9] = x41; x[10] = x50; x[11] = x51;
    x[12] = x60; x[13] = x61; x[14] = x70; x[15] = x71;
}
