/* ECHO (round-2 version): see ../echo.h.  The state is a 4x4 matrix of
 * 128-bit words w[0..15], stored column by column (w[4c + r] is row r of
 * column c); each 128-bit word is an AES state of four little-endian
 * column words, so w[i] occupies s[4i .. 4i+3]. */
#include "../echo.h"
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"

/* BIG.SUBWORDS: two AES rounds per word, the first keyed by the counter k
 * (four 32-bit words, least significant first; incremented after every
 * word), the second by the salt (zero); each round written out as four
 * column expressions of the selected AES form, the sixteen words written
 * out too, with the counter in locals (in k[] every word's increment was a
 * load, a store and a loop) */
#define ECHO_2ROUNDS(x) do {                                              \
        uint32_t y0, y1, y2, y3;                                          \
        HB_AES_ROUND_LE(y0, y1, y2, y3, (x)[0], (x)[1], (x)[2], (x)[3]);  \
        y0 ^= k0; y1 ^= k1; y2 ^= k2; y3 ^= k3;                           \
        HB_AES_ROUND_LE((x)[0], (x)[1], (x)[2], (x)[3], y0, y1, y2, y3);  \
        if (++k0 == 0 && ++k1 == 0 && ++k2 == 0) ++k3;                    \
    } while (0)

static void big_subwords(uint32_t *s, uint32_t *k)
{
    uint32_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
    ECHO_2ROUNDS(s);      ECHO_2ROUNDS(s + 4);  ECHO_2ROUNDS(s + 8);  ECHO_2ROUNDS(s + 12);
    ECHO_2ROUNDS(s + 16); ECHO_2ROUNDS(s + 20); ECHO_2ROUNDS(s + 24); ECHO_2ROUNDS(s + 28);
    ECHO_2ROUNDS(s + 32); ECHO_2ROUNDS(s + 36); ECHO_2ROUNDS(s + 40); ECHO_2ROUNDS(s + 44);
    ECHO_2ROUNDS(s + 48); ECHO_2ROUNDS(s + 52); ECHO_2ROUNDS(s + 56); ECHO_2ROUNDS(s + 60);
    k[0] = k0; k[1] = k1; k[2] = k2; k[3] = k3;
}

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS, from s into d: row r of column c
 * comes from column c + r; then AES MixColumns over the four words of a
 * column, byte position by byte position.  MixColumns treats every byte
 * position alike, so it runs on 64-bit lanes (two column words at once,
 * whatever their order in the lane): half the operations of 32-bit lanes.
 * The fourth doubling is the XOR of the other three (da = ab ^ bc ^ cd). */
#define ECHO_XTIME64(w) ((((w) & UINT64_C(0x7f7f7f7f7f7f7f7f)) << 1) ^ ((((w) >> 7) & UINT64_C(0x0101010101010101)) * 0x1bu))

/* output column c, 64-bit lane h (0 or 2): row r from column c + r */
#define ECHO_MIX(d, s, c, h) do {                                                         \
        uint64_t A, B, C, D, ab, bc, cd, da, xab, xbc, xcd, o;                            \
        memcpy(&A, (s) + 4 * (4 * (c) + 0) + (h), 8);                                     \
        memcpy(&B, (s) + 4 * (4 * (((c) + 1) & 3) + 1) + (h), 8);                         \
        memcpy(&C, (s) + 4 * (4 * (((c) + 2) & 3) + 2) + (h), 8);                         \
        memcpy(&D, (s) + 4 * (4 * (((c) + 3) & 3) + 3) + (h), 8);                         \
        ab = A ^ B; bc = B ^ C; cd = C ^ D; da = D ^ A;                                   \
        xab = ECHO_XTIME64(ab); xbc = ECHO_XTIME64(bc); xcd = ECHO_XTIME64(cd);           \
        o = xab ^ B ^ cd; memcpy((d) + 16 * (c) + (h), &o, 8);                  /* 2A 3B  C  D */ \
        o = xbc ^ C ^ da; memcpy((d) + 16 * (c) + 4 + (h), &o, 8);              /*  A 2B 3C  D */ \
        o = xcd ^ D ^ ab; memcpy((d) + 16 * (c) + 8 + (h), &o, 8);              /*  A  B 2C 3D */ \
        o = xab ^ xbc ^ xcd ^ A ^ bc; memcpy((d) + 16 * (c) + 12 + (h), &o, 8); /* 3A  B  C 2D */ \
    } while (0)

/* written out: with loops over c and h, the wrapped indices cost as much
 * as the arithmetic */
