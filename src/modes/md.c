/* Merkle-Damgard buffering and padding: see md.h */
#include <string.h>
#include "md.h"
#include "../common/hb_util.h"

void hb_md_update(const hb_md_class *c, void *state, hb_md *m, uint8_t *buf,
                  const uint8_t *in, size_t len)
{
    size_t bs = c->block;
    if (len == 0) return;
    m->count += (uint64_t)len;
    if (m->used) {
        size_t take = bs - m->used;
        if (take > len) take = len;
        memcpy(buf + m->used, in, take);
        m->used = (uint16_t)(m->used + take);
        in += take;
        len -= take;
        /* a lazy class compresses a full buffer only once more input exists */
        if (m->used < bs || (c->lazy && len == 0)) return;
        c->compress(state, buf, 1);
        m->used = 0;
    }
    if (len >= bs) {
        /* one whole block, the commonest case, without the division (a
         * libgcc call on the AVR, 194 cycles) */
        size_t n = len < 2 * bs ? 1 : len / bs;
        if (c->lazy && n * bs == len) n--; /* hold the last full block back */
        if (n) {
            c->compress(state, in, n);
            in += n * bs;
            len -= n * bs;
        }
    }
    if (len) {
        memcpy(buf, in, len);
        m->used = (uint16_t)len;
    }
}

void hb_md_pad_open(const hb_md_class *c, void *state, hb_md *m, uint8_t *buf,
                    uint8_t first, unsigned len_bytes, uint32_t bits[3])
{
    size_t bs = c->block, u = m->used;
    bits[0] = (uint32_t)(m->count << 3);
    bits[1] = (uint32_t)(m->count >> 29);
    bits[2] = (uint32_t)(m->count >> 61);
    buf[u++] = first;
    if (u > bs - len_bytes) {
        memset(buf + u, 0, bs - u);
        c->compress(state, buf, 1);
        u = 0;
    }
    memset(buf + u, 0, bs - u);
}

void hb_md_pad(const hb_md_class *c, void *state, hb_md *m, uint8_t *buf,
               uint8_t first, unsigned len_bytes, int big_endian)
{
    size_t bs = c->block;
    /* the bit length as 32-bit words, least significant first */
    uint32_t bits[4];
    unsigned i;
    bits[3] = 0;
    hb_md_pad_open(c, state, m, buf, first, len_bytes, bits);
    /* 32-bit words, each shifted out a byte at a time (64-bit shifts per
     * byte cost more on the Cortex-M4; hb_md_pad_open is for a caller that
     * knows its width and byte order and stores whole words).  One
     * indexed store, not a call per byte order: SDCC compiles buf + bs - 4 - i
     * wrong as a pointer, and the two store helpers inlined here made the
     * 8051's SHA-512 image 7.6 KB larger. */
    for (i = 0; i < len_bytes; i += 4) {
        uint32_t w = bits[i >> 2];
        size_t at = big_endian ? bs - 1 - i : bs - len_bytes + i;
        unsigned k;
        for (k = 0; k < 4; k++, w >>= 8) buf[big_endian ? at - k : at + k] = (uint8_t)w;
    }
    c->compress(state, buf, 1);
    m->used = 0;
}
