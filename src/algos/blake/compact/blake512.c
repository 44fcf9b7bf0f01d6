/* BLAKE-384/512 compression, rounds in a loop over 32-bit halves: see ../impls.toml */
#include "../blake.h"
#include "../blake_sigma.h"
#include "../../../common/hb_util.h"

/* For 8-bit targets: the sixteen unrolled 64-bit rounds do not fit their flash
 * (avr-gcc: 280 KB), so loop over rounds and over G0..G7 with sigma and
 * the state words from tables.  And every 64-bit word is a pair of 32-bit
 * halves: SDCC expands a 64-bit shift by n into n single-bit shifts over
 * eight bytes (a rotation by 32 alone is some 1,500 instructions), a
 * 32-bit one into byte moves and a few bit shifts.  v and m are
 * HB_SCRATCH: as locals they were all of the 8051's 256-byte pdata stack,
 * which wrapped and corrupted the run. */
static HB_ROM uint8_t SIGMA[160] = BLAKE_SIGMA_TABLE;
static HB_ROM uint8_t GWORDS[32] = BLAKE_GWORDS_TABLE;
/* sec. 2.2.1: c0..c15 (the first digits of pi) as (high, low) halves */
static HB_ROM uint32_t C32[32] = {
    0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0, 0x082EFA98, 0xEC4E6C89,
    0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C, 0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917,
    0x9216D5D9, 0x8979FB1B, 0xD1310BA6, 0x98DFB5AC, 0x2FFD72DB, 0xD01ADFB7, 0xB8E1AFED, 0x6A267E96,
    0xBA7C9045, 0xF12C7F99, 0x24A19947, 0xB3916CF7, 0x0801F2E2, 0x858EFC16, 0x636920D8, 0x71574E69
};

/* 64-bit words as 32-bit halves: HB_ADD64H / HB_ROTR64H (hb_util.h).  G
 * rotates by 25 as 24 then 1 and by 11 as 8 then 3: at -Os avr-gcc shifts
 * 32-bit words by a loop of single bits, but by whole bytes with moves
 * (AVR: 248,659 instead of 301,628 cycles per block; the 8051 pays 6%:
 * 5,064,090 instead of 4,756,890 clocks). */

void hb_blake512_block(hb_blake512_state *st, const uint8_t *blk) HB_REENTRANT
{
    HB_SCRATCH uint32_t mh[16], ml[16], vh[16], vl[16];
    uint32_t ah, al, bh, bl, ch, cl, dh, dl, wh, wl;
    uint8_t r, g, i, s, x, y, k;  /* s: sigma row of round r, times 16 */
    for (i = 0; i < 16; i++) {
        mh[i] = hb_load32_be(blk + 8 * i);
        ml[i] = hb_load32_be(blk + 8 * i + 4);
    }
    for (i = 0; i < 8; i++) {
        vh[i] = (uint32_t)(st->h[i] >> 32);
        vl[i] = (uint32_t)st->h[i];
        vh[8 + i] = HB_ROM_U32(C32, 2 * i);
        vl[8 + i] = HB_ROM_U32(C32, 2 * i + 1);
    }
    wh = (uint32_t)(st->t[0] >> 32); wl = (uint32_t)st->t[0];
    vh[12] ^= wh; vl[12] ^= wl; vh[13] ^= wh; vl[13] ^= wl;
    wh = (uint32_t)(st->t[1] >> 32); wl = (uint32_t)st->t[1];
    vh[14] ^= wh; vl[14] ^= wl; vh[15] ^= wh; vl[15] ^= wl;
    for (r = 0, s = 0; r < 16; r++, s = (uint8_t)(s == 144 ? 0 : s + 16)) {
        for (g = 0; g < 32; g += 4) {
            x = HB_ROM_U8(SIGMA, s + (g >> 1));
            y = HB_ROM_U8(SIGMA, s + (g >> 1) + 1);
            k = HB_ROM_U8(GWORDS, g);     ah = vh[k]; al = vl[k];
            k = HB_ROM_U8(GWORDS, g + 1); bh = vh[k]; bl = vl[k];
            k = HB_ROM_U8(GWORDS, g + 2); ch = vh[k]; cl = vl[k];
            k = HB_ROM_U8(GWORDS, g + 3); dh = vh[k]; dl = vl[k];
            wh = mh[x] ^ HB_ROM_U32(C32, 2 * y); wl = ml[x] ^ HB_ROM_U32(C32, 2 * y + 1);
            HB_ADD64H(ah, al, bh, bl); HB_ADD64H(ah, al, wh, wl);
            dh ^= ah; dl ^= al; wh = dh; dh = dl; dl = wh;      /* rotation by 32 */
            HB_ADD64H(ch, cl, dh, dl);
            bh ^= ch; bl ^= cl; HB_ROTR64H(bh, bl, 24); HB_ROTR64H(bh, bl, 1);
            wh = mh[y] ^ HB_ROM_U32(C32, 2 * x); wl = ml[y] ^ HB_ROM_U32(C32, 2 * x + 1);
            HB_ADD64H(ah, al, bh, bl); HB_ADD64H(ah, al, wh, wl);
            dh ^= ah; dl ^= al; HB_ROTR64H(dh, dl, 16);
            HB_ADD64H(ch, cl, dh, dl);
            bh ^= ch; bl ^= cl; HB_ROTR64H(bh, bl, 8); HB_ROTR64H(bh, bl, 3);
            k = HB_ROM_U8(GWORDS, g);     vh[k] = ah; vl[k] = al;
            k = HB_ROM_U8(GWORDS, g + 1); vh[k] = bh; vl[k] = bl;
            k = HB_ROM_U8(GWORDS, g + 2); vh[k] = ch; vl[k] = cl;
            k = HB_ROM_U8(GWORDS, g + 3); vh[k] = dh; vl[k] = dl;
        }
    }
    /* finalisation (sec. 2.2.2); salt words are zero */
    for (i = 0; i < 8; i++)
        st->h[i] ^= ((uint64_t)(vh[i] ^ vh[8 + i]) << 32) | (vl[i] ^ vl[8 + i]);
}
