/* The SHA-512 compression (FIPS 180-4 6.4.2) for 8-bit cores, the form of
 * sha256_compress.c: the working variables in an array at constant
 * indices, sixteen rounds written out in a loop run five times, the
 * schedule computed in place.  See ../impls.toml. */
#include "../sha512_core.h"

#define SHA512_W_ROUND(a, b, c, d, e, f, g, h, k)                                  \
    do {                                                                           \
        if (j) W[k] += s1(W[((k) + 14) & 15]) + W[((k) + 9) & 15] + s0(W[((k) + 1) & 15]); \
        t = v[h] + S1(v[e]) + CH(v[e], v[f], v[g]) + HB_ROM_U64(K, j + (k)) + W[k]; \
        v[d] += t;                                                                 \
        v[h] = t + S0(v[a]) + MAJ(v[a], v[b], v[c]);                               \
    } while (0)

void hb_sha512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *H = (uint64_t *)state;
    HB_SCRATCH uint64_t W[16];
    HB_SCRATCH uint64_t v[8];
    uint64_t t;
    unsigned j, k;

    while (n--) {
        for (k = 0; k < 16; k++) W[k] = hb_load64_be(blk + 8 * k);
        for (k = 0; k < 8; k++) v[k] = H[k];
        for (j = 0; j < 80; j += 16) {
            SHA512_W_ROUND(0, 1, 2, 3, 4, 5, 6, 7, 0);
            SHA512_W_ROUND(7, 0, 1, 2, 3, 4, 5, 6, 1);
            SHA512_W_ROUND(6, 7, 0, 1, 2, 3, 4, 5, 2);
            SHA512_W_ROUND(5, 6, 7, 0, 1, 2, 3, 4, 3);
            SHA512_W_ROUND(4, 5, 6, 7, 0, 1, 2, 3, 4);
            SHA512_W_ROUND(3, 4, 5, 6, 7, 0, 1, 2, 5);
            SHA512_W_ROUND(2, 3, 4, 5, 6, 7, 0, 1, 6);
            SHA512_W_ROUND(1, 2, 3, 4, 5, 6, 7, 0, 7);
            SHA512_W_ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8);
            SHA512_W_ROUND(7, 0, 1, 2, 3, 4, 5, 6, 9);
            SHA512_W_ROUND(6, 7, 0, 1, 2, 3, 4, 5, 10);
            SHA512_W_ROUND(5, 6, 7, 0, 1, 2, 3, 4, 11);
            SHA512_W_ROUND(4, 5, 6, 7, 0, 1, 2, 3, 12);
            SHA512_W_ROUND(3, 4, 5, 6, 7, 0, 1, 2, 13);
            SHA512_W_ROUND(2, 3, 4, 5, 6, 7, 0, 1, 14);
            SHA512_W_ROUND(1, 2, 3, 4, 5, 6, 7, 0, 15);
        }
        for (k = 0; k < 8; k++) H[k] += v[k];
        blk += 128;
    }
}
