/* shavite3_unrolled.h -- the AES rounds of SHAvite-3 written out as four
 * column expressions of the selected AES form (the fastest).  Included
 * first by the sources of shavite3/unrolled/ (see shavite3_core.h). */
#ifndef HB_SHAVITE3_ROUND_H
#define HB_SHAVITE3_ROUND_H

#include "../aes/aes_round.h"

/* nonlinear step of the expansion, group g: dst[g..g+3] = AES round (key 0)
 * of prev[g+1], prev[g+2], prev[g+3], prev[g], XOR before[0..3] */
#define SV_NL_ROUND(dst, prev, g, before) do { \
        uint32_t y0, y1, y2, y3; \
        HB_AES_ROUND_LE(y0, y1, y2, y3, prev[g + 1], prev[g + 2], prev[g + 3], prev[g]); \
        dst[g] = y0 ^ before[0]; \
        dst[g + 1] = y1 ^ before[1]; \
        dst[g + 2] = y2 ^ before[2]; \
        dst[g + 3] = y3 ^ before[3]; \
    } while (0)

/* one keyed AES round of F on a0..a3: key words k[0..3], then the round */
#define SV_KROUND(k) do { \
        uint32_t b0, b1, b2, b3; \
        a0 ^= (k)[0]; a1 ^= (k)[1]; a2 ^= (k)[2]; a3 ^= (k)[3]; \
        HB_AES_ROUND_LE(b0, b1, b2, b3, a0, a1, a2, a3); \
        a0 = b0; a1 = b1; a2 = b2; a3 = b3; \
    } while (0)

/* x ^= F^nr(r): nr (3 or 4, a constant) AES rounds, each preceded by XOR
 * of four key words; written out, with constant key offsets */
#define SV_FEISTEL(x, r, k, nr) do { \
        uint32_t a0 = (r)[0], a1 = (r)[1], a2 = (r)[2], a3 = (r)[3]; \
        SV_KROUND(k); SV_KROUND((k) + 4); SV_KROUND((k) + 8); \
        if ((nr) == 4) SV_KROUND((k) + 12); \
        (x)[0] ^= a0; (x)[1] ^= a1; (x)[2] ^= a2; (x)[3] ^= a3; \
    } while (0)

#endif
