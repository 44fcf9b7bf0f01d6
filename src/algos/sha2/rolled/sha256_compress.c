/* The SHA-256 compression (FIPS 180-4 6.2.2), one round per turn of a
 * loop: the smallest code (8-bit targets).  See ../impls.toml. */
#include "../sha256_core.h"

void hb_sha256_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint32_t *H = (uint32_t *)state;
    HB_SCRATCH uint32_t W[16];
    uint32_t a, b, c, d, e, f, g, h, t1, t2;
    unsigned i;

    while (n--) {
        a = H[0]; b = H[1]; c = H[2]; d = H[3];
        e = H[4]; f = H[5]; g = H[6]; h = H[7];
        for (i = 0; i < 64; i++) {
            /* message schedule kept in a 16-word ring */
            if (i < 16) W[i] = hb_load32_be(blk + 4 * i);
            else W[i & 15] += s1(W[(i - 2) & 15]) + W[(i - 7) & 15] + s0(W[(i - 15) & 15]);
            t1 = h + S1(e) + CH(e, f, g) + HB_ROM_U32(K, i) + W[i & 15];
            t2 = S0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        H[0] += a; H[1] += b; H[2] += c; H[3] += d;
        H[4] += e; H[5] += f; H[6] += g; H[7] += h;
        blk += 64;
    }
}
