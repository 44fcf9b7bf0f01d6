/*
 * k12.h -- TurboSHAKE128/256 and KangarooTwelve KT128/KT256 (RFC 9861),
 * both over the one Keccak-p[1600] of keccak/ with 12 rounds.
 *
 * TurboSHAKE (XOF): the generic sponge (rate 168 or 136) with the domain
 * byte D at the end of the message and 0x80 at the end of the block.
 *   D is chosen through params->custom: custom_len 0 means the default
 *   D = 0x1F; custom_len 1 means D = custom[0], which must lie in
 *   0x01..0x7F (RFC 9861 sec. 2.2); anything else is HB_ERR_PARAM.
 *
 * KT128 / KT256 (XOF; `k12` is a second registry name for KT128):
 *   S = M || C || length_encode(|C|), C = params->custom (any length).
 *   |S| <= 8192: TurboSHAKE(S, D=0x07).  Otherwise S is cut into 8192-byte
 *   chunks S_0, S_1, ...; each S_i (i >= 1) gives a chaining value
 *   TurboSHAKE(S_i, D=0x0B) of 32 (KT128) or 64 (KT256) bytes, and the
 *   output is TurboSHAKE(S_0 || 03 00^7 || CV_1 .. CV_n-1 ||
 *   length_encode(n-1) || FF FF, D=0x06).
 *   The context streams: S_0 goes straight into the final-node sponge (it
 *   is the same prefix for both cases), each later chunk into a leaf
 *   sponge whose CV is absorbed as soon as the chunk is complete.
 *
 *   C is absorbed at final, after M, so the context needs C then:
 *   up to HB_KT_CUSTOM_INLINE bytes are copied into the context at init;
 *   a longer C is referenced by pointer and the caller's buffer MUST stay
 *   valid and unchanged until final (and across memcpy copies of the
 *   context).  Tests and bindings that pass long C keep it alive.
 */
#ifndef HB_K12_H
#define HB_K12_H

#include "hashbench.h"
#include "../keccak/keccak.h"

#ifndef HB_KT_CUSTOM_INLINE
#define HB_KT_CUSTOM_INLINE 256
#endif

int hb_turboshake128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_turboshake256_init(void *ctx, const hb_params *p) HB_REENTRANT;
/* TurboSHAKE uses hb_keccak_ctx with hb_keccak_update / hb_keccak_final. */

typedef struct hb_kt_ctx {
    hb_keccak_ctx node;   /* final node: S_0, then 03 00^7 and the CVs */
    hb_keccak_ctx leaf;   /* the chunk S_i being absorbed (i >= 1)      */
    uint64_t total;       /* bytes of S absorbed so far                  */
    uint64_t leaves;      /* completed leaf chunks                       */
    uint64_t custom_len;
    const uint8_t *custom_ext;              /* C when longer than inline */
    uint8_t custom[HB_KT_CUSTOM_INLINE];    /* C when short              */
    uint8_t cv_len;       /* 32 (KT128) or 64 (KT256)                    */
    uint8_t cap;          /* capacity bytes of the TurboSHAKE used        */
} hb_kt_ctx;

int hb_kt128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_kt256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_kt_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_kt_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

/* Whole leaves handed to hb_kt_leaves per call on the way through update.
 * 64-bit hosts take 16, two batches of the widest (8-way) kernel per call,
 * for a 1 KiB buffer of chaining values on the stack; 32-bit targets 2
 * (128 bytes), so their KATs cover the path although no SIMD kernel runs
 * there; 16-bit targets keep the one-leaf sponge (1: off). */
#ifndef HB_KT_MANY
#if SIZE_MAX > 0xffffffffu
#define HB_KT_MANY 16
#elif SIZE_MAX > 0xffffu
#define HB_KT_MANY 2
#else
#define HB_KT_MANY 1
#endif
#endif

/* Internal.  n whole 8192-byte leaves at in, in + 8192, ...: leaf i's
 * chaining value TurboSHAKE(S_i, D=0x0B) of cv_len bytes (32: KT128, 64:
 * KT256; the capacity is cv_len bytes too) to cv + cv_len * i.  One form per folder
 * named in impls.toml: the portable one a loop over the one-state sponge
 * (k12_serial.h), the SIMD ones 4 or 8 leaves side by side. */
void hb_kt_leaves(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv) HB_REENTRANT;

#endif
