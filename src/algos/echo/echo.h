/*
 * echo.h -- ECHO-224/256/384/512, round-2 version (Benadjila, Billet,
 * Gilbert, Macario-Rat, Peyrin, Robshaw, Seurin).  ECHO-224/256 keep a
 * 512-bit chaining value and take 1536-bit blocks (8 rounds); ECHO-384/512
 * keep 1024 bits and take 1024-bit blocks (10 rounds).  Salt is zero.
 */
#ifndef HB_ECHO_H
#define HB_ECHO_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_echo_ctx {
    uint32_t V[32];          /* chaining value, 128-bit words as 4 LE words */
    uint32_t cnt[4];         /* message bits so far (128 bits), LS word 1st */
    hb_md md;
    uint8_t out_len;         /* digest bytes                                */
    uint8_t big;             /* 0: ECHO-224/256, 1: ECHO-384/512            */
    uint8_t buf[192];
} hb_echo_ctx;

int hb_echo_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_echo_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_echo_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_echo_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_echo_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_echo_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

/* the bare compression function: V (16 or 32 words; big = 0 or 1) absorbs
 * one block (192 or 128 bytes) with the 128-bit counter cnt (four 32-bit
 * words, least significant first) */
void hb_echo_compress(uint32_t *V, int big, const uint8_t *blk, const uint32_t *cnt);

#endif
