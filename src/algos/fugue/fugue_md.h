/*
 * fugue_md.h -- the final rounds, the IVs, init, update and final of Fugue,
 * shared by every implementation (see fugue_smix.h)
 */
#ifndef HB_FUGUE_MD_H
#define HB_FUGUE_MD_H

/* G2 (spec "The final round G"): per variant nr stages, each XORing S0
 * into S4 and into the nr - 1 columns listed, then ROR by the last entry
 * and SMIX.  Spec values, transcribed. */
static HB_ROM uint8_t FG_G2[3][16] = {
    {15, 15, 16, 14},                                     /* 224/256 */
    {12, 24, 12, 13, 24, 12, 13, 25, 11},                 /* 384     */
    {9, 18, 27, 9, 10, 18, 27, 9, 10, 19, 27, 9, 10, 19, 28, 8} /* 512 */
};

/* IVs (spec, initial values of Fugue-224/256/384/512), one after the
 * other (7, 8, 12 and 16 words: out_len / 4): the last columns of the
 * otherwise zero state.  Transcribed.  One flat table, read by offset, so
 * no pointer to HB_ROM data is ever passed (AVR: PROGMEM). */
static HB_ROM uint32_t FG_IV[43] = {
    /* 224, offset 0 */
    0xf4c9120d, 0x6286f757, 0xee39e01c, 0xe074e3cb, 0xa1127c62, 0x9a43d215, 0xbd8d679a,
    /* 256, offset 7 */
    0xe952bdde, 0x6671135f, 0xe0d4f668, 0xd2b0b594, 0xf96c621d, 0xfbf929de, 0x9149e899, 0x34f8c248,
    /* 384, offset 15 */
    0xaa61ec0d, 0x31252e1f, 0xa01db4c7, 0x00600985, 0x215ef44a, 0x741b5e9c,
    0xfa693e9a, 0x473eb040, 0xe502ae8a, 0xa99c25e0, 0xbc95517c, 0x5c1095a1,
    /* 512, offset 27 */
    0x8807a57e, 0xe616af75, 0xc5d3e4db, 0xac9ab027, 0xd915f117, 0xb6eecc54, 0x06e8020b, 0x4a92efd1,
    0xaac6e2c9, 0xddb21398, 0xcae65838, 0x437f203f, 0x25ea78e7, 0x951fddd6, 0xda6ed11d, 0xe13e3567
};

static int fugue_start(void *ctx, const hb_params *p, unsigned iv_at, unsigned nr, unsigned out_len)
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)ctx;
    unsigned i, n = nr == 2 ? 30 : 36, w = out_len / 4;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 36; i++) c->s[i] = 0;
    for (i = 0; i < w; i++) c->s[n - w + i] = HB_ROM_U32(FG_IV, iv_at + i);
    hb_md_reset(&c->md);
    c->base = 0;
    c->nr = (uint8_t)nr;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_fugue_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 0, 2, 28); }
int hb_fugue_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 7, 2, 32); }
int hb_fugue_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 15, 3, 48); }
int hb_fugue_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return fugue_start(ctx, p, 27, 4, 64); }

static const hb_md_class FUGUE_MD = {4, 0, hb_fugue_compress};

void hb_fugue_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)ctx;
    hb_md_update(&FUGUE_MD, c, &c->md, c->buf, in, len);
}

void hb_fugue_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)ctx;
    uint32_t *s = c->s;
    unsigned nr = c->nr, n = nr == 2 ? 30 : 36, v = nr - 2, b, i, j, k, g1;
    uint8_t tmp[64];

    /* padding (spec "Padding"): zeros to a whole word, then the message
     * length in bits as a 64-bit big-endian integer (two words) */
    if (c->md.used) {
        memset(c->buf + c->md.used, 0, 4u - c->md.used);
        hb_fugue_compress(c, c->buf, 1);
    }
    hb_store64_be(tmp, c->md.count << 3);
    hb_fugue_compress(c, tmp, 2);

    b = c->base;
    /* G1: 5 x 2, 6 x 3 or 8 x 4 rounds of ROR3, CMIX, SMIX */
    g1 = nr == 2 ? 10 : nr == 3 ? 18 : 32;
    for (i = 0; i < g1; i++) b = fg_sub_at(s, b, n);
    /* G2: 13 times the nr stages, then the XORs of the first stage */
    for (i = 0; i <= 13; i++) {
        for (j = 0; j < nr; j++) {
            unsigned e = j * nr, rot;
            s[fg_ix(b, 4, n)] ^= s[b];
            for (k = 0; k + 1 < nr; k++) s[fg_ix(b, HB_ROM_U8(FG_G2[v], e + k), n)] ^= s[b];
            if (i == 13) break;
            rot = HB_ROM_U8(FG_G2[v], e + nr - 1);
            b = b >= rot ? b - rot : b + n - rot;
            fg_smix_at(s, b, n);
        }
    }
    /* output: S1..S4, then four columns from each column of stage 1 */
    for (i = 0; i < 4; i++) hb_store32_be(tmp + 4 * i, s[fg_ix(b, 1 + i, n)]);
    for (k = 0; k + 1 < nr; k++)
        for (i = 0; i < 4; i++)
            hb_store32_be(tmp + 16 + 16 * k + 4 * i, s[fg_ix(b, HB_ROM_U8(FG_G2[v], k) + i, n)]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}

#endif
