/*
 * hb_util.h -- byte order, rotations and parameter checks shared by every
 * algorithm.  Internal: not part of the public contract.
 */
#ifndef HB_UTIL_H
#define HB_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "hashbench.h"

/* HB_ROTL32 / HB_ROTR32: a target whose compiler rotates 32-bit words
 * poorly defines its own before this header is read (AVR: byte moves plus
 * single-bit steps, targets/avr/hb_avr_rom.h, force-included there). */
#ifndef HB_ROTL32
#define HB_ROTL32(x, n) ((uint32_t)(((x) << (n)) | ((x) >> (32 - (n)))))
#endif
#ifndef HB_ROTR32
#define HB_ROTR32(x, n) ((uint32_t)(((x) >> (n)) | ((x) << (32 - (n)))))
#endif
#define HB_ROTL64(x, n) ((uint64_t)(((x) << (n)) | ((x) >> (64 - (n)))))
#define HB_ROTR64(x, n) ((uint64_t)(((x) >> (n)) | ((x) << (64 - (n)))))
/* 64-bit words as 32-bit halves (h, l), for the 8-bit forms of BLAKE-512
 * and BLAKE2b: SDCC expands 64-bit arithmetic inline and shifts a 64-bit
 * word bit by bit.  (ah, al) += (bh, bl); (h, l) rotated right by n,
 * 0 < n < 32. */
#define HB_ADD64H(ah, al, bh, bl) do { al += bl; ah += bh + (al < bl); } while (0)
#define HB_ROTR64H(h, l, n)                                                       \
    do {                                                                          \
        uint32_t h_ = h;                                                          \
        h = (h >> (n)) | (l << (32 - (n)));                                       \
        l = (l >> (n)) | (h_ << (32 - (n)));                                      \
    } while (0)

HB_INLINE uint32_t hb_load32_le(const uint8_t *p) HB_REENTRANT
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
HB_INLINE uint32_t hb_load32_be(const uint8_t *p) HB_REENTRANT
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}
HB_INLINE uint64_t hb_load64_le(const uint8_t *p) HB_REENTRANT
{
    return (uint64_t)hb_load32_le(p) | ((uint64_t)hb_load32_le(p + 4) << 32);
}
HB_INLINE uint64_t hb_load64_be(const uint8_t *p) HB_REENTRANT
{
    return ((uint64_t)hb_load32_be(p) << 32) | (uint64_t)hb_load32_be(p + 4);
}
HB_INLINE void hb_store32_le(uint8_t *p, uint32_t v) HB_REENTRANT
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
/* the same stores at an index (le and be below): base and offset stay apart,
 * so SDCC adds them inside (it dropped a generic pointer's high byte and tag
 * when a caller computed c->buf + bs - 16 itself) and gcc still merges the
 * four bytes */
HB_INLINE void hb_store32_le_at(uint8_t *b, size_t i, uint32_t v) HB_REENTRANT
{
    b[i] = (uint8_t)v; b[i + 1] = (uint8_t)(v >> 8); b[i + 2] = (uint8_t)(v >> 16); b[i + 3] = (uint8_t)(v >> 24);
}
HB_INLINE void hb_store32_be(uint8_t *p, uint32_t v) HB_REENTRANT
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}
HB_INLINE void hb_store32_be_at(uint8_t *b, size_t i, uint32_t v) HB_REENTRANT
{
    b[i] = (uint8_t)(v >> 24); b[i + 1] = (uint8_t)(v >> 16); b[i + 2] = (uint8_t)(v >> 8); b[i + 3] = (uint8_t)v;
}
HB_INLINE void hb_store64_le(uint8_t *p, uint64_t v) HB_REENTRANT
{
    hb_store32_le(p, (uint32_t)v); hb_store32_le(p + 4, (uint32_t)(v >> 32));
}
HB_INLINE void hb_store64_be(uint8_t *p, uint64_t v) HB_REENTRANT
{
    hb_store32_be(p, (uint32_t)(v >> 32)); hb_store32_be(p + 4, (uint32_t)v);
}

/* n words (a multiple of 4) from a constant table, four loads before their
 * four stores: the Cortex-M3/M4 pipeline back-to-back loads (2 cycles, then
 * 1), so a copy that alternates load and store pays 3 a word and this one
 * about 2.  d and s may alias for all the compiler knows, so it keeps the
 * order written. */
HB_INLINE void hb_rom_copy32(uint32_t *d, HB_ROM uint32_t *s, size_t n) HB_REENTRANT
{
    size_t i;
    for (i = 0; i < n; i += 4) {
        uint32_t w0 = HB_ROM_U32(s, i), w1 = HB_ROM_U32(s, i + 1);
        uint32_t w2 = HB_ROM_U32(s, i + 2), w3 = HB_ROM_U32(s, i + 3);
        d[i] = w0; d[i + 1] = w1; d[i + 2] = w2; d[i + 3] = w3;
    }
}

/* Overwrite memory in a way the compiler may not elide (key material).
 * GCC and Clang: memset, then an empty asm that may read the memory, so
 * the stores must happen -- word-wide, where the volatile byte loop costs
 * a store per byte (a 220-byte context is most of a 64-byte hash). */
HB_INLINE void hb_wipe(void *p, size_t n) HB_REENTRANT
{
#if defined(__GNUC__)
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--) *v++ = 0;
#endif
}

/* Parameter checks for init functions: an algorithm without HB_KEYED /
 * HB_CUSTOM / HB_SALT / HB_VAROUT rejects any non-empty field. */
HB_INLINE int hb_params_plain(const hb_params *p) HB_REENTRANT
{
    if (!p) return HB_OK;
    if (p->key_len) return HB_ERR_KEY;
    if (p->custom_len || p->salt_len || p->pers_len) return HB_ERR_PARAM;
    return HB_OK;
}
/* A fixed-length hash that accepts only its own digest length. */
HB_INLINE int hb_params_fixed(const hb_params *p, size_t digest) HB_REENTRANT
{
    int r = hb_params_plain(p);
    if (r == HB_OK && p && p->out_len && p->out_len != digest) return HB_ERR_OUTLEN;
    return r;
}

#endif
