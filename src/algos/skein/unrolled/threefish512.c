/* Skein v1.3 UBI with Threefish-512: 72 rounds (sec. 3.3, 3.4),
 * all rounds unrolled: see ../threefish_common.h */
#include "../threefish_common.h"

void hb_skein512_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    uint64_t k[9], t[3], M[8], X0, X1, X2, X3, X4, X5, X6, X7;
    unsigned i;
    while (n--) {
        TF_ADVANCE(S, bytes);
        /* every index a constant, so that the compiler keeps k in registers */
        k[0] = S[2]; k[1] = S[3]; k[2] = S[4]; k[3] = S[5];
        k[4] = S[6]; k[5] = S[7]; k[6] = S[8]; k[7] = S[9];
        k[8] = TF_C240 ^ k[0] ^ k[1] ^ k[2] ^ k[3] ^ k[4] ^ k[5] ^ k[6] ^ k[7];
        for (i = 0; i < 8; i++) M[i] = hb_load64_le(blk + 8 * i);
        t[0] = S[0]; t[1] = S[1]; t[2] = t[0] ^ t[1];
        X0 = M[0]; X1 = M[1]; X2 = M[2]; X3 = M[3];
        X4 = M[4]; X5 = M[5]; X6 = M[6]; X7 = M[7];
        TF512_INJECT(0)
        TF512_ROUNDS_0123 TF512_INJECT(1) TF512_ROUNDS_4567 TF512_INJECT(2)
        TF512_ROUNDS_0123 TF512_INJECT(3) TF512_ROUNDS_4567 TF512_INJECT(4)
        TF512_ROUNDS_0123 TF512_INJECT(5) TF512_ROUNDS_4567 TF512_INJECT(6)
        TF512_ROUNDS_0123 TF512_INJECT(7) TF512_ROUNDS_4567 TF512_INJECT(8)
        TF512_ROUNDS_0123 TF512_INJECT(9) TF512_ROUNDS_4567 TF512_INJECT(10)
        TF512_ROUNDS_0123 TF512_INJECT(11) TF512_ROUNDS_4567 TF512_INJECT(12)
        TF512_ROUNDS_0123 TF512_INJECT(13) TF512_ROUNDS_4567 TF512_INJECT(14)
        TF512_ROUNDS_0123 TF512_INJECT(15) TF512_ROUNDS_4567 TF512_INJECT(16)
        TF512_ROUNDS_0123 TF512_INJECT(17) TF512_ROUNDS_4567 TF512_INJECT(18)
        S[2] = X0 ^ M[0]; S[3] = X1 ^ M[1]; S[4] = X2 ^ M[2]; S[5] = X3 ^ M[3];
        S[6] = X4 ^ M[4]; S[7] = X5 ^ M[5]; S[8] = X6 ^ M[6]; S[9] = X7 ^ M[7];
        S[1] &= ~TF_FIRST;
        blk += 64;
    }
}
