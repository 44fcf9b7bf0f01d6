/* HMAC over any fixed-length registry hash: see hmac.h and hashbench.h */
#include "hmac.h"
#include "../common/hb_util.h"

#define HB_HMAC_MAX_BLOCK 256

int hb_hmac_setup(const hb_algo *h, void *ictx, void *octx, const hb_params *p)
{
    /* HB_SCRATCH: 256 bytes are the whole of the 8051's pdata stack */
    HB_SCRATCH uint8_t k[HB_HMAC_MAX_BLOCK];
    size_t i, bs = h->block_size;
    int r;

    if (h->flags & (HB_XOF | HB_KEYED) || h->digest_size == 0 || bs > HB_HMAC_MAX_BLOCK)
        return HB_ERR_PARAM;
    if (!p || !p->key) return HB_ERR_KEY; /* no key at all; an empty key is valid */
    if (p->custom_len || p->salt_len || p->pers_len) return HB_ERR_PARAM;
    if (p->out_len && p->out_len != h->digest_size) return HB_ERR_OUTLEN;

    memset(k, 0, sizeof k);
    if (p->key_len > bs) {
        r = hb_hash(h, NULL, p->key, p->key_len, k, h->digest_size);
        if (r) return r;
    } else if (p->key_len) {
        memcpy(k, p->key, p->key_len);
    }
    for (i = 0; i < bs; i++) k[i] ^= 0x36;
    h->init(ictx, NULL);
    h->update(ictx, k, bs);
    for (i = 0; i < bs; i++) k[i] ^= 0x36 ^ 0x5c;
    h->init(octx, NULL);
    h->update(octx, k, bs);
    hb_wipe(k, sizeof k);
    return HB_OK;
}

void hb_hmac_finish(const hb_algo *h, void *ictx, void *octx, uint8_t *out, size_t out_len)
{
    HB_SCRATCH uint8_t t[HB_HMAC_MAX_BLOCK];
    h->final(ictx, t, h->digest_size);
    h->update(octx, t, h->digest_size);
    h->final(octx, t, h->digest_size);
    if (out_len > h->digest_size) out_len = h->digest_size;
    memcpy(out, t, out_len);
    hb_wipe(t, sizeof t);
}

size_t hb_hmac_ctx_size(void)
{
    return sizeof(hb_hmac_ctx);
}

int hb_hmac_init(hb_hmac_ctx *c, const hb_algo *h, const uint8_t *key, size_t key_len)
{
    hb_params p = HB_PARAMS_INIT;
    if (!h) return HB_ERR_NAME;
    if (h->ctx_size > sizeof c->inner) return HB_ERR_PARAM;
    p.key = key;
    p.key_len = key_len;
    c->h = h;
    c->out_len = h->digest_size;
    return hb_hmac_setup(h, c->inner, c->outer, &p);
}

void hb_hmac_update(hb_hmac_ctx *c, const uint8_t *in, size_t len)
{
    c->h->update(c->inner, in, len);
}

void hb_hmac_final(hb_hmac_ctx *c, uint8_t *out)
{
    hb_hmac_finish(c->h, c->inner, c->outer, out, c->out_len);
}

int hb_hmac(const hb_algo *h, const uint8_t *key, size_t key_len,
            const uint8_t *in, size_t len, uint8_t *out)
{
    hb_hmac_ctx c;
    int r = hb_hmac_init(&c, h, key, key_len);
    if (r) return r;
    hb_hmac_update(&c, in, len);
    hb_hmac_final(&c, out);
    hb_wipe(&c, sizeof c);
    return HB_OK;
}

int hb_ct_equal(const uint8_t *a, const uint8_t *b, size_t len)
{
    volatile uint8_t d = 0;
    size_t i;
    for (i = 0; i < len; i++) d |= (uint8_t)(a[i] ^ b[i]);
    /* map 0 -> 1 and 1..255 -> 0 without a branch on d */
    return (int)(1 & (((unsigned)d - 1) >> 8));
}
