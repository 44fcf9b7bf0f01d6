/*
 * md.h -- block buffering and Merkle-Damgard strengthening, written once.
 *
 * An iterated hash supplies only its compression function; its context
 * embeds an hb_md (byte counter + fill level) and a block buffer, and calls
 * hb_md_update / hb_md_pad from its own update and final.
 *
 *   compress(state, blocks, n)  processes n consecutive full blocks.
 *
 * "lazy" classes (BLAKE2, ...) need to know which block is the last one:
 * hb_md_update then keeps a full block in the buffer until more input
 * arrives, so final always finds 1..block bytes (0 only for an empty
 * message) and handles the last block itself.
 */
#ifndef HB_MD_H
#define HB_MD_H

#include <stddef.h>
#include <stdint.h>
#include "hashbench.h"

typedef void (*hb_compress_fn)(void *state, const uint8_t *blocks, size_t n) HB_REENTRANT;

typedef struct hb_md_class {
    uint16_t block;          /* block size in bytes (<= 256)          */
    uint8_t lazy;            /* keep the last full block for final     */
    hb_compress_fn compress;
} hb_md_class;

typedef struct hb_md {
    uint64_t count;          /* message bytes absorbed so far (mod 2^64) */
    uint16_t used;           /* bytes waiting in the buffer             */
} hb_md;

/* Start empty.  Inline: as a call it was 10 of SHA-256's 65 modelled
 * cycles of init on the Cortex-M4. */
HB_INLINE void hb_md_reset(hb_md *m) HB_REENTRANT
{
    m->count = 0;
    m->used = 0;
}

/* Absorb len bytes: full blocks go to compress (straight from in where
 * possible), the tail waits in buf (block bytes). */
void hb_md_update(const hb_md_class *c, void *state, hb_md *m, uint8_t *buf,
                  const uint8_t *in, size_t len);

/* Merkle-Damgard strengthening: append byte `first`, zeros, then the
 * message length in bits as a len_bytes-byte integer (big- or
 * little-endian), compressing one or two final blocks.  len_bytes is a
 * multiple of 4, at most 16 (a length over 2^64 bits is not counted).  Used by SHA-2
 * (0x80, 8/16, BE) and other classic MD designs.  Not for lazy classes. */
void hb_md_pad(const hb_md_class *c, void *state, hb_md *m, uint8_t *buf,
               uint8_t first, unsigned len_bytes, int big_endian);

/* The first part of hb_md_pad: append byte `first` and zeros to the end of
 * the block, compressing a block first if fewer than len_bytes bytes would
 * be left for the length, and give the message length in bits as 32-bit
 * words, least significant first (bits[2]: bits 64..66).  The caller
 * stores the words it needs at the end of buf and compresses it: stored
 * whole, where hb_md_pad's loop for any width and byte order stores a byte
 * at a time (about a third of SHA-256's per-message work outside the
 * compression on the Cortex-M4).  The 64-bit shifts stay here, once: SDCC
 * expands each inline (done in the SHA-512 final they cost 3.5 KB of the
 * 8051's image). */
void hb_md_pad_open(const hb_md_class *c, void *state, hb_md *m, uint8_t *buf,
                    uint8_t first, unsigned len_bytes, uint32_t bits[3]);

#endif
