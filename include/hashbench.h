/*
 * hashbench.h -- the contract of the hashbench C library.
 *
 * One descriptor (hb_algo) per algorithm variant; the registry is generated
 * from src/algos.def (one line per variant) and is the only list of
 * algorithms in the project: the C tests, the benchmark harness, the
 * firmware images and the Python binding all iterate it.
 *
 * Rules every implementation follows:
 *  - C99, no malloc, no state in globals: a context is caller-owned memory of
 *    hb_algo.ctx_size bytes, suitably aligned for uint64_t.  Contexts hold no
 *    pointers into themselves, so memcpy() of a context copies the hash state
 *    (this is how Python's .copy() and non-destructive .digest() work).
 *  - init(ctx, params) returns HB_OK or an HB_ERR_* code and leaves the
 *    context unusable on error.  params may be NULL (= all defaults).
 *  - update(ctx, NULL, 0) is legal and does nothing.
 *  - final(ctx, out, out_len): for an XOF any out_len (including 0) is legal
 *    and final may be called once; for a fixed-length hash out_len must equal
 *    the digest length chosen at init (hb_algo.digest_size unless
 *    params->out_len asked for another).  final never writes past out_len.
 *  - Large constant tables are declared HB_ROM and read with the HB_ROM_*
 *    macros (hb_platform.h) so 8-bit targets can keep them in flash.
 */
#ifndef HASHBENCH_H
#define HASHBENCH_H

#include <stddef.h>
#include <stdint.h>
#include "hb_platform.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_VERSION "0.1.0"

/* hb_algo.flags */
#define HB_XOF          0x01u /* extendable output: digest_size is 0, caller picks out_len   */
#define HB_KEYED        0x02u /* accepts params->key                                          */
#define HB_KEY_REQUIRED 0x04u /* a MAC: init fails with HB_ERR_KEY without a key              */
#define HB_CUSTOM       0x08u /* accepts params->custom (cSHAKE S, KMAC S, K12 C, ...)         */
#define HB_VAROUT       0x10u /* fixed-length hash whose length params->out_len may choose    */
#define HB_SALT         0x20u /* accepts params->salt and params->pers (BLAKE2)               */
#define HB_MAC          0x40u /* a message authentication code (HMAC, KMAC, keyed modes)       */

/* return codes of init and the one-shot helpers */
#define HB_OK          0
#define HB_ERR_KEY    -1 /* key missing, not accepted, or of a bad length   */
#define HB_ERR_OUTLEN -2 /* output length not allowed for this algorithm    */
#define HB_ERR_PARAM  -3 /* salt/personalisation/customisation not allowed  */
#define HB_ERR_NAME   -4 /* no algorithm of that name                        */

/* Optional parameters of init.  Unused fields must be zero (use
 * HB_PARAMS_INIT or memset).  Each algorithm documents what it accepts in
 * its flags; a field it does not accept that is non-empty is an error. */
typedef struct hb_params {
    const uint8_t *key;    size_t key_len;
    const uint8_t *custom; size_t custom_len;
    const uint8_t *salt;   size_t salt_len;
    const uint8_t *pers;   size_t pers_len;
    size_t out_len;        /* 0: the algorithm's default digest length */
} hb_params;
#define HB_PARAMS_INIT {0, 0, 0, 0, 0, 0, 0, 0, 0}

typedef int  (*hb_init_fn)(void *ctx, const hb_params *p) HB_REENTRANT;
typedef void (*hb_update_fn)(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
typedef void (*hb_final_fn)(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

typedef struct hb_algo {
    const char *name;      /* canonical: lower case, underscores ("sha3_256") */
    uint16_t digest_size;  /* default output bytes; 0 for an XOF            */
    uint16_t block_size;   /* compression block or sponge rate, bytes        */
    uint16_t ctx_size;     /* bytes of caller-owned context                   */
    uint16_t flags;        /* HB_XOF | HB_KEYED | ...                         */
    uint16_t max_key;      /* longest key accepted (0: unkeyed, 0xffff: any) */
    hb_init_fn init;
    hb_update_fn update;
    hb_final_fn final;
} hb_algo;

/* ---- registry ---------------------------------------------------------- */
size_t hb_count(void);                 /* number of registered variants     */
const hb_algo *hb_at(size_t i);        /* i-th variant, NULL past the end   */
/* Look up by name: case-insensitive, '-' and '/' read as '_'
 * ("SHA3-256", "sha512/256").  NULL when unknown. */
const hb_algo *hb_find(const char *name);
size_t hb_max_ctx_size(void);          /* largest ctx_size in the registry */

/* ---- one-shot helpers --------------------------------------------------- */
/* Hash in[0..len) into out[0..out_len) with a context on the stack.
 * out_len 0 on a fixed-length hash means its default digest length. */
int hb_hash(const hb_algo *a, const hb_params *p, const uint8_t *in, size_t len,
            uint8_t *out, size_t out_len);

/* ---- HMAC over any fixed-length registry hash (FIPS 198-1) -------------- */
/* Generic context, large enough for any registry hash; the registry's own
 * hmac_<hash> entries use smaller, hash-specific contexts. */
typedef struct hb_hmac_ctx {
    const hb_algo *h;
    uint16_t out_len;
    uint64_t inner[HB_HMAC_CTX_WORDS];
    uint64_t outer[HB_HMAC_CTX_WORDS];
} hb_hmac_ctx;
size_t hb_hmac_ctx_size(void);        /* sizeof(hb_hmac_ctx), for bindings */
int  hb_hmac_init(hb_hmac_ctx *c, const hb_algo *h, const uint8_t *key, size_t key_len);
void hb_hmac_update(hb_hmac_ctx *c, const uint8_t *in, size_t len);
void hb_hmac_final(hb_hmac_ctx *c, uint8_t *out); /* writes h->digest_size bytes */
int  hb_hmac(const hb_algo *h, const uint8_t *key, size_t key_len,
             const uint8_t *in, size_t len, uint8_t *out);

/* Constant-time comparison of two tags: 1 when equal, 0 otherwise.  The
 * running time depends only on len. */
int hb_ct_equal(const uint8_t *a, const uint8_t *b, size_t len);

#ifdef __cplusplus
}
#endif
#endif
