/*
 * groestl.h -- Groestl-224/256/384/512, the final (round-3, "tweaked")
 * version: P and Q differ in their round constants and Q's ShiftBytes
 * (Groestl-0, the round-1/2 version, is NOT this).  224/256 use the
 * 512-bit permutations (10 rounds), 384/512 the 1024-bit ones (14 rounds).
 */
#ifndef HB_GROESTL_H
#define HB_GROESTL_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_groestl_ctx {
    union {               /* the state, in the implementation's form:      */
        uint64_t w[16];   /* columns (tables8/, table1/, sbox64/): row r =  */
                          /* byte r of a little-endian word                 */
        uint8_t b[128];   /* bytes (bytes/): byte 8c + r = row r of column c */
    } h;
    hb_md md;
    uint8_t out_len;  /* digest bytes */
    uint8_t big;      /* 0: l = 512 (8 columns), 1: l = 1024 (16 columns) */
    uint8_t buf[128];
} hb_groestl_ctx;

int hb_groestl_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_groestl_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_groestl_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_groestl_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_groestl_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_groestl_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

/* the bare compression functions f(h, m) = P(h ^ m) ^ Q(m) ^ h over n
 * blocks of 64 (8 columns) or 128 bytes (16 columns); h is the context's
 * h, in the form of the implementation (src/algos/groestl/impls.toml:
 * bytes/ is the byte-oriented round for 8-bit CPUs, no 64-bit arithmetic) */
void hb_groestl512_compress(void *h, const uint8_t *blocks, size_t n) HB_REENTRANT;
void hb_groestl1024_compress(void *h, const uint8_t *blocks, size_t n) HB_REENTRANT;

#endif
