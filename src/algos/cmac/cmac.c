/* CMAC over AES-128: see cmac.h; the block cipher is a form of
 * impls.toml (portable/, aesni/, dispatch/) */
#include <string.h>
#include "cmac.h"
#include "../../common/hb_util.h"

/* SP 800-38B sec. 6.1: multiply by x in GF(2^128), R_128 = 0x87;
 * the mask keeps it free of a secret-dependent branch */
static void dbl(uint8_t b[16]) HB_REENTRANT
{
    uint8_t carry = (uint8_t)(0u - (b[0] >> 7));
    unsigned i;
    for (i = 0; i < 15; i++) b[i] = (uint8_t)((b[i] << 1) | (b[i + 1] >> 7));
    b[15] = (uint8_t)((b[15] << 1) ^ (carry & 0x87u));
}

int hb_aes128_cmac_init(void *ctx, const hb_params *p) HB_REENTRANT
{
    hb_cmac_ctx *c = (hb_cmac_ctx *)ctx;
    if (!p || !p->key || p->key_len != 16) return HB_ERR_KEY;
    if (p->custom_len || p->salt_len || p->pers_len) return HB_ERR_PARAM;
    if (p->out_len && p->out_len != 16) return HB_ERR_OUTLEN;
    hb_aes128_expand(&c->k, p->key);
    memset(c->k1, 0, 16);
    hb_aes128_encrypt(&c->k, c->k1, c->k1); /* L = CIPH_K(0^128) */
    dbl(c->k1);
    memset(c->x, 0, 16);
    c->n = 0;
    return HB_OK;
}

void hb_aes128_cmac_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_cmac_ctx *c = (hb_cmac_ctx *)ctx;
    size_t take, nblocks;
    if (!len) return;
    /* a full buffer is processed only once more input proves it is not
     * the last block */
    if (c->n < 16) {
        take = 16u - c->n;
        if (take > len) take = len;
        memcpy(c->buf + c->n, in, take);
        c->n = (uint8_t)(c->n + take);
        in += take;
        len -= take;
        if (!len) return;
    }
    hb_aes128_cbcmac(&c->k, c->x, c->buf, 1);
    /* whole blocks in one call, all but the last (held back as above) */
    nblocks = (len - 1) / 16;
    hb_aes128_cbcmac(&c->k, c->x, in, nblocks);
    in += 16 * nblocks;
    len -= 16 * nblocks;
    memcpy(c->buf, in, len);
    c->n = (uint8_t)len;
}

void hb_aes128_cmac_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_cmac_ctx *c = (hb_cmac_ctx *)ctx;
    unsigned i;
    if (c->n < 16) {
        /* incomplete (or empty) last block: pad 10*, use K2 */
        c->buf[c->n] = 0x80;
        for (i = c->n + 1u; i < 16; i++) c->buf[i] = 0;
        dbl(c->k1);
    }
    for (i = 0; i < 16; i++) c->buf[i] ^= c->k1[i];
    hb_aes128_cbcmac(&c->k, c->x, c->buf, 1);
    memcpy(out, c->x, out_len < 16 ? out_len : 16);
    hb_wipe(c, sizeof *c);
}
