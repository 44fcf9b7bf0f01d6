/* The SHA-256 compression (FIPS 180-4 6.2.2) for 8-bit cores: see
 * ../impls.toml.
 *
 * avr-gcc has 32 eight-bit registers, so the eight working variables (32
 * bytes) cannot stay in registers through a round: in the rolled form the
 * compiler spills them, and moving them along every round (h = g; ...)
 * costs loads and stores of all of them.  Here they live in an array the
 * round reads and writes at constant indices: sixteen rounds are written
 * out (the names rotate, as in the unrolled form), so every index into the
 * working variables and into the 16-word schedule is a constant and each
 * access is one load or store per byte; a loop runs the sixteen rounds four
 * times, the first time on the block's words and after that on the
 * schedule computed in place. */
#include "../sha256_core.h"

#define SHA256_W_ROUND(a, b, c, d, e, f, g, h, k)                                  \
    do {                                                                           \
        if (j) W[k] += s1(W[((k) + 14) & 15]) + W[((k) + 9) & 15] + s0(W[((k) + 1) & 15]); \
        t = v[h] + S1(v[e]) + CH(v[e], v[f], v[g]) + HB_ROM_U32(K, j + (k)) + W[k]; \
        v[d] += t;                                                                 \
        v[h] = t + S0(v[a]) + MAJ(v[a], v[b], v[c]);                               \
    } while (0)

void hb_sha256_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint32_t *H = (uint32_t *)state;
    HB_SCRATCH uint32_t W[16];
    HB_SCRATCH uint32_t v[8];
    uint32_t t;
    unsigned j, k;

    while (n--) {
        for (k = 0; k < 16; k++) W[k] = hb_load32_be(blk + 4 * k);
        for (k = 0; k < 8; k++) v[k] = H[k];
        for (j = 0; j < 64; j += 16) {
            SHA256_W_ROUND(0, 1, 2, 3, 4, 5, 6, 7, 0);
            SHA256_W_ROUND(7, 0, 1, 2, 3, 4, 5, 6, 1);
            SHA256_W_ROUND(6, 7, 0, 1, 2, 3, 4, 5, 2);
            SHA256_W_ROUND(5, 6, 7, 0, 1, 2, 3, 4, 3);
            SHA256_W_ROUND(4, 5, 6, 7, 0, 1, 2, 3, 4);
            SHA256_W_ROUND(3, 4, 5, 6, 7, 0, 1, 2, 5);
            SHA256_W_ROUND(2, 3, 4, 5, 6, 7, 0, 1, 6);
            SHA256_W_ROUND(1, 2, 3, 4, 5, 6, 7, 0, 7);
            SHA256_W_ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8);
            SHA256_W_ROUND(7, 0, 1, 2, 3, 4, 5, 6, 9);
            SHA256_W_ROUND(6, 7, 0, 1, 2, 3, 4, 5, 10);
            SHA256_W_ROUND(5, 6, 7, 0, 1, 2, 3, 4, 11);
            SHA256_W_ROUND(4, 5, 6, 7, 0, 1, 2, 3, 12);
            SHA256_W_ROUND(3, 4, 5, 6, 7, 0, 1, 2, 13);
            SHA256_W_ROUND(2, 3, 4, 5, 6, 7, 0, 1, 14);
            SHA256_W_ROUND(1, 2, 3, 4, 5, 6, 7, 0, 15);
        }
        for (k = 0; k < 8; k++) H[k] += v[k];
        blk += 64;
    }
}
