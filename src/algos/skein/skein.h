/*
 * skein.h -- Skein v1.3 (Threefish-256/512/1024 in UBI chaining mode;
 * key-schedule parity constant 0x1BD11BDAA9FC1A22), sequential (no tree).
 *
 *   skein256_256, skein512_224/256/384/512, skein1024_1024
 *
 * Every entry is HB_VAROUT (params->out_len: any output length from 1 to
 * 65535 bytes; the configuration block carries it in bits, so Skein-512-256
 * is not Skein-512-512 truncated) and HB_KEYED (Skein-MAC: a key of any
 * length is first compressed by a Key-type UBI; an empty key is the
 * unkeyed hash).  Personalisation, nonce and tree modes are not offered.
 *
 * State layout shared by the three widths: S[0..1] the UBI tweak
 * (position, type, first/final flags), S[2..Nw+1] the chaining value.
 * The block buffer follows S, so that its words are 8-byte aligned (a
 * context is): Threefish's word loads from it then never straddle a
 * cache line.
 * The message UBI is a lazy Merkle-Damgard class: the last block (padded
 * with zeros, position = message bytes) is compressed by final.
 */
#ifndef HB_SKEIN_H
#define HB_SKEIN_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_skein256_ctx {
    uint64_t S[2 + 4];
    uint8_t buf[32];
    hb_md md;
    uint16_t out_len;   /* output bytes chosen at init */
} hb_skein256_ctx;

typedef struct hb_skein512_ctx {
    uint64_t S[2 + 8];
    uint8_t buf[64];
    hb_md md;
    uint16_t out_len;
} hb_skein512_ctx;

typedef struct hb_skein1024_ctx {
    uint64_t S[2 + 16];
    uint8_t buf[128];
    hb_md md;
    uint16_t out_len;
} hb_skein1024_ctx;

/* UBI over n blocks: per block, position += bytes, X = Threefish_{X,T}(M) ^ M,
 * then the First flag is cleared.  S as above. */
void hb_skein256_ubi(uint64_t *S, const uint8_t *blocks, size_t n, size_t bytes) HB_REENTRANT;
void hb_skein512_ubi(uint64_t *S, const uint8_t *blocks, size_t n, size_t bytes) HB_REENTRANT;
void hb_skein1024_ubi(uint64_t *S, const uint8_t *blocks, size_t n, size_t bytes) HB_REENTRANT;

/* final's two blocks when one output block is enough: the message's last
 * block (buf, its first `bytes` bytes message, the rest zeros; S[1] has
 * the Final flag set), then output block 0 (sec. 3.5.3), whose result is
 * left in S[2..Nw+1]; buf's contents are then unspecified.  One call so that a form can run
 * both blocks through one Threefish body (unrolled/threefish512.c); the
 * others make two ubi calls (TF_UBI_OUT in threefish_common.h). */
void hb_skein256_ubi_out(uint64_t *S, uint8_t *buf, size_t bytes) HB_REENTRANT;
void hb_skein512_ubi_out(uint64_t *S, uint8_t *buf, size_t bytes) HB_REENTRANT;
void hb_skein1024_ubi_out(uint64_t *S, uint8_t *buf, size_t bytes) HB_REENTRANT;

/* tweak word 1 of an output block: type Out (63), First and Final
 * (sec. 3.5.1, Table 6) */
#define HB_SKEIN_T1_OUT ((63ULL << 56) | (1ULL << 62) | (1ULL << 63))

/* What the shared part (skein_mode.h) needs of a width: its UBI and message
 * buffering.  skein_start / skein_finish are init and final of every
 * width (skein256.c, skein512.c, skein1024.c bind them to one). */
typedef struct hb_skein_desc {
    uint8_t nw;                                       /* state words */
    void (*ubi)(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT;
    void (*ubi_out)(uint64_t *S, uint8_t *buf, size_t bytes) HB_REENTRANT;
    hb_md_class md;                                   /* message buffering (lazy) */
} hb_skein_desc;

int hb_skein256_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_skein256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_skein256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

int hb_skein512_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_skein512_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_skein512_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_skein512_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_skein512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_skein512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

int hb_skein1024_1024_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_skein1024_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_skein1024_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

#endif
