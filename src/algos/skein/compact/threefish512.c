/* Skein v1.3 UBI with Threefish-512: 72 rounds (sec. 3.3, 3.4),
 * a loop over eight-round groups: see ../threefish_common.h */
#include "../threefish_common.h"

void hb_skein512_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    uint64_t k[9], t[3], M[8], X0, X1, X2, X3, X4, X5, X6, X7;
    unsigned i;
    while (n--) {
        TF_ADVANCE(S, bytes);
        k[8] = TF_C240;
        for (i = 0; i < 8; i++) {
            k[i] = S[2 + i];
            k[8] ^= k[i];
            M[i] = hb_load64_le(blk + 8 * i);
        }
        t[0] = S[0]; t[1] = S[1]; t[2] = t[0] ^ t[1];
        X0 = M[0]; X1 = M[1]; X2 = M[2]; X3 = M[3];
        X4 = M[4]; X5 = M[5]; X6 = M[6]; X7 = M[7];
        TF_SCHEDULE(512, 18);
        S[2] = X0 ^ M[0]; S[3] = X1 ^ M[1]; S[4] = X2 ^ M[2]; S[5] = X3 ^ M[3];
        S[6] = X4 ^ M[4]; S[7] = X5 ^ M[5]; S[8] = X6 ^ M[6]; S[9] = X7 ^ M[7];
        S[1] &= ~TF_FIRST;
        blk += 64;
    }
}

TF_UBI_OUT(512)
