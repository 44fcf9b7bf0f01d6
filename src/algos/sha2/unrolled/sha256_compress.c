/* The SHA-256 compression (FIPS 180-4 6.2.2), all 64 rounds written out:
 * see ../impls.toml.
 *
 * A round does not move the eight working variables along; the next round
 * is written with the names rotated instead, so round i + 1 sees the new a
 * in the variable that held h and the new e in the one that held d, and
 * eight rounds bring every name back to its place.  W is the 16-word
 * rolling schedule of the rolled form, but with every index a constant. */
#include "../sha256_core.h"

/* one round with K[i] and schedule word w; t is scratch */
#define SHA256_ROUND(a, b, c, d, e, f, g, h, i, w)                  \
    do {                                                            \
        t = h + S1(e) + CH(e, f, g) + HB_ROM_U32(K, i) + (w);       \
        d += t;                                                     \
        h = t + S0(a) + MAJ(a, b, c);                               \
    } while (0)

/* W[k] of the first sixteen rounds: the block itself */
#define SHA256_LOAD(k) (W[k] = hb_load32_be(blk + 4 * (k)))
/* W[k] of a later round i = 16m + k: W[i-16] + s0(W[i-15]) + W[i-7] + s1(W[i-2]) */
#define SHA256_NEXT(k) \
    (W[k] += s1(W[((k) + 14) & 15]) + W[((k) + 9) & 15] + s0(W[((k) + 1) & 15]))

/* sixteen rounds j..j+15, the schedule word of round j + k from SW(k) */
#define SHA256_16(j, SW)                                            \
    do {                                                            \
        SHA256_ROUND(a, b, c, d, e, f, g, h, (j) + 0, SW(0));       \
        SHA256_ROUND(h, a, b, c, d, e, f, g, (j) + 1, SW(1));       \
        SHA256_ROUND(g, h, a, b, c, d, e, f, (j) + 2, SW(2));       \
        SHA256_ROUND(f, g, h, a, b, c, d, e, (j) + 3, SW(3));       \
        SHA256_ROUND(e, f, g, h, a, b, c, d, (j) + 4, SW(4));       \
        SHA256_ROUND(d, e, f, g, h, a, b, c, (j) + 5, SW(5));       \
        SHA256_ROUND(c, d, e, f, g, h, a, b, (j) + 6, SW(6));       \
        SHA256_ROUND(b, c, d, e, f, g, h, a, (j) + 7, SW(7));       \
        SHA256_ROUND(a, b, c, d, e, f, g, h, (j) + 8, SW(8));       \
        SHA256_ROUND(h, a, b, c, d, e, f, g, (j) + 9, SW(9));       \
        SHA256_ROUND(g, h, a, b, c, d, e, f, (j) + 10, SW(10));     \
        SHA256_ROUND(f, g, h, a, b, c, d, e, (j) + 11, SW(11));     \
        SHA256_ROUND(e, f, g, h, a, b, c, d, (j) + 12, SW(12));     \
        SHA256_ROUND(d, e, f, g, h, a, b, c, (j) + 13, SW(13));     \
        SHA256_ROUND(c, d, e, f, g, h, a, b, (j) + 14, SW(14));     \
        SHA256_ROUND(b, c, d, e, f, g, h, a, (j) + 15, SW(15));     \
    } while (0)

/* one block, out of line: with the loop over blocks around the rounds, gcc
 * (arm-none-eabi 12.2, -O2) kept the state and the loop's pointers in stack
 * slots on the Cortex-M4: 2,391 against 2,381 (SHA-256) and 11,520 against
 * 11,000 (SHA-512) modelled cycles a block, the call included, and about 50
 * more a call */
HB_NOINLINE static void sha256_block(uint32_t *H, const uint8_t *blk) HB_REENTRANT
{
    uint32_t W[16], a, b, c, d, e, f, g, h, t;
    a = H[0]; b = H[1]; c = H[2]; d = H[3];
    e = H[4]; f = H[5]; g = H[6]; h = H[7];
    SHA256_16(0, SHA256_LOAD);
    SHA256_16(16, SHA256_NEXT);
    SHA256_16(32, SHA256_NEXT);
    SHA256_16(48, SHA256_NEXT);
    H[0] += a; H[1] += b; H[2] += c; H[3] += d;
    H[4] += e; H[5] += f; H[6] += g; H[7] += h;
}

void hb_sha256_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    for (; n; n--, blk += 64) sha256_block((uint32_t *)state, blk);
}
