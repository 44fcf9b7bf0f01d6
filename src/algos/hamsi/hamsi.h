/*
 * hamsi.h -- Hamsi-224/256/384/512 (SHA-3 round 2; O. Kucuk, "The Hash
 * Function Hamsi", 2009).
 *
 * Concatenate-permute-truncate: a 32-bit (224/256) or 64-bit (384/512)
 * message block is expanded by a linear code to 256 or 512 bits, joined
 * with the 256/512-bit chaining value, permuted (3 or 6 rounds; the last
 * block 6 or 12 rounds) and truncated into the chaining value.
 * Hamsi-224 uses the specification's (UTF-8-corrected) IV as sphlib does;
 * the round-2 package's IV differs (see shared/kat/INDEX.md).
 */
#ifndef HB_HAMSI_H
#define HB_HAMSI_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_hamsi_ctx {
    uint32_t h[16];     /* chaining value (8 words for 224/256) */
    hb_md md;
    uint8_t big;        /* 0: Hamsi-224/256, 1: Hamsi-384/512 */
    uint8_t out_len;
    uint8_t buf[8];
} hb_hamsi_ctx;

int hb_hamsi_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_hamsi_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_hamsi_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_hamsi_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
/* hamsi_small.h (in the implementation's hamsi256.c): Hamsi-224/256;
 * hamsi_big.h (in its hamsi512.c): Hamsi-384/512 */
void hb_hamsi256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_hamsi256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
void hb_hamsi512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_hamsi512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n message blocks (4 / 8 bytes each) through P; state is the ctx */
void hb_hamsi256_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT;
void hb_hamsi512_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT;

#endif
