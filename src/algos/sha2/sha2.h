/*
 * sha2.h -- SHA-224/256 and SHA-384/512/512_224/512_256 (FIPS 180-4) over
 * the Merkle-Damgard helper.  Variants differ only in IV and output length.
 * The compression functions are one of the implementations named in
 * impls.toml (sha2/<impl>/: unrolled, rolled).
 */
#ifndef HB_SHA2_H
#define HB_SHA2_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_sha256_ctx {
    uint32_t H[8];
    hb_md md;
    uint8_t out_len;
    uint8_t buf[64];
} hb_sha256_ctx;

typedef struct hb_sha512_ctx {
    uint64_t H[8];
    hb_md md;
    uint8_t out_len;
    uint8_t buf[128];
} hb_sha512_ctx;

int hb_sha224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_sha256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_sha256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* the bare compression function (n blocks), for harnesses and HDL models */
void hb_sha256_compress(void *H, const uint8_t *blocks, size_t n) HB_REENTRANT;

int hb_sha384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha512_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha512_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha512_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_sha512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_sha512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
void hb_sha512_compress(void *H, const uint8_t *blocks, size_t n) HB_REENTRANT;

#endif
