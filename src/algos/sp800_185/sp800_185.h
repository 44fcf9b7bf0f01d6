/*
 * sp800_185.h -- cSHAKE, KMAC and KMACXOF (NIST SP 800-185) over the one
 * Keccak-p[1600] of keccak/ (24 rounds, SHAKE rates 168 / 136).
 *
 * cshake128 / cshake256 (XOF): function name N is fixed empty; the
 *   customisation string S is params->custom.  With N and S both empty,
 *   cSHAKE is SHAKE (sec. 3.3), which is what these entries compute then.
 * kmac128 / kmac256: key = params->key (required; any length, empty
 *   allowed with a non-NULL pointer), S = params->custom, output length L
 *   fixed at init by params->out_len (default 32 / 64 bytes); final
 *   appends right_encode(8L) and must be asked for exactly L bytes.
 * kmacxof128 / kmacxof256 (XOF): the same with right_encode(0).
 * All of it is absorbed at init except the message and right_encode, so
 * the context stores no parameter.
 */
#ifndef HB_SP800_185_H
#define HB_SP800_185_H

#include "hashbench.h"
#include "../keccak/keccak.h"

typedef struct hb_sp800_185_ctx {
    hb_keccak_ctx k;
    uint64_t out_bits;   /* KMAC: 8L; KMACXOF: 0                    */
    uint8_t kmac;        /* 1: append right_encode(out_bits) at final */
} hb_sp800_185_ctx;

int hb_cshake128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_cshake256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_kmac128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_kmac256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_kmacxof128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_kmacxof256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_sp800_185_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_sp800_185_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

#endif
