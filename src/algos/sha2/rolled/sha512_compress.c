/* The SHA-512 compression (FIPS 180-4 6.4.2), one round per turn of a
 * loop: the smallest code (8-bit targets).  See ../impls.toml. */
#include "../sha512_core.h"

void hb_sha512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *H = (uint64_t *)state;
    /* the 128-byte schedule alone is half the 8051's pdata stack */
    HB_SCRATCH uint64_t W[16];
    /* a..h pass through v[]: otherwise SDCC keeps the addresses H + k
     * alive from the loads to the sums, in spill locations on the 8051's
     * internal stack (223 bytes for the whole call chain): 133 bytes of
     * spills in all overflowed it and the firmware hung; 77 with v[] */
    HB_SCRATCH uint64_t v[8];
    uint64_t a, b, c, d, e, f, g, h, t1, t2;
    unsigned i;

    while (n--) {
        for (i = 0; i < 8; i++) v[i] = H[i];
        a = v[0]; b = v[1]; c = v[2]; d = v[3];
        e = v[4]; f = v[5]; g = v[6]; h = v[7];
        for (i = 0; i < 80; i++) {
            if (i < 16) W[i] = hb_load64_be(blk + 8 * i);
            else W[i & 15] += s1(W[(i - 2) & 15]) + W[(i - 7) & 15] + s0(W[(i - 15) & 15]);
            t1 = h + S1(e) + CH(e, f, g) + HB_ROM_U64(K, i) + W[i & 15];
            t2 = S0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        v[0] = a; v[1] = b; v[2] = c; v[3] = d;
        v[4] = e; v[5] = f; v[6] = g; v[7] = h;
        for (i = 0; i < 8; i++) H[i] += v[i];
        blk += 128;
    }
}
