/*
 * keccak.h -- Keccak-p[1600] and the modes built on it: SHA-3 and SHAKE
 * (FIPS 202) and the original Keccak (round-3 submission, pad10*1 with no
 * domain bits).  cSHAKE/KMAC, TurboSHAKE and KangarooTwelve reuse the same
 * permutation through hb_keccakp1600 with their own round count.
 */
#ifndef HB_KECCAK_H
#define HB_KECCAK_H

#include "hashbench.h"
#include "../../modes/sponge.h"

/* Keccak-p[1600, rounds]: the last `rounds` rounds of Keccak-f[1600]. */
extern const hb_perm hb_keccakp1600;
void hb_keccakp1600_permute(void *st, unsigned rounds) HB_REENTRANT;

typedef struct hb_keccak_ctx {
    uint64_t A[25];   /* lane (x, y) at A[x + 5y]; byte view little-endian */
    hb_sponge sp;
    uint8_t ds;       /* domain/padding byte: 0x06 SHA-3, 0x1F SHAKE, 0x01 Keccak */
} hb_keccak_ctx;

/* start a sponge of capacity 2*cap_bytes with domain byte ds, 24 rounds */
void hb_keccak_start(hb_keccak_ctx *c, unsigned cap_bytes, uint8_t ds, unsigned rounds);

int hb_sha3_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha3_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha3_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_sha3_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shake_128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_shake_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_keccak_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_keccak_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_keccak_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_keccak_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_keccak_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
/* pad with ctx->ds on the first call, then squeeze: serves fixed and XOF */
void hb_keccak_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

#endif
