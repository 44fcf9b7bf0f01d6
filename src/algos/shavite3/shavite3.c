/* SHAvite-3 (round-2 specification): see shavite3.h.  Update and final,
 * shared by both widths; each width's compression function is in its own
 * object (<impl>/shavite3_256.c, <impl>/shavite3_512.c) and is reached
 * only through the descriptor the init function puts in the context, so an
 * image links one of them (on the 8051 both together were 68 KB of code,
 * over 64 KB). */
#include "shavite3.h"
#include "../../common/hb_util.h"

int hb_shavite3_start(void *ctx, const hb_params *p, const hb_shavite3_desc *d, HB_ROM uint32_t *iv,
                      unsigned out_len)
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    /* word by word, without memset: on the Cortex-M4 its calls were most
     * of a 64-byte message's cost outside the compression function;
     * C256 reads only the first 8 words of h */
    for (i = 0; i < d->words; i += 4) {   /* 8 or 16 words */
        c->h[i] = HB_ROM_U32(iv, i); c->h[i + 1] = HB_ROM_U32(iv, i + 1);
        c->h[i + 2] = HB_ROM_U32(iv, i + 2); c->h[i + 3] = HB_ROM_U32(iv, i + 3);
    }
    for (i = 0; i < 4; i++) c->cnt[i] = 0;
    hb_md_reset(&c->md);
    c->d = d;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

void hb_shavite3_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)ctx;
    hb_md_update(&c->d->md, c, &c->md, c->buf, in, len);
}

/* Padding (spec sec. 4.2 / 5.2): 1 bit, zeros, the message length in bits
 * (64 / 128 bits, little-endian), the digest length in bits (16 bits,
 * little-endian).  A block that holds no message bit is compressed with
 * counter 0. */
void hb_shavite3_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_shavite3_ctx *c = (hb_shavite3_ctx *)ctx;
    const hb_shavite3_desc *d = c->d;
    unsigned bs = d->md.block, lenb = d->words, u = c->md.used, i;
    unsigned tail = lenb + 2, bits = 8u * c->out_len;
    uint32_t zero[4] = {0, 0, 0, 0};
    const uint32_t *k = u ? c->cnt : zero;   /* the counter the last block is compressed with */

    hb_shavite3_count(c->cnt, 8 * (uint32_t)u);
    c->buf[u] = 0x80;
    /* zeros up to the length fields, which the loop below writes */
    if (u + 1 > bs - tail) {
        memset(c->buf + u + 1, 0, bs - u - 1);
        d->compress(c->h, c->buf, k);
        memset(c->buf, 0, bs - tail);
        k = zero;
    } else {
        memset(c->buf + u + 1, 0, bs - tail - u - 1);
    }
    {
        /* an index that walks the fields, a byte a store: indexed by
         * i + constant, avr-gcc put the buffer in X, which has no offset
         * addressing, and added and subtracted the offset around each
         * byte (175 cycles for SHAvite-3-512's 18 bytes, 97 so).  Base and
         * index stay apart for SDCC, which miscompiled the pointer
         * c->buf + bs - tail (the 8051's digests differed) */
        size_t at = bs - tail;
        for (i = 0; i < lenb; i += 4) {
            uint32_t v = c->cnt[i >> 2];
            c->buf[at++] = (uint8_t)v; c->buf[at++] = (uint8_t)(v >> 8);
            c->buf[at++] = (uint8_t)(v >> 16); c->buf[at++] = (uint8_t)(v >> 24);
        }
        c->buf[at++] = (uint8_t)bits;
        c->buf[at] = (uint8_t)(bits >> 8);
    }
    d->compress(c->h, c->buf, k);
    /* the digest: the first out_len bytes of h, little-endian */
    if (out_len > c->out_len) out_len = c->out_len;
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* the words in memory are the digest's bytes: one copy.  Stored a word
     * at a time, avr-gcc addressed out through X as above (578 cycles for
     * 64 bytes, memcpy 523); on the Cortex-M4 the copy is also about 30
     * modelled cycles cheaper */
    memcpy(out, c->h, out_len);
#else
    for (i = 0; i + 4 <= out_len; i += 4) hb_store32_le(out + i, c->h[i >> 2]);
    for (; i < out_len; i++) out[i] = (uint8_t)(c->h[i >> 2] >> (8 * (i & 3)));
#endif
}
