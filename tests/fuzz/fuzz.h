/*
 * fuzz.h -- what the libFuzzer targets share: a reader that takes the
 * parameters of one run from the front of the fuzzer's input (short inputs
 * read as zeros, so every input is valid), a small PRNG for split
 * sequences, and a check that stops the run with a message libFuzzer keeps
 * next to the crashing input.
 */
#ifndef HB_FUZZ_H
#define HB_FUZZ_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"

typedef struct {
    const uint8_t *p;
    size_t n;
} fz_reader;

static inline uint8_t fz_u8(fz_reader *r)
{
    uint8_t v = 0;
    if (r->n) { v = r->p[0]; r->p++; r->n--; }
    return v;
}

static inline unsigned fz_u16(fz_reader *r)
{
    unsigned hi = fz_u8(r);
    return (hi << 8) | fz_u8(r);
}

/* up to len bytes of the input; *got says how many there were */
static inline const uint8_t *fz_bytes(fz_reader *r, size_t len, size_t *got)
{
    const uint8_t *p = r->p;
    if (len > r->n) len = r->n;
    r->p += len;
    r->n -= len;
    *got = len;
    return p;
}

/* xorshift32: split points need to be reproducible from the input, not good */
static inline uint32_t fz_next(uint32_t *s)
{
    uint32_t x = *s ? *s : 0x9e3779b9u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* a heap copy of exactly n bytes, so ASan sees any read past the caller's
 * buffer (the fuzzer's own buffer is one, but parts of it are not) */
static inline uint8_t *fz_dup(const uint8_t *p, size_t n)
{
    uint8_t *q = (uint8_t *)malloc(n ? n : 1);
    if (!q) abort();
    if (n) memcpy(q, p, n);
    return q;
}

static inline void fz_hex(const char *what, const uint8_t *p, size_t n)
{
    size_t i;
    fprintf(stderr, "  %s (%zu):", what, n);
    for (i = 0; i < n && i < 96; i++) fprintf(stderr, "%02x", p[i]);
    fprintf(stderr, "%s\n", n > 96 ? "..." : "");
}

#define FZ_CHECK(cond, algo, ...)                                               \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "hashbench fuzz: %s: ", (algo));                    \
            fprintf(stderr, __VA_ARGS__);                                       \
            fprintf(stderr, "\n");                                              \
            abort();                                                            \
        }                                                                       \
    } while (0)

#define FZ_SAME(a, b, n, algo, what)                                            \
    do {                                                                        \
        if (memcmp((a), (b), (n)) != 0) {                                       \
            fz_hex("expected", (b), (n));                                       \
            fz_hex("got", (a), (n));                                            \
            FZ_CHECK(0, (algo), "%s differs", (what));                          \
        }                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#endif
