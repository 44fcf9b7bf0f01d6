/*
 * blake.h -- BLAKE-224/256/384/512, the SHA-3 finalist in its final
 * (round-3) form: 14 rounds over 32-bit words for BLAKE-224/256, 16 rounds
 * over 64-bit words for BLAKE-384/512, salt fixed at zero.
 *
 * Buffering is the Merkle-Damgard helper (src/modes/md.h); the padding is
 * BLAKE's own (see final in blake256.c): the counter of a block is the
 * number of message bits up to and including it, except that a block
 * holding padding only gets counter 0, and BLAKE-256/512 set the bit just
 * before the length field (224/384 leave it clear).
 */
#ifndef HB_BLAKE_H
#define HB_BLAKE_H

#include "hashbench.h"
#include "../../modes/md.h"

/* chaining value and bit counter: what the compression function updates */
typedef struct hb_blake256_state {
    uint32_t h[8];
    uint32_t t[2];      /* bits hashed so far, t[0] low word */
} hb_blake256_state;

typedef struct hb_blake512_state {
    uint64_t h[8];
    uint64_t t[2];      /* bits hashed so far, t[0] low word */
} hb_blake512_state;

typedef struct hb_blake256_ctx {
    hb_blake256_state st;
    hb_md md;
    uint8_t out_len;    /* 28 or 32; also selects the padding bit */
    uint8_t buf[64];
} hb_blake256_ctx;

typedef struct hb_blake512_ctx {
    hb_blake512_state st;
    hb_md md;
    uint8_t out_len;    /* 48 or 64 */
    uint8_t buf[128];
} hb_blake512_ctx;

/* Zero b[from..to) and up to 7 bytes after it, eight at a time, for the
 * padding (internal; the caller leaves room).  gcc merges the eight byte
 * stores into one 64-bit store on x86-64 and two word stores on the
 * Cortex-M4, where a memset of a length known only at run time is rep
 * stosq (some 30 cycles to start) and memset(p, 0, 8) a library call. */
HB_INLINE void hb_blake_zero8(uint8_t *b, size_t from, size_t to) HB_REENTRANT
{
    for (; from < to; from += 8) {
        b[from] = 0; b[from + 1] = 0; b[from + 2] = 0; b[from + 3] = 0;
        b[from + 4] = 0; b[from + 5] = 0; b[from + 6] = 0; b[from + 7] = 0;
    }
}

int hb_blake_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_blake_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_blake256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_blake256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n full message blocks: counter += 512 each, then compress */
void hb_blake256_compress(void *st, const uint8_t *blocks, size_t n) HB_REENTRANT;
/* one compression of blk with the counter st->t as it stands, salt zero:
 * the kernel, one form per folder named in impls.toml */
void hb_blake256_block(hb_blake256_state *st, const uint8_t *blk) HB_REENTRANT;

int hb_blake_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_blake_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_blake512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_blake512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
void hb_blake512_compress(void *st, const uint8_t *blocks, size_t n) HB_REENTRANT;
void hb_blake512_block(hb_blake512_state *st, const uint8_t *blk) HB_REENTRANT;

#endif
