/*
 * blake3.h -- BLAKE3 (the BLAKE3 specification, 2020-01-09): the tree kept
 * as a stack of chaining values in the context (no malloc).  Whole chunks
 * arriving together go to the kernel's hash_many (several chunks, then
 * their parents, per call: SIMD kernels hash them side by side); the rest
 * one compression at a time.
 *
 * One registry entry, `blake3`, an XOF (digest_size 0; 32 bytes is the
 * usual length) with three modes chosen at init:
 *   hash        no key, no custom
 *   keyed_hash  hb_params.key of exactly 32 bytes (other lengths: HB_ERR_KEY)
 *   derive_key  hb_params.custom = the context string; a non-NULL custom
 *               pointer selects the mode, so an empty context string is a
 *               valid derive_key (as in the reference).  key and custom
 *               together: HB_ERR_PARAM.
 * Salt and personalisation are refused (HB_ERR_PARAM); out_len is ignored
 * (the caller picks the output length at final).
 *
 * final may be called repeatedly: each call continues the output stream
 * (it stores the root node on the first call).  No update after final.
 */
#ifndef HB_BLAKE3_H
#define HB_BLAKE3_H

#include "hashbench.h"

/* Depth of the chaining-value stack (32 bytes per entry).  54 covers every
 * message (2^54 chunks of 1 KiB = 2^64 bytes).  A target short of RAM may
 * define a smaller D (e.g. -DHB_BLAKE3_MAX_DEPTH=8: 256 bytes of stack,
 * context ~0.5 KiB); messages are then limited to 2^D KiB: longer ones give
 * a wrong digest (the stack stops growing) but never write out of bounds. */
#ifndef HB_BLAKE3_MAX_DEPTH
#define HB_BLAKE3_MAX_DEPTH 54
#endif

/* The largest subtree, in chunks (a power of two), that update hashes in
 * one go through the kernel's hash_many: down to the two chaining values
 * of its top node, which is pushed, or kept back if the subtree ends the
 * input (it may be the root).  1 turns the path off (every chunk then goes
 * through the single compression).  HB_BLAKE3_WIDE (a power of two, at
 * most HB_BLAKE3_MANY) is the most chunks or parents per hash_many call:
 * the lanes of the widest kernel, 16 (AVX-512).  A subtree of more than
 * WIDE chunks takes 32 * WIDE bytes of stack and recurses
 * log2(MANY / WIDE) levels deep with 64 * WIDE bytes each: 64-bit hosts
 * take subtrees up to 2^16 chunks (64 MiB; 12 levels of 1 KiB), beyond
 * which the one extra parent per subtree costs nothing measurable.  16-bit
 * targets (AVR, 8051) keep the single-compression path; 32-bit ones take
 * 2 chunks (64 bytes), where no SIMD kernel helps but the target's KATs
 * still cover the path. */
#ifndef HB_BLAKE3_MANY
#if SIZE_MAX > 0xffffffffu
#define HB_BLAKE3_MANY 65536
#elif SIZE_MAX > 0xffffu
#define HB_BLAKE3_MANY 2
#else
#define HB_BLAKE3_MANY 1
#endif
#endif
#ifndef HB_BLAKE3_WIDE
#if HB_BLAKE3_MANY > 16
#define HB_BLAKE3_WIDE 16
#else
#define HB_BLAKE3_WIDE HB_BLAKE3_MANY
#endif
#endif

typedef struct hb_blake3_ctx {
    uint32_t key[8];          /* key words: IV, the key, or the derived context key */
    uint32_t cv[8];           /* chaining value of the current chunk; root input cv after final */
    uint32_t stack[HB_BLAKE3_MAX_DEPTH][8]; /* CVs of completed subtrees, largest first */
    uint64_t chunk;           /* index of the current chunk */
    uint64_t out_pos;         /* output bytes produced so far (after final) */
    uint8_t buf[64];          /* pending block; root block after final */
    uint8_t buf_len;          /* bytes in buf; root block length after final */
    uint8_t blocks;           /* blocks of the current chunk already compressed */
    uint8_t depth;            /* entries on the stack */
    uint8_t level;            /* 0, or L: buf is the top node of a held-back subtree of 2^L
                                 chunks from chunk `chunk` (a parent block) */
    uint8_t flags;            /* mode flag (KEYED_HASH / DERIVE_KEY_*); root flags after final */
    uint8_t done;             /* final has run */
} hb_blake3_ctx;

int hb_blake3_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_blake3_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_blake3_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

/* The compression function (spec 2.2): out[0..16) from the 8-word chaining
 * value, 16 message words, 64-bit counter, block length and flags. */
void hb_blake3_compress(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                        uint32_t block_len, uint32_t flags, uint32_t out[16]);

/* Internal.  The compression, one form per folder named in impls.toml;
 * with full = 0 only the chaining value out[0..8) is produced (out may
 * then alias cv).  hb_blake3_iv: spec 2.2's IV, in blake3.c. */
void hb_blake3_kernel(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                      uint32_t block_len, uint32_t flags, uint32_t *out, int full) HB_REENTRANT;

/* Internal.  n independent chains of `blocks` full 64-byte blocks each,
 * chain i reading in[64 * blocks * i ...] and starting from key: block j
 * is compressed with counter + i * step, block length 64 and flags
 * `flags`, plus `first` on j = 0 and `last` on j = blocks - 1.  The final
 * chaining value of chain i goes to out[32 i .. 32 i + 32) as little-endian
 * words.  Chunks: blocks 16, step 1, first/last CHUNK_START/CHUNK_END;
 * parents: blocks 1, step 0, flags with PARENT.  out may equal in: every
 * kernel reads a chain's input before it writes that chain's output, and
 * output i overlaps no input after i, so a level of parents reduces in
 * place.
 * Each form of the kernel defines it: the portable ones as a loop over
 * hb_blake3_kernel (blake3_loop.h), the SIMD ones a chain per lane. */
void hb_blake3_hash_many(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                         uint64_t counter, unsigned step, unsigned flags, unsigned first,
                         unsigned last, uint8_t *out) HB_REENTRANT;
extern HB_ROM uint32_t hb_blake3_iv[8];

#endif