static void big_shift_mix(uint32_t *d, const uint32_t *s)
{
    ECHO_MIX(d, s, 0, 0); ECHO_MIX(d, s, 0, 2); ECHO_MIX(d, s, 1, 0); ECHO_MIX(d, s, 1, 2);
    ECHO_MIX(d, s, 2, 0); ECHO_MIX(d, s, 2, 2); ECHO_MIX(d, s, 3, 0); ECHO_MIX(d, s, 3, 2);
}

/* BIG.SUBWORDS of word n of s into two 64-bit lanes, L (column words 0
 * and 1) and H (2 and 3), with the counter key (k0 + n, k1, k2, k3) */
#define ECHO_SUB_LANES(L, H, s, n) do {                                                        \
        uint32_t y0, y1, y2, y3, z0, z1, z2, z3;                                               \
        HB_AES_ROUND_LE(y0, y1, y2, y3, (s)[4 * (n)], (s)[4 * (n) + 1], (s)[4 * (n) + 2],      \
                        (s)[4 * (n) + 3]);                                                     \
        y0 ^= k0 + (n); y1 ^= k1; y2 ^= k2; y3 ^= k3;                                          \
        HB_AES_ROUND_LE(z0, z1, z2, z3, y0, y1, y2, y3);                                       \
        L = (uint64_t)z0 | ((uint64_t)z1 << 32);                                               \
        H = (uint64_t)z2 | ((uint64_t)z3 << 32);                                               \
    } while (0)

/* MixColumns of one 64-bit lane of a column (as ECHO_MIX) into o[0..1],
 * o[4..5], o[8..9], o[12..13] */
#define ECHO_MIX64(o, A, B, C, D) do {                                                         \
        uint64_t ab = A ^ B, bc = B ^ C, cd = C ^ D, da = D ^ A, m;                            \
        uint64_t xab = ECHO_XTIME64(ab), xbc = ECHO_XTIME64(bc), xcd = ECHO_XTIME64(cd);       \
        m = xab ^ B ^ cd; (o)[0] = (uint32_t)m; (o)[1] = (uint32_t)(m >> 32);                  \
        m = xbc ^ C ^ da; (o)[4] = (uint32_t)m; (o)[5] = (uint32_t)(m >> 32);                  \
        m = xcd ^ D ^ ab; (o)[8] = (uint32_t)m; (o)[9] = (uint32_t)(m >> 32);                  \
        m = xab ^ xbc ^ xcd ^ A ^ bc; (o)[12] = (uint32_t)m; (o)[13] = (uint32_t)(m >> 32);    \
    } while (0)

/* output column c of a round: the four words BIG.SHIFTROWS brings into it
 * (row r from column c + r) through BIG.SUBWORDS, then MixColumns, all in
 * registers */
#define ECHO_COLUMN(d, s, c) do {                                                              \
        uint64_t A0, A1, B0, B1, C0, C1, D0, D1;                                               \
        ECHO_SUB_LANES(A0, A1, s, 4 * (c));                                                    \
        ECHO_SUB_LANES(B0, B1, s, 4 * (((c) + 1) & 3) + 1);                                    \
        ECHO_SUB_LANES(C0, C1, s, 4 * (((c) + 2) & 3) + 2);                                    \
        ECHO_SUB_LANES(D0, D1, s, 4 * (((c) + 3) & 3) + 3);                                    \
        ECHO_MIX64((d) + 16 * (c), A0, B0, C0, D0);                                            \
        ECHO_MIX64((d) + 16 * (c) + 2, A1, B1, C1, D1);                                        \
    } while (0)

/* one round from s into d (echo_big.h's ECHO_ROUND), column by column: the
 * words never go through memory between BIG.SUBWORDS and MixColumns (two
 * passes over the state stored and reloaded every word).  Word n's key is
 * the counter plus n; where the low counter word would wrap within the
 * round, the carry needs the two passes above. */
static void big_round(uint32_t *d, uint32_t *s, uint32_t *k)
{
    uint32_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
    if (k0 > 0xffffffefu) {
        big_subwords(s, k);
        big_shift_mix(d, s);
        return;
    }
    ECHO_COLUMN(d, s, 0); ECHO_COLUMN(d, s, 1); ECHO_COLUMN(d, s, 2); ECHO_COLUMN(d, s, 3);
    k[0] = k0 + 16;
}
#define ECHO_ROUND(d, s, k) big_round(d, s, k)

#include "../echo_big.h"
