/* Skein v1.3 UBI with Threefish-1024: 80 rounds (sec. 3.3, 3.4),
 * all rounds unrolled: see ../threefish_common.h */
#include "../threefish_common.h"

void hb_skein1024_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    uint64_t k[17], t[3], M[16], X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15;
    unsigned i;
    while (n--) {
        TF_ADVANCE(S, bytes);
        k[16] = TF_C240;
        for (i = 0; i < 16; i++) {
            k[i] = S[2 + i];
            k[16] ^= k[i];
            M[i] = hb_load64_le(blk + 8 * i);
        }
        t[0] = S[0]; t[1] = S[1]; t[2] = t[0] ^ t[1];
        X0 = M[0]; X1 = M[1]; X2 = M[2]; X3 = M[3]; X4 = M[4]; X5 = M[5]; X6 = M[6]; X7 = M[7];
        X8 = M[8]; X9 = M[9]; X10 = M[10]; X11 = M[11]; X12 = M[12]; X13 = M[13]; X14 = M[14]; X15 = M[15];
        TF1024_INJECT(0)
        TF1024_ROUNDS_0123 TF1024_INJECT(1) TF1024_ROUNDS_4567 TF1024_INJECT(2)
        TF1024_ROUNDS_0123 TF1024_INJECT(3) TF1024_ROUNDS_4567 TF1024_INJECT(4)
        TF1024_ROUNDS_0123 TF1024_INJECT(5) TF1024_ROUNDS_4567 TF1024_INJECT(6)
        TF1024_ROUNDS_0123 TF1024_INJECT(7) TF1024_ROUNDS_4567 TF1024_INJECT(8)
        TF1024_ROUNDS_0123 TF1024_INJECT(9) TF1024_ROUNDS_4567 TF1024_INJECT(10)
        TF1024_ROUNDS_0123 TF1024_INJECT(11) TF1024_ROUNDS_4567 TF1024_INJECT(12)
        TF1024_ROUNDS_0123 TF1024_INJECT(13) TF1024_ROUNDS_4567 TF1024_INJECT(14)
        TF1024_ROUNDS_0123 TF1024_INJECT(15) TF1024_ROUNDS_4567 TF1024_INJECT(16)
        TF1024_ROUNDS_0123 TF1024_INJECT(17) TF1024_ROUNDS_4567 TF1024_INJECT(18)
        TF1024_ROUNDS_0123 TF1024_INJECT(19) TF1024_ROUNDS_4567 TF1024_INJECT(20)
        S[2] = X0 ^ M[0]; S[3] = X1 ^ M[1]; S[4] = X2 ^ M[2]; S[5] = X3 ^ M[3];
        S[6] = X4 ^ M[4]; S[7] = X5 ^ M[5]; S[8] = X6 ^ M[6]; S[9] = X7 ^ M[7];
        S[10] = X8 ^ M[8]; S[11] = X9 ^ M[9]; S[12] = X10 ^ M[10]; S[13] = X11 ^ M[11];
        S[14] = X12 ^ M[12]; S[15] = X13 ^ M[13]; S[16] = X14 ^ M[14]; S[17] = X15 ^ M[15];
        S[1] &= ~TF_FIRST;
        blk += 128;
    }
}

TF_UBI_OUT(1024)
