/*
 * shavite3.h -- SHAvite-3-224/256/384/512 as in the round-2 specification
 * (Biham, Dunkelman; little-endian AES state words, 12 rounds of C256,
 * 14 rounds of C512).  This is what sphlib 3.0 implements; it differs from
 * the round-2 "BugFix" reference code (big-endian AES tables) and from the
 * Oct-2010 tweak of SHAvite-3-512 (16 rounds).  Salt is always zero.
 */
#ifndef HB_SHAVITE3_H
#define HB_SHAVITE3_H

#include "hashbench.h"
#include "../../modes/md.h"

/* one width: its block size and md compress, its compression function,
 * the chaining words (8: C256, 64-byte blocks; 16: C512, 128-byte) */
typedef struct hb_shavite3_desc {
    hb_md_class md;
    void (*compress)(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT;
    uint8_t words;
} hb_shavite3_desc;

typedef struct hb_shavite3_ctx {
    uint32_t h[16];       /* chaining value (8 words for C256)            */
    uint32_t cnt[4];      /* message bits so far (128 bits), LS word first */
    hb_md md;
    const hb_shavite3_desc *d; /* the width (shavite3_c256.h / _c512.h)   */
    /* on a word boundary: the compression function reads its words and
     * final writes the length a word at a time (unaligned, each costs more
     * on the Cortex-M4, and memset takes its byte-at-a-time path) */
    uint8_t buf[128];
    uint8_t out_len;      /* digest bytes                                  */
} hb_shavite3_ctx;

int hb_shavite3_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shavite3_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shavite3_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shavite3_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_shavite3_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_shavite3_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

/* the bare compression functions: h (8 or 16 words) updated with one
 * block (64 or 128 bytes) and the bit counter cnt[0..1] / cnt[0..3]
 * (32-bit words, least significant first) */
void hb_shavite3_c256(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT;
void hb_shavite3_c512(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT;

/* the 128-bit bit counter (32-bit words, least significant first) +=
 * bits; inline: a call per block cost the AVR about 40 cycles of a
 * 64-byte message's 62,000 */
HB_INLINE void hb_shavite3_count(uint32_t *cnt, uint32_t bits)
{
    unsigned j;
    cnt[0] += bits;
    if (cnt[0] >= bits) return;
    for (j = 1; j < 4 && ++cnt[j] == 0; j++) {}
}

/* shared by the widths (shavite3.c) */
int hb_shavite3_start(void *ctx, const hb_params *p, const hb_shavite3_desc *d, HB_ROM uint32_t *iv,
                      unsigned out_len);

#endif
