/*
 * bmw.h -- Blue Midnight Wish BMW-224/256/384/512, SHA-3 round 2 (tweaked)
 * version (D. Gligoroski, V. Klima et al., "Cryptographic Hash Function
 * BLUE MIDNIGHT WISH", tweaked for round 2, 2009).
 *
 * A wide-pipe Merkle-Damgard hash: the chaining value is as wide as the
 * message block, sixteen 32-bit words (64-byte blocks, BMW-224/256) or
 * sixteen 64-bit words (128-byte blocks, BMW-384/512).  Words are
 * little-endian.  Padding is the classic one with a 64-bit little-endian
 * bit length (hb_md_pad); the round-2 tweak adds one more compression
 * after the last block, with the constant CONST_final as chaining value
 * and the chaining value as message.  The digest is the last 28/32/48/64
 * bytes of that result.
 *
 * The compression function f is one of the implementations named in
 * impls.toml (bmw/<impl>/: unrolled, compact, tiny), each defining
 * hb_bmw256_f and hb_bmw512_f below; the forms are described in
 * bmw_unrolled.h, bmw_compact.h and tiny/bmw512.c.
 */
#ifndef HB_BMW_H
#define HB_BMW_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_bmw256_ctx {
    uint32_t h[16];
    hb_md md;
    uint8_t out_len;    /* 28 or 32 */
    uint8_t buf[64];
} hb_bmw256_ctx;

typedef struct hb_bmw512_ctx {
    uint64_t h[16];
    hb_md md;
    uint8_t out_len;    /* 48 or 64 */
    uint8_t buf[128];
} hb_bmw512_ctx;

int hb_bmw_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_bmw_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_bmw256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_bmw256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n 64-byte blocks into the chaining value; st is the ctx */
void hb_bmw256_compress(void *st, const uint8_t *blocks, size_t n) HB_REENTRANT;

int hb_bmw_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_bmw_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_bmw512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_bmw512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n 128-byte blocks into the chaining value; st is the ctx */
void hb_bmw512_compress(void *st, const uint8_t *blocks, size_t n) HB_REENTRANT;

/* f (spec 2.2): H = f2(f1(f0(M, H)), M) in place, on 16 words */
void hb_bmw256_f(uint32_t *H, const uint32_t *M) HB_REENTRANT;
void hb_bmw512_f(uint64_t *H, const uint64_t *M) HB_REENTRANT;

#endif
