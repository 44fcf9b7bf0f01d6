/* BLAKE2b and BLAKE2s (RFC 7693): the parameter checks blake2b.c and
 * blake2s.c share. */
#ifndef HB_BLAKE2_PARAMS_H
#define HB_BLAKE2_PARAMS_H
#include "blake2.h"
#include "../../common/hb_util.h"

/* Salt (pers = 0) or personalisation (pers = 1) of up to max bytes,
 * zero-padded to 16 bytes as hashlib does; returns 0 when too long. */
static int padded(const hb_params *p, int pers, size_t max, uint8_t out[16])
{
    const uint8_t *s = p ? (pers ? p->pers : p->salt) : NULL;
    size_t n = p ? (pers ? p->pers_len : p->salt_len) : 0;
    memset(out, 0, 16);
    if (n > max) return 0;
    if (n) memcpy(out, s, n);
    return 1;
}

/* Shared parameter checks: fills *outlen and *keylen. */
static int b2_check(const hb_params *p, unsigned max_out, int varout, unsigned *outlen, size_t *keylen)
{
    *keylen = 0;
    if (!p) return HB_OK;
    if (p->key_len > max_out) return HB_ERR_KEY; /* max key = max digest for both */
    if (p->custom_len) return HB_ERR_PARAM;
    if (p->out_len) {
        if (varout ? p->out_len > max_out : p->out_len != *outlen) return HB_ERR_OUTLEN;
        *outlen = (unsigned)p->out_len;
    }
    *keylen = p->key_len;
    return HB_OK;
}

#endif
