/* Blue Midnight Wish (SHA-3 round 2, tweaked), portable C99: see bmw.h */
#include "bmw.h"
#include "../../common/hb_util.h"

#ifdef HB_BMW_COMPACT
/* f0 of the compact form (spec 2.2.1): W[j] is the sum of five terms
 * +/-(M ^ H)[i]; entry i, or i + 16 for a subtracted term.  Transcribed
 * from the spec's table. */
static HB_ROM uint8_t BMW_F0[16][5] = {
    {5, 16 + 7, 10, 13, 14}, {6, 16 + 8, 11, 14, 16 + 15}, {0, 7, 9, 16 + 12, 15},
    {0, 16 + 1, 8, 16 + 10, 13}, {1, 2, 9, 16 + 11, 16 + 14}, {3, 16 + 2, 10, 16 + 12, 15},
    {4, 16 + 0, 16 + 3, 16 + 11, 13}, {1, 16 + 4, 16 + 5, 16 + 12, 16 + 14},
    {2, 16 + 5, 16 + 6, 13, 16 + 15}, {0, 16 + 3, 6, 16 + 7, 14}, {8, 16 + 1, 16 + 4, 16 + 7, 15},
    {8, 16 + 0, 16 + 2, 16 + 5, 9}, {1, 3, 16 + 6, 16 + 9, 10}, {2, 4, 7, 10, 11},
    {3, 16 + 5, 8, 16 + 11, 16 + 12}, {12, 16 + 4, 16 + 6, 16 + 9, 13}
};
#endif

/* ---- BMW-224/256: 32-bit words ------------------------------------------ */
#define BMW_W uint32_t
#define BMW_SFN bmw_s32
#define BMW_FN bmw_f32
#define BMW_ROTL(x, n) HB_ROTL32(x, n)
#define BMW_S0R1 4
#define BMW_S0R2 19
#define BMW_S1R1 8
#define BMW_S1R2 23
#define BMW_S2R1 12
#define BMW_S2R2 25
#define BMW_S3R1 15
#define BMW_S3R2 29
#define BMW_R1 3
#define BMW_R2 7
#define BMW_R3 13
#define BMW_R4 16
#define BMW_R5 19
#define BMW_R6 23
#define BMW_R7 27
#define BMW_K 0x05555555UL
#include "bmw_core.h"
#undef BMW_W
#undef BMW_SFN
#undef BMW_FN
#undef BMW_ROTL
#undef BMW_S0R1
#undef BMW_S0R2
#undef BMW_S1R1
#undef BMW_S1R2
#undef BMW_S2R1
#undef BMW_S2R2
#undef BMW_S3R1
#undef BMW_S3R2
#undef BMW_R1
#undef BMW_R2
#undef BMW_R3
#undef BMW_R4
#undef BMW_R5
#undef BMW_R6
#undef BMW_R7
#undef BMW_K

/* ---- BMW-384/512: 64-bit words ------------------------------------------ */
#define BMW_W uint64_t
#define BMW_SFN bmw_s64
#define BMW_FN bmw_f64
#define BMW_ROTL(x, n) HB_ROTL64(x, n)
#define BMW_S0R1 4
#define BMW_S0R2 37
#define BMW_S1R1 13
#define BMW_S1R2 43
#define BMW_S2R1 19
#define BMW_S2R2 53
#define BMW_S3R1 28
#define BMW_S3R2 59
#define BMW_R1 5
#define BMW_R2 11
#define BMW_R3 27
#define BMW_R4 32
#define BMW_R5 37
#define BMW_R6 43
#define BMW_R7 53
#define BMW_K 0x0555555555555555ULL
#include "bmw_core.h"

/* Initial values (spec 1.3): the byte sequence 00 01 02 ... read as
 * big-endian words, starting at 0x00 (224, 384), 0x40 (256) or 0x80 (512);
 * CONST_final (spec 2.3, round-2 tweak): 0xaa..a0 + i.  Both are formulas,
 * so they are computed here rather than tabulated. */
static uint32_t bmw_iv32(unsigned base, unsigned i)
{
    uint32_t b = (uint32_t)(base + 4 * i);
    return (b << 24) | ((b + 1) << 16) | ((b + 2) << 8) | (b + 3);
}

/* ---- 224/256 ------------------------------------------------------------ */
void hb_bmw256_compress(void *st, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_bmw256_ctx *c = (hb_bmw256_ctx *)st;
    uint32_t m[16];
    unsigned i;
    while (n--) {
        for (i = 0; i < 16; i++) m[i] = hb_load32_le(blk + 4 * i);
        bmw_f32(c->h, m);
        blk += 64;
    }
}

static const hb_md_class BMW256_MD = {64, 0, hb_bmw256_compress};

static int bmw256_start(void *ctx, const hb_params *p, unsigned base, unsigned out_len)
{
    hb_bmw256_ctx *c = (hb_bmw256_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 16; i++) c->h[i] = bmw_iv32(base, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_bmw_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return bmw256_start(ctx, p, 0x00, 28); }
int hb_bmw_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return bmw256_start(ctx, p, 0x40, 32); }

void hb_bmw256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_bmw256_ctx *c = (hb_bmw256_ctx *)ctx;
    hb_md_update(&BMW256_MD, c, &c->md, c->buf, in, len);
}

void hb_bmw256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_bmw256_ctx *c = (hb_bmw256_ctx *)ctx;
    uint32_t h[16];
    uint8_t tmp[64];
    unsigned i;
    hb_md_pad(&BMW256_MD, c, &c->md, c->buf, 0x80, 8, 0);
    /* the tweak's final compression: CONST_final as chaining value */
    for (i = 0; i < 16; i++) h[i] = 0xaaaaaaa0UL + i;
    bmw_f32(h, c->h);
    for (i = 0; i < 16; i++) hb_store32_le(tmp + 4 * i, h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + 64 - c->out_len, out_len);
}

/* ---- 384/512 ------------------------------------------------------------ */
void hb_bmw512_compress(void *st, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)st;
    uint64_t m[16];
    unsigned i;
    while (n--) {
        for (i = 0; i < 16; i++) m[i] = hb_load64_le(blk + 8 * i);
        bmw_f64(c->h, m);
        blk += 128;
    }
}

static const hb_md_class BMW512_MD = {128, 0, hb_bmw512_compress};

static int bmw512_start(void *ctx, const hb_params *p, unsigned base, unsigned out_len)
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 16; i++)
        c->h[i] = ((uint64_t)bmw_iv32(base, 2 * i) << 32) | bmw_iv32(base, 2 * i + 1);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_bmw_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return bmw512_start(ctx, p, 0x00, 48); }
int hb_bmw_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return bmw512_start(ctx, p, 0x80, 64); }

void hb_bmw512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)ctx;
    hb_md_update(&BMW512_MD, c, &c->md, c->buf, in, len);
}

void hb_bmw512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_bmw512_ctx *c = (hb_bmw512_ctx *)ctx;
    uint64_t h[16];
    uint8_t tmp[128];
    unsigned i;
    /* 64-bit length field, as for BMW-256 (the spec's 2^64 - 1 bit limit) */
    hb_md_pad(&BMW512_MD, c, &c->md, c->buf, 0x80, 8, 0);
    for (i = 0; i < 16; i++) h[i] = 0xaaaaaaaaaaaaaaa0ULL + i;
    bmw_f64(h, c->h);
    for (i = 0; i < 16; i++) hb_store64_le(tmp + 8 * i, h[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp + 128 - c->out_len, out_len);
}
