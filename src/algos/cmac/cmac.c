/* AES-128 and CMAC: see cmac.h */
#include <string.h>
#include "cmac.h"
#include "../aes/aes_round.h"
#include "../../common/hb_util.h"

/* S-box applied to the four bytes of a word */
static uint32_t sub_word(uint32_t w) HB_REENTRANT
{
    return (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 0))
         | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 1)) << 8
         | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 2)) << 16
         | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 3)) << 24;
}

void hb_aes128_expand(hb_aes128_key *k, const uint8_t key[16]) HB_REENTRANT
{
    uint32_t rcon = 1, t;
    unsigned i;
    for (i = 0; i < 4; i++) k->rk[i] = hb_load32_le(key + 4 * i);
    for (i = 4; i < 44; i++) {
        t = k->rk[i - 1];
        if ((i & 3) == 0) {
            /* RotWord moves byte 1 to byte 0: a right rotation of the
             * little-endian word; Rcon sits in byte 0 */
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11bu);
        }
        k->rk[i] = k->rk[i - 4] ^ t;
    }
}

void hb_aes128_encrypt(const hb_aes128_key *k, const uint8_t in[16], uint8_t out[16]) HB_REENTRANT
{
    uint32_t x[4], y0, y1, y2, y3;
    unsigned r, c;
    for (c = 0; c < 4; c++) x[c] = hb_load32_le(in + 4 * c) ^ k->rk[c];
    for (r = 1; r < 10; r++) {
        hb_aes_round_le(x);
        for (c = 0; c < 4; c++) x[c] ^= k->rk[4 * r + c];
    }
    /* last round: no MixColumns; row r of column c from column c + r */
#define LAST(a, b, cc, d) \
    ((uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(a, 0)) | \
     (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(b, 1)) << 8 | \
     (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(cc, 2)) << 16 | \
     (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(d, 3)) << 24)
    y0 = LAST(x[0], x[1], x[2], x[3]) ^ k->rk[40];
    y1 = LAST(x[1], x[2], x[3], x[0]) ^ k->rk[41];
    y2 = LAST(x[2], x[3], x[0], x[1]) ^ k->rk[42];
    y3 = LAST(x[3], x[0], x[1], x[2]) ^ k->rk[43];
#undef LAST
    hb_store32_le(out, y0);
    hb_store32_le(out + 4, y1);
    hb_store32_le(out + 8, y2);
    hb_store32_le(out + 12, y3);
}

/* SP 800-38B sec. 6.1: multiply by x in GF(2^128), R_128 = 0x87;
 * the mask keeps it free of a secret-dependent branch */
static void dbl(uint8_t b[16]) HB_REENTRANT
{
    uint8_t carry = (uint8_t)(0u - (b[0] >> 7));
    unsigned i;
    for (i = 0; i < 15; i++) b[i] = (uint8_t)((b[i] << 1) | (b[i + 1] >> 7));
    b[15] = (uint8_t)((b[15] << 1) ^ (carry & 0x87u));
}

static void cbc_block(hb_cmac_ctx *c, const uint8_t *blk) HB_REENTRANT
{
    unsigned i;
    for (i = 0; i < 16; i++) c->x[i] ^= blk[i];
    hb_aes128_encrypt(&c->k, c->x, c->x);
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
    size_t take;
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
    cbc_block(c, c->buf);
    while (len > 16) {
        cbc_block(c, in);
        in += 16;
        len -= 16;
    }
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
    cbc_block(c, c->buf);
    memcpy(out, c->x, out_len < 16 ? out_len : 16);
    hb_wipe(c, sizeof *c);
}
