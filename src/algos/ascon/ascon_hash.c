/* Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128 (SP 800-232 sec. 5): see ascon.h */
#include "ascon.h"
#include "../../common/hb_util.h"

#include "ascon_iv.h"

/* sec. 5.1-5.3: S = Ascon-p[12](IV || 0^256), which depends on the mode
 * alone; precomputed by tools/gen_ascon_iv.py (the rounds are a whole
 * block's work: 1 of the 13 permutations of a 64-byte Ascon-Hash256) */
static HB_ROM uint64_t S0_HASH256[5] = HB_ASCON_S0_HASH256;
static HB_ROM uint64_t S0_XOF128[5] = HB_ASCON_S0_XOF128;
static HB_ROM uint64_t S0_CXOF128[5] = HB_ASCON_S0_CXOF128;

static void ascon_start(hb_ascon_ctx *c, HB_ROM uint64_t *s0)
{
    unsigned i;
    /* the sponge first: SDCC 4.2 (8051) formed &c->sp after this loop from
     * a clobbered register, the pointer's high byte and tag lost */
    hb_sponge_init(&c->sp, 8, 12);
    for (i = 0; i < 5; i++) c->S[i] = HB_ROM_U64(s0, i);
}

int hb_ascon_hash256_init(void *ctx, const hb_params *p) HB_REENTRANT
{
    int r = hb_params_fixed(p, 32);
    if (r) return r;
    ascon_start((hb_ascon_ctx *)ctx, S0_HASH256);
    return HB_OK;
}

int hb_ascon_xof128_init(void *ctx, const hb_params *p) HB_REENTRANT
{
    int r = hb_params_plain(p);
    if (r) return r;
    ascon_start((hb_ascon_ctx *)ctx, S0_XOF128);
    return HB_OK;
}

int hb_ascon_cxof128_init(void *ctx, const hb_params *p) HB_REENTRANT
{
    hb_ascon_ctx *c = (hb_ascon_ctx *)ctx;
    uint8_t zlen[8];
    size_t n = 0;
    if (p) {
        if (p->key_len) return HB_ERR_KEY;
        if (p->salt_len || p->pers_len || p->custom_len > HB_ASCON_CXOF_MAX_Z ||
            (p->custom_len && !p->custom))
            return HB_ERR_PARAM;
        n = p->custom_len;
    }
    ascon_start(c, S0_CXOF128);
    /* Z_0 = int64(|Z| in bits), then Z padded like a message */
    hb_store64_le(zlen, (uint64_t)n << 3);
    hb_sponge_absorb(&hb_asconp, c->S, &c->sp, zlen, 8);
    if (n) hb_sponge_absorb(&hb_asconp, c->S, &c->sp, p->custom, n);
    hb_sponge_pad(&hb_asconp, c->S, &c->sp, 0x01, 0);
    c->sp.squeezing = 0; /* the message comes next */
    return HB_OK;
}

void hb_ascon_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_ascon_ctx *c = (hb_ascon_ctx *)ctx;
    size_t n;
    if (c->sp.pos && len) {
        n = 8u - c->sp.pos;
        n = n < len ? n : len;
        hb_sponge_absorb(&hb_asconp, c->S, &c->sp, in, n);
        in += n;
        len -= n;
    }
    /* whole blocks without the sponge's indirect calls per 8 bytes (none
     * for an empty update, whose pointer may be NULL: no arithmetic on it) */
    if (!c->sp.pos && len >= 8) {
        n = hb_asconp_absorb(c->S, in, len);
        in += n;
        len -= n;
    }
    if (len) hb_sponge_absorb(&hb_asconp, c->S, &c->sp, in, len);
}

void hb_ascon_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_ascon_ctx *c = (hb_ascon_ctx *)ctx;
    /* the sponge's pad and squeeze written out for rate 8 (no indirect
     * call per word); the generic squeeze takes over for a partial word */
    if (!c->sp.squeezing) {
        c->S[0] ^= (uint64_t)0x01 << (8 * c->sp.pos);   /* sec. 5.1: 1 then 0s */
        hb_asconp_permute(c->S, 12);
        c->sp.pos = 0;
        c->sp.squeezing = 1;
    }
    while (out_len >= 8 && (c->sp.pos == 0 || c->sp.pos == 8)) {
        if (c->sp.pos == 8) hb_asconp_permute(c->S, 12);
        hb_store64_le(out, c->S[0]);
        c->sp.pos = 8;
        out += 8;
        out_len -= 8;
    }
    if (out_len) hb_sponge_squeeze(&hb_asconp, c->S, &c->sp, out, out_len);
}
