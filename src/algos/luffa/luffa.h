/*
 * luffa.h -- Luffa-224/256/384/512 (SHA-3 round 2, "Luffa v2": De Canniere,
 * Sato, Watanabe, specification ver. 2.0, 15 Sep 2009).
 *
 * w = 3, 4 or 5 parallel 256-bit sub-permutations Q_j, one 256-bit message
 * block per round.  Luffa-224 is Luffa-256 truncated; 384 uses w = 4 and
 * 512 uses w = 5.  Padding is a 1 bit and zeros to a block boundary; the
 * finalisation runs blank rounds (zero message block), each giving 256
 * output bits (XOR of the w sub-states).
 */
#ifndef HB_LUFFA_H
#define HB_LUFFA_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_luffa_ctx {
    uint32_t V[5][8];   /* chaining value: w blocks of 8 big-endian words */
    hb_md md;
    uint8_t w;          /* number of sub-permutations: 3, 4 or 5 */
    uint8_t out_len;
    uint8_t buf[32];
} hb_luffa_ctx;

int hb_luffa_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_luffa_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_luffa_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_luffa_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_luffa_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_luffa_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* one round (message injection + the w permutations) over n blocks;
 * state is the hb_luffa_ctx */
void hb_luffa_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT;

#endif
