/*
 * blake2.h -- BLAKE2b and BLAKE2s (RFC 7693), sequential mode, with the
 * parameter-block options hashlib exposes: digest length (1..64 / 1..32
 * via hb_params.out_len), key (0..64 / 0..32 bytes; empty = unkeyed),
 * salt and personalisation (up to 16 / 8 bytes, shorter values are
 * zero-padded as hashlib does, longer ones give HB_ERR_PARAM).
 *
 * Buffering is the MD helper in lazy mode: the last block (which carries
 * the final flag) always waits in buf until final.  The byte counter t is
 * kept here rather than taken from hb_md because compress needs its value
 * per block while hb_md_update has already counted the whole input.
 */
/* The compression is one of the implementations named in impls.toml
 * (blake2/<impl>/): hb_blake2b_compress, _setup and _final (the small form
 * keeps h and t as bytes) and hb_blake2s_block. */
#ifndef HB_BLAKE2_H
#define HB_BLAKE2_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_blake2b_ctx {
    uint64_t h[8];
    uint64_t t[2];     /* bytes compressed so far, 128-bit little-endian; in
                        * small/ h and t hold little-endian bytes */
    hb_md md;
    uint8_t out_len;
    uint8_t buf[128];
} hb_blake2b_ctx;

typedef struct hb_blake2s_ctx {
    uint32_t h[8];
    uint32_t t[2];     /* bytes compressed so far, 64-bit little-endian */
    hb_md md;
    uint8_t out_len;
    uint8_t buf[64];
} hb_blake2s_ctx;

int hb_blake2b_init(void *ctx, const hb_params *p) HB_REENTRANT;     /* 64 bytes, VAROUT 1..64 */
int hb_blake2b_256_init(void *ctx, const hb_params *p) HB_REENTRANT; /* fixed 32 bytes */
int hb_blake2b_384_init(void *ctx, const hb_params *p) HB_REENTRANT; /* fixed 48 bytes */
void hb_blake2b_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_blake2b_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n non-final blocks (t advances by 128 each); state is the context */
void hb_blake2b_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT;
/* h and t from the parameter block: digest and key length, salt and
 * personalisation (16 bytes each, zero-padded) */
void hb_blake2b_setup(hb_blake2b_ctx *c, unsigned outlen, unsigned kk, const uint8_t *salt,
                      const uint8_t *pers) HB_REENTRANT;

int hb_blake2s_init(void *ctx, const hb_params *p) HB_REENTRANT;     /* 32 bytes, VAROUT 1..32 */
int hb_blake2s_128_init(void *ctx, const hb_params *p) HB_REENTRANT; /* fixed 16 bytes */
void hb_blake2s_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_blake2s_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
void hb_blake2s_compress(void *ctx, const uint8_t *blocks, size_t n) HB_REENTRANT;
/* RFC 7693 3.2 F: compress one block with the counter already advanced;
 * last is 0 or all-ones (f0) */
void hb_blake2s_block(hb_blake2s_ctx *c, const uint8_t *blk, uint32_t last) HB_REENTRANT;

#endif
