/* BLAKE-224/256 compression, rounds in a loop: see ../impls.toml */
#include "../blake.h"
#include "../blake_sigma.h"
#include "../../../common/hb_util.h"

/* sec. 2.1.1: c0..c15, the first digits of pi (tools/derive_blake_consts.py) */
static HB_ROM uint32_t C[16] = {
    0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0, 0x082EFA98, 0xEC4E6C89,
    0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C, 0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917
};
/* For 8-bit targets: the fourteen unrolled rounds are 78 KB of 8051 code
 * (SDCC), so loop over the rounds, with sigma from a table.  v and m are
 * HB_SCRATCH (static on the 8051, whose frames share a 256-byte stack);
 * within a round v is indexed by constants, plain xram addresses there.
 * BLAKE_ROUND is instantiated with the positions 0..15 of a sigma row. */
static HB_ROM uint8_t SIGMA[160] = BLAKE_SIGMA_TABLE;

#define BLAKE_G(a, b, c, d, i, j)                                                   \
    x = HB_ROM_U8(SIGMA, s + i); y = HB_ROM_U8(SIGMA, s + j);                        \
    v[a] += v[b] + (m[x] ^ HB_ROM_U32(C, y)); v[d] = HB_ROTR32(v[d] ^ v[a], 16);     \
    v[c] += v[d]; v[b] = HB_ROTR32(v[b] ^ v[c], 12);                                \
    v[a] += v[b] + (m[y] ^ HB_ROM_U32(C, x)); v[d] = HB_ROTR32(v[d] ^ v[a], 8);      \
    v[c] += v[d]; v[b] = HB_ROTR32(v[b] ^ v[c], 7);

void hb_blake256_block(hb_blake256_state *st, const uint8_t *blk) HB_REENTRANT
{
    HB_SCRATCH uint32_t m[16];
    HB_SCRATCH uint32_t v[16];
    uint8_t r, i, s, x, y;      /* s: sigma row of round r, times 16 */
    for (i = 0; i < 16; i++) m[i] = hb_load32_be(blk + 4 * i);
    for (i = 0; i < 8; i++) {
        v[i] = st->h[i];
        v[8 + i] = HB_ROM_U32(C, i);
    }
    v[12] ^= st->t[0]; v[13] ^= st->t[0]; v[14] ^= st->t[1]; v[15] ^= st->t[1];
    for (r = 0, s = 0; r < 14; r++, s = (uint8_t)(s == 144 ? 0 : s + 16)) {
        BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    }
    /* finalisation (sec. 2.1.2); salt words are zero */
    for (i = 0; i < 8; i++) st->h[i] ^= v[i] ^ v[8 + i];
}
