/* BLAKE2b compression (RFC 7693 3.2 F),
 * 64-bit words as 32-bit halves, rolled rounds (8-bit targets): see ../impls.toml */
#include "blake2_rounds.h"

/* For 8-bit targets: every 64-bit word is a pair of 32-bit
 * halves with an explicit carry, and the chaining value and the counter
 * live in the context as little-endian bytes (c->h and c->t as byte
 * arrays), so no 64-bit operation is left in the block function.  SDCC
 * expands 64-bit arithmetic inline and shifts a 64-bit word by n as n
 * single-bit shifts over eight bytes (v >> 32: some 1,270 instructions);
 * on halves the rotations by 32, 24 and 16 are half swaps and byte moves
 * and the one by 63 a 1-bit shift.  The rounds loop over G0..G7 with the
 * word indices from a table (eight inline G did not fit the 8051's 64 KB).
 * v and m are HB_SCRATCH (the 8051's pdata stack is 256 bytes). */

/* RFC 7693 2.6: the IV (that of SHA-512, FIPS 180-4 5.3.5) as
 * (low, high) halves */
static HB_ROM uint32_t IV32[16] = {
    0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
    0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19
};
/* RFC 7693 3.2: the words (a, b, c, d) of G0..G7, as indices of the low
 * halves in v (2 * word) */
static HB_ROM uint8_t GW[32] = {
    0, 8, 16, 24,   2, 10, 18, 26,   4, 12, 20, 28,   6, 14, 22, 30,
    0, 10, 20, 30,  2, 12, 22, 24,   4, 14, 16, 26,   6, 8, 18, 28
};
#define HBYTES(c) ((uint8_t *)(c)->h)
#define TBYTES(c) ((uint8_t *)(c)->t)

/* the 128-bit little-endian byte counter t += n */
static void b2b_count(hb_blake2b_ctx *c, unsigned n)
{
    uint8_t *t = TBYTES(c), i;
    for (i = 0; i < 16 && n; i++) {
        n += t[i];
        t[i] = (uint8_t)n;
        n >>= 8;
    }
}

/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last: the final block (f0 all ones) */
static void b2b_block(hb_blake2b_ctx *c, const uint8_t *blk, uint8_t last)
{
    HB_SCRATCH uint32_t m[32];
    HB_SCRATCH uint32_t v[32];
    const uint8_t *hb = HBYTES(c), *tb = TBYTES(c);
    uint32_t ah, al, bh, bl, ch, cl, dh, dl, wh, wl;
    uint8_t r, g, i, s, x, y, k;  /* s: sigma row of round r, times 16 */
    for (i = 0; i < 32; i++) m[i] = hb_load32_le(blk + 4 * i);
    for (i = 0; i < 16; i++) {
        v[i] = hb_load32_le(hb + 4 * i);
        v[16 + i] = HB_ROM_U32(IV32, i);
    }
    for (i = 0; i < 4; i++) v[24 + i] ^= hb_load32_le(tb + 4 * i);
    if (last) { v[28] = ~v[28]; v[29] = ~v[29]; }
    for (r = 0, s = 0; r < 12; r++, s = (uint8_t)(s == 144 ? 0 : s + 16)) {
        for (g = 0; g < 32; g += 4) {
            x = (uint8_t)(2 * HB_ROM_U8(SIGMA, s + (g >> 1)));
            y = (uint8_t)(2 * HB_ROM_U8(SIGMA, s + (g >> 1) + 1));
            k = HB_ROM_U8(GW, g);     al = v[k]; ah = v[k + 1];
            k = HB_ROM_U8(GW, g + 1); bl = v[k]; bh = v[k + 1];
            k = HB_ROM_U8(GW, g + 2); cl = v[k]; ch = v[k + 1];
            k = HB_ROM_U8(GW, g + 3); dl = v[k]; dh = v[k + 1];
            wl = m[x]; wh = m[x + 1];
            HB_ADD64H(ah, al, bh, bl); HB_ADD64H(ah, al, wh, wl);
            wh = dh ^ ah; dh = dl ^ al; dl = wh;                /* rotation by 32 */
            HB_ADD64H(ch, cl, dh, dl);
            bh ^= ch; bl ^= cl; HB_ROTR64H(bh, bl, 24);
            wl = m[y]; wh = m[y + 1];
            HB_ADD64H(ah, al, bh, bl); HB_ADD64H(ah, al, wh, wl);
            dh ^= ah; dl ^= al; HB_ROTR64H(dh, dl, 16);
            HB_ADD64H(ch, cl, dh, dl);
            bh ^= ch; bl ^= cl;                                 /* rotation by 63 */
            wh = bh; bh = (bh << 1) | (bl >> 31); bl = (bl << 1) | (wh >> 31);
            k = HB_ROM_U8(GW, g);     v[k] = al; v[k + 1] = ah;
            k = HB_ROM_U8(GW, g + 1); v[k] = bl; v[k + 1] = bh;
            k = HB_ROM_U8(GW, g + 2); v[k] = cl; v[k + 1] = ch;
            k = HB_ROM_U8(GW, g + 3); v[k] = dl; v[k + 1] = dh;
        }
    }
    for (i = 0; i < 16; i++) hb_store32_le(HBYTES(c) + 4 * i, v[i] ^ v[16 + i] ^ hb_load32_le(hb + 4 * i));
}

void hb_blake2b_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    while (n--) {
        b2b_count(c, 128);
        b2b_block(c, blocks, 0);
        blocks += 128;
    }
}

/* h and t from the parameter block (RFC 7693 2.5): digest length, key
 * length, fanout 1, depth 1, zero leaf/node fields, salt, personalisation */
void hb_blake2b_setup(hb_blake2b_ctx *c, unsigned outlen, unsigned kk, const uint8_t *salt,
                      const uint8_t *pers) HB_REENTRANT
{
    unsigned i;
    for (i = 0; i < 16; i++) hb_store32_le(HBYTES(c) + 4 * i, HB_ROM_U32(IV32, i));
    HBYTES(c)[0] ^= (uint8_t)outlen;
    HBYTES(c)[1] ^= (uint8_t)kk;
    HBYTES(c)[2] ^= 1;
    HBYTES(c)[3] ^= 1;
    for (i = 0; i < 16; i++) {
        HBYTES(c)[32 + i] ^= salt[i];
        HBYTES(c)[48 + i] ^= pers[i];
    }
    memset(TBYTES(c), 0, 16);
}

void hb_blake2b_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake2b_ctx *c = (hb_blake2b_ctx *)ctx;
    unsigned u = c->md.used;
    b2b_count(c, u);
    memset(c->buf + u, 0, 128 - u);
    b2b_block(c, c->buf, 1);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, HBYTES(c), out_len);  /* the digest: h as little-endian bytes */
}
