/*
 * simd.h -- SIMD-224/256/384/512 (SHA-3 round 2, tweaked version "SIMD
 * 1.1": Leurent, Bouillaguet, Fouque).
 *
 * The chaining value is four registers A, B, C, D of n 32-bit words
 * (n = 4 for 224/256 with 64-byte blocks, n = 8 for 384/512 with
 * 128-byte blocks).  A compression expands the block with an NTT over
 * Z/257 (size 32n) and two inner codes (multipliers 185 and 233) into
 * 32 words of n lanes, XORs the block into the state, runs 4 rounds of
 * 8 Feistel-like steps (IF then MAJ), and ends with 4 feed-forward steps
 * that take the old chaining value as their message words.
 *
 * Padding: the last partial block is zero-filled; then one more block
 * holding the message length in bits (64-bit little-endian) is compressed
 * with the "final" flag (which adds X^(32n-3) to the NTT input).  The
 * digest is the first bytes of A || B, little-endian words.
 */
#ifndef HB_SIMD_H
#define HB_SIMD_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_simd_ctx {
    uint32_t S[4][8];   /* A, B, C, D: the first n words of each are used */
    hb_md md;
    uint8_t n;          /* lanes: 4 (SIMD-224/256) or 8 (SIMD-384/512) */
    uint8_t out_len;
    uint8_t buf[128];
} hb_simd_ctx;

int hb_simd_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_simd_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_simd_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_simd_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_simd_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_simd_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n non-final blocks (16 * ctx->n bytes each); state is the hb_simd_ctx */
void hb_simd_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT;
/* one compression of the n-lane state S (n = 4 or 8) by the block m
 * (16n bytes); final: the length block.  Defined by each implementation
 * folder (impls.toml). */
void hb_simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final);

#endif
