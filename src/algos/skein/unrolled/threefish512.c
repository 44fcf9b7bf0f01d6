/* Skein v1.3 UBI with Threefish-512: 72 rounds (sec. 3.3, 3.4),
 * all rounds unrolled: see ../threefish_common.h.  Key, tweak and message
 * words are named locals (TF512_ALL), not arrays: with k[9], M[8] gcc
 * built them with vector stores to the stack and reloaded them word by
 * word, a cost paid again at every one of a short message's two blocks. */
#include "../threefish_common.h"

/* output block 0's message: counter 0, then zeros.  Read from here, not
 * written into the caller's buffer first: memset's call took 80 of a
 * 64-byte Skein-512 message's 10,720 modelled cycles on the Cortex-M4 */
static const uint8_t zero_block[64] = {0};

/* n blocks from blk; then, if out, output block 0 (hb_skein512_ubi_out).
 * One body for both: final's two blocks then run in one call, with no
 * second call, prologue and reload of the key words between them
 * (Skein-512 at 64 B on x86-64: 25 of about 480 cycles). */
static void ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes, int out) HB_REENTRANT
{
    uint64_t k0, k1, k2, k3, k4, k5, k6, k7, k8, t0, t1, t2;
    uint64_t M0, M1, M2, M3, M4, M5, M6, M7, X0, X1, X2, X3, X4, X5, X6, X7;
    while (n--) {
        TF_ADVANCE(S, bytes);
        k0 = S[2]; k1 = S[3]; k2 = S[4]; k3 = S[5];
        k4 = S[6]; k5 = S[7]; k6 = S[8]; k7 = S[9];
        k8 = TF_C240 ^ k0 ^ k1 ^ k2 ^ k3 ^ k4 ^ k5 ^ k6 ^ k7;
        t0 = S[0]; t1 = S[1]; t2 = t0 ^ t1;
        X0 = M0 = hb_load64_le(blk); X1 = M1 = hb_load64_le(blk + 8);
        X2 = M2 = hb_load64_le(blk + 16); X3 = M3 = hb_load64_le(blk + 24);
        X4 = M4 = hb_load64_le(blk + 32); X5 = M5 = hb_load64_le(blk + 40);
        X6 = M6 = hb_load64_le(blk + 48); X7 = M7 = hb_load64_le(blk + 56);
        TF512_ALL
        S[2] = X0 ^ M0; S[3] = X1 ^ M1; S[4] = X2 ^ M2; S[5] = X3 ^ M3;
        S[6] = X4 ^ M4; S[7] = X5 ^ M5; S[8] = X6 ^ M6; S[9] = X7 ^ M7;
        S[1] &= ~TF_FIRST;
        blk += 64;
        if (n == 0 && out) {
            S[0] = 0;
            S[1] = HB_SKEIN_T1_OUT;
            blk = zero_block;
            bytes = 8;
            n = 1;
            out = 0;
        }
    }
}

void hb_skein512_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    ubi(S, blk, n, bytes, 0);
}

void hb_skein512_ubi_out(uint64_t *S, uint8_t *buf, size_t bytes) HB_REENTRANT
{
    ubi(S, buf, 1, bytes, 1);
}
