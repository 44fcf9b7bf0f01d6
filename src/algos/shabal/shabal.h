/*
 * shabal.h -- Shabal-224/256/384/512 (Bresson et al., SHA-3 round 2; there
 * was no tweak).  Block = 64 bytes (16 little-endian 32-bit words); state
 * A[12], B[16], C[16] and a 64-bit block counter W; the message is padded
 * with a 1 bit and zeros to a block boundary (always at least one bit), and
 * the last block is processed three more times without counting.
 */
#ifndef HB_SHABAL_H
#define HB_SHABAL_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_shabal_state {
    uint32_t a[12], b[16], c[16];
    uint64_t w;          /* number of the next block (first message block: 1) */
} hb_shabal_state;

typedef struct hb_shabal_ctx {
    hb_shabal_state s;
    hb_md md;
    uint8_t out_len;
    uint8_t buf[64];
} hb_shabal_ctx;

int hb_shabal_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shabal_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shabal_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shabal_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_shabal_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_shabal_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n 64-byte message blocks into an hb_shabal_state */
void hb_shabal_compress(void *state, const uint8_t *blocks, size_t n) HB_REENTRANT;
/* the padded last block, processed four times with the same W (a whole
 * message round each time: the C -= M, swap, B += M between two of them
 * is what the specification's swap of B and C amounts to) */
void hb_shabal_last(void *state, const uint8_t *block) HB_REENTRANT;

#endif
