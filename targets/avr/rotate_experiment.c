/*
 * rotate_experiment.c -- why portable SHA-256 is slow on AVR (a benchmark
 * note for docs/targets-avr.md, not part of the library or the tests).
 *
 * avr-gcc 5.4 compiles a 32-bit rotation by a count that is not a multiple
 * of 8, (x >> 6) | (x << 26), into two single-bit shift loops over four
 * registers (32 iterations, ~200 cycles).  This file holds the SHA-256
 * compression of src/algos/sha2/sha256.c twice: with that rotation, and
 * with the rotation written as byte moves plus at most four single-bit
 * rotates (-DBYTE_ROT).  Build and run (prints cycles of one compression
 * and the resulting state, SHA-256("abc")):
 *
 *   avr-gcc -mmcu=atmega1281 -O2 -std=gnu99 [-DBYTE_ROT] -Itargets/avr \
 *     -I/usr/include/simavr/avr targets/avr/hal_avr.c targets/avr/rotate_experiment.c \
 *     -Wl,--section-start=.mmcu=0x910000 -o rot.elf
 *   build/avr/simavr_run atmega1281 16000000 100000000 rot.elf
 */
#include <stdint.h>
#include <avr/pgmspace.h>
#include "hal_avr.h"

#ifdef BYTE_ROT
static inline uint32_t rotr(uint32_t x, unsigned n)
{
    union {
        uint32_t v;
        uint8_t b[4];
    } u, r;
    unsigned k = n >> 3, m = n & 7, left = 0, i;
    if (m > 4) { /* rotate one byte further, then back left by 8 - m bits */
        k++;
        m = 8 - m;
        left = 1;
    }
    u.v = x;
    for (i = 0; i < 4; i++) r.b[i] = u.b[(i + k) & 3];
    for (i = 0; i < m; i++) r.v = left ? (r.v << 1) | (r.v >> 31) : (r.v >> 1) | (r.v << 31);
    return r.v;
}
#define ROTR(x, n) rotr((x), (n))
#else
#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#endif

/* FIPS 180-4 4.2.2 */
static const uint32_t K[64] PROGMEM = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
#define S0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define S1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define s0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define s1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))

static __attribute__((noinline)) void compress(uint32_t *H, const uint8_t *blk)
{
    uint32_t W[16], a, b, c, d, e, f, g, h, t1, t2;
    unsigned i;
    a = H[0]; b = H[1]; c = H[2]; d = H[3]; e = H[4]; f = H[5]; g = H[6]; h = H[7];
    for (i = 0; i < 64; i++) {
        if (i < 16)
            W[i] = ((uint32_t)blk[4 * i] << 24) | ((uint32_t)blk[4 * i + 1] << 16) |
                   ((uint32_t)blk[4 * i + 2] << 8) | blk[4 * i + 3];
        else
            W[i & 15] += s1(W[(i - 2) & 15]) + W[(i - 7) & 15] + s0(W[(i - 15) & 15]);
        t1 = h + S1(e) + (g ^ (e & (f ^ g))) + pgm_read_dword(&K[i]) + W[i & 15];
        t2 = S0(a) + ((a & b) | (c & (a | b)));
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += h;
}

static uint32_t H[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static uint8_t blk[64] = {'a', 'b', 'c', 0x80}; /* "abc", padded: length 24 bits last */

static void put_u64(uint64_t v)
{
    char b[21];
    int i = 0;
    do { b[i++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    while (i) hal_putc(b[--i]);
}

int main(void)
{
    static const char hx[] = "0123456789abcdef";
    uint64_t t0, t1;
    int i, j;
    blk[63] = 24;
    t0 = hal_cycles();
    compress(H, blk);
    t1 = hal_cycles();
    put_u64(t1 - t0);
    hal_putc(' ');
    for (i = 0; i < 8; i++)
        for (j = 28; j >= 0; j -= 4) hal_putc(hx[(H[i] >> j) & 15]);
    hal_putc('\n');
    return 0;
}
