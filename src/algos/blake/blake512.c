/* BLAKE-384 and BLAKE-512, final round-3 version (spec v1.3, sec. 2.2): see blake.h */
#include "blake.h"
#include "blake_sigma.h"
#include "../../common/hb_util.h"

#ifndef HB_BLAKE_COMPACT
/* sec. 2.2.1: c0..c15, the first digits of pi (tools/derive_blake_consts.py);
 * the compact form below has them as 32-bit halves */
static HB_ROM uint64_t C[16] = {
    0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0xA4093822299F31D0ULL, 0x082EFA98EC4E6C89ULL,
    0x452821E638D01377ULL, 0xBE5466CF34E90C6CULL, 0xC0AC29B7C97C50DDULL, 0x3F84D5B5B5470917ULL,
    0x9216D5D98979FB1BULL, 0xD1310BA698DFB5ACULL, 0x2FFD72DBD01ADFB7ULL, 0xB8E1AFED6A267E96ULL,
    0xBA7C9045F12C7F99ULL, 0x24A19947B3916CF7ULL, 0x0801F2E2858EFC16ULL, 0x636920D871574E69ULL
};
#endif
/* sec. 2.2.1 and 2.4: the IVs are those of SHA-512 and SHA-384 */
static HB_ROM uint64_t IV512[8] = {
    0x6A09E667F3BCC908ULL, 0xBB67AE8584CAA73BULL, 0x3C6EF372FE94F82BULL, 0xA54FF53A5F1D36F1ULL,
    0x510E527FADE682D1ULL, 0x9B05688C2B3E6C1FULL, 0x1F83D9ABFB41BD6BULL, 0x5BE0CD19137E2179ULL
};
static HB_ROM uint64_t IV384[8] = {
    0xCBBB9D5DC1059ED8ULL, 0x629A292A367CD507ULL, 0x9159015A3070DD17ULL, 0x152FECD8F70E5939ULL,
    0x67332667FFC00B31ULL, 0x8EB44A8768581511ULL, 0xDB0C2E0D64F98FA7ULL, 0x47B5481DBEFA4FA4ULL
};

#ifdef HB_BLAKE_COMPACT
/* 8-bit targets: the sixteen unrolled 64-bit rounds do not fit their flash
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

static void blake512_block(hb_blake512_state *st, const uint8_t *blk)
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
#else
#define BLAKE_G(a, b, c, d, i, j)                                                   \
    v##a += v##b + (m[i] ^ HB_ROM_U64(C, j)); v##d = HB_ROTR64(v##d ^ v##a, 32);      \
    v##c += v##d; v##b = HB_ROTR64(v##b ^ v##c, 25);                                 \
    v##a += v##b + (m[j] ^ HB_ROM_U64(C, i)); v##d = HB_ROTR64(v##d ^ v##a, 16);      \
    v##c += v##d; v##b = HB_ROTR64(v##b ^ v##c, 11);

/* one compression with the counter st->t; salt is zero */
static void blake512_block(hb_blake512_state *st, const uint8_t *blk)
{
    uint64_t m[16], v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load64_be(blk + 8 * i);
    v0 = st->h[0]; v1 = st->h[1]; v2 = st->h[2]; v3 = st->h[3];
    v4 = st->h[4]; v5 = st->h[5]; v6 = st->h[6]; v7 = st->h[7];
    v8 = HB_ROM_U64(C, 0); v9 = HB_ROM_U64(C, 1); v10 = HB_ROM_U64(C, 2); v11 = HB_ROM_U64(C, 3);
    v12 = st->t[0] ^ HB_ROM_U64(C, 4); v13 = st->t[0] ^ HB_ROM_U64(C, 5);
    v14 = st->t[1] ^ HB_ROM_U64(C, 6); v15 = st->t[1] ^ HB_ROM_U64(C, 7);
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA1)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA2)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA3)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA4)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA5)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA6)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA7)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA8)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA9)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA0)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA1)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA2)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA3)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA4)
    BLAKE_APPLY(BLAKE_ROUND, BLAKE_SIGMA5)
    /* finalisation (sec. 2.2.2); salt words are zero */
    st->h[0] ^= v0 ^ v8;  st->h[1] ^= v1 ^ v9;  st->h[2] ^= v2 ^ v10; st->h[3] ^= v3 ^ v11;
    st->h[4] ^= v4 ^ v12; st->h[5] ^= v5 ^ v13; st->h[6] ^= v6 ^ v14; st->h[7] ^= v7 ^ v15;
}

#endif

void hb_blake512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_blake512_state *s = (hb_blake512_state *)state;
    while (n--) {
        s->t[0] += 1024;
        if (s->t[0] < 1024) s->t[1]++;
        blake512_block(s, blk);
        blk += 128;
    }
}

static const hb_md_class BLAKE512_MD = {128, 0, hb_blake512_compress};

static int blake512_start(void *ctx, const hb_params *p, HB_ROM uint64_t *iv, unsigned out_len)
{
    hb_blake512_ctx *c = (hb_blake512_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->st.h[i] = HB_ROM_U64(iv, i);
    c->st.t[0] = c->st.t[1] = 0;
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_blake_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return blake512_start(ctx, p, IV384, 48); }
int hb_blake_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return blake512_start(ctx, p, IV512, 64); }

void hb_blake512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_blake512_ctx *c = (hb_blake512_ctx *)ctx;
    hb_md_update(&BLAKE512_MD, &c->st, &c->md, c->buf, in, len);
}

/* Padding (sec. 2.2.3): as BLAKE-256 with 128-byte blocks, the 1 bit
 * (BLAKE-512 only) ending at bit 895 and a 128-bit length. */
void hb_blake512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake512_ctx *c = (hb_blake512_ctx *)ctx;
    size_t u = c->md.used;
    unsigned i;

    /* the counter and the digest go through the context, not locals: the
     * 8051's frames share a 256-byte stack with the block function's
     * (with a 64-byte digest copy and the counter as arguments, this
     * frame alone took 199 bytes of it) */
    c->st.t[0] = c->md.count << 3;
    c->st.t[1] = c->md.count >> 61;
    c->buf[u] = 0x80;
    if (u > 111) {              /* length does not fit: two blocks */
        memset(c->buf + u + 1, 0, 127 - u);
        blake512_block(&c->st, c->buf);
        memset(c->buf, 0, 112);
        c->st.t[0] = c->st.t[1] = 0;
    } else {
        memset(c->buf + u + 1, 0, 111 - u);
        if (u == 0) c->st.t[0] = c->st.t[1] = 0;
    }
    if (c->out_len == 64) c->buf[111] |= 0x01;
    hb_store64_be(c->buf + 112, c->md.count >> 61);
    hb_store64_be(c->buf + 120, c->md.count << 3);
    blake512_block(&c->st, c->buf);
    c->md.used = 0;
    for (i = 0; i < 8; i++) hb_store64_be(c->buf + 8 * i, c->st.h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, c->buf, out_len);
}
