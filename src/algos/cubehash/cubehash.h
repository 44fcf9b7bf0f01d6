/*
 * cubehash.h -- CubeHash16/32-h with i = f = 160 rounds (Bernstein, SHA-3
 * round-2 "normal" parameters: CubeHash160+16/32+160-h), h = 224/256/384/512.
 *
 * Not CubeHash8/1 (round 1) nor the round-3 "CubeHash16+16/32+32" (i=16,
 * f=32): those give different outputs.  Block = 32 bytes, 16 rounds each.
 */
#ifndef HB_CUBEHASH_H
#define HB_CUBEHASH_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_cubehash_ctx {
    uint32_t x[32];
    hb_md md;
    uint8_t out_len;
    uint8_t buf[32];
} hb_cubehash_ctx;

int hb_cubehash_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_cubehash_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_cubehash_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_cubehash_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_cubehash_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_cubehash_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* The kernel, one form per folder named in impls.toml, each defining both:
 * n 32-byte blocks into the state x[32] (each xored into x[0..7], then 16
 * rounds), and n rounds (n even) on x[0..31] (spec sec. 2: x_{abcde} =
 * x[16a+8b+4c+2d+e]).  Every form keeps the state as these 32 words, so a
 * context may change form between calls (the host dispatch). */
void hb_cubehash_compress(void *x, const uint8_t *blocks, size_t n) HB_REENTRANT;
void hb_cubehash_rounds(uint32_t *x, unsigned n) HB_REENTRANT;

#endif
