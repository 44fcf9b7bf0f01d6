/*
 * jh.h -- JH-224/256/384/512, the final (SHA-3 round 3) version with 42
 * rounds (Hongjun Wu, "The Hash Function JH", 2011-01-16).
 *
 * Not the 35.5-round round-1/2 JH: that gives different outputs
 * (JH-256("") = 46e64619... here, 020cdd61... there).  Block = 64 bytes,
 * state = 1024 bits; the padding is JH's own (at least 512 bits: 0x80,
 * zeros, the bit length as a 128-bit big-endian number).
 */
#ifndef HB_JH_H
#define HB_JH_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_jh_ctx {
    uint64_t x[16];      /* H as 16 little-endian words: bytes 8k..8k+7 in x[k] */
    hb_md md;
    uint8_t out_len;
    uint8_t buf[64];
} hb_jh_ctx;

int hb_jh_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_jh_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_jh_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_jh_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_jh_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_jh_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* F8 on n consecutive 64-byte blocks; state = the x[16] array */
void hb_jh_compress(void *x, const uint8_t *blocks, size_t n) HB_REENTRANT;

#endif
