/* Skein v1.3 UBI with Threefish-256: 72 rounds (sec. 3.3, 3.4),
 * a loop over eight-round groups: see ../threefish_common.h */
#include "../threefish_common.h"

void hb_skein256_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    uint64_t k[5], t[3], M0, M1, M2, M3, X0, X1, X2, X3;
    while (n--) {
        TF_ADVANCE(S, bytes);
        k[0] = S[2]; k[1] = S[3]; k[2] = S[4]; k[3] = S[5];
        k[4] = TF_C240 ^ k[0] ^ k[1] ^ k[2] ^ k[3];
        t[0] = S[0]; t[1] = S[1]; t[2] = t[0] ^ t[1];
        X0 = M0 = hb_load64_le(blk); X1 = M1 = hb_load64_le(blk + 8);
        X2 = M2 = hb_load64_le(blk + 16); X3 = M3 = hb_load64_le(blk + 24);
        TF_SCHEDULE(256, 18);
        S[2] = X0 ^ M0; S[3] = X1 ^ M1; S[4] = X2 ^ M2; S[5] = X3 ^ M3;
        S[1] &= ~TF_FIRST;
        blk += 32;
    }
}

TF_UBI_OUT(256)
