/*
 * Threefish-256/512/1024 (Skein v1.3 sec. 3.3) inside the UBI block
 * function (sec. 3.4): see skein.h.  All 72 (80) rounds are unrolled, four
 * at a time between key injections (threefish_rounds.h, generated).
 * HB_SKEIN_COMPACT (8-bit targets, where the unrolled 64-bit code outgrows
 * the flash) loops over pairs of four-round groups instead: the subkey
 * number becomes a variable, the code shrinks about ninefold.
 */
#include "skein.h"
#include "threefish_rounds.h"
#include "../../common/hb_util.h"

/* sec. 3.3.2: C240, the key-schedule parity constant of v1.3 */
#define TF_C240 0x1BD11BDAA9FC1A22ULL

#define TF_MIX(a, b, r) a += b; b = HB_ROTL64(b, r) ^ a;

/* advance the position (96 bits over T[0] and the low half of T[1]) */
#define TF_ADVANCE(T, bytes) do { (T)[0] += (uint64_t)(bytes); if ((T)[0] < (uint64_t)(bytes)) (T)[1]++; } while (0)
#define TF_FIRST (1ULL << 62)

#ifdef HB_SKEIN_COMPACT
/* subkey 0, then (rounds 0-3, subkey s, rounds 4-7, subkey s+1) for s = 1, 3, .. last-1 */
#define TF_SCHEDULE(W, last) do {                                        \
        unsigned s_;                                                     \
        TF##W##_INJECT(0)                                                \
        for (s_ = 1; s_ < (last); s_ += 2) {                             \
            TF##W##_ROUNDS_0123 TF##W##_INJECT(s_)                       \
            TF##W##_ROUNDS_4567 TF##W##_INJECT(s_ + 1)                   \
        }                                                                \
    } while (0)
#endif

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
#ifdef HB_SKEIN_COMPACT
        TF_SCHEDULE(256, 18);
#else
        TF256_INJECT(0)
        TF256_ROUNDS_0123 TF256_INJECT(1) TF256_ROUNDS_4567 TF256_INJECT(2)
        TF256_ROUNDS_0123 TF256_INJECT(3) TF256_ROUNDS_4567 TF256_INJECT(4)
        TF256_ROUNDS_0123 TF256_INJECT(5) TF256_ROUNDS_4567 TF256_INJECT(6)
        TF256_ROUNDS_0123 TF256_INJECT(7) TF256_ROUNDS_4567 TF256_INJECT(8)
        TF256_ROUNDS_0123 TF256_INJECT(9) TF256_ROUNDS_4567 TF256_INJECT(10)
        TF256_ROUNDS_0123 TF256_INJECT(11) TF256_ROUNDS_4567 TF256_INJECT(12)
        TF256_ROUNDS_0123 TF256_INJECT(13) TF256_ROUNDS_4567 TF256_INJECT(14)
        TF256_ROUNDS_0123 TF256_INJECT(15) TF256_ROUNDS_4567 TF256_INJECT(16)
        TF256_ROUNDS_0123 TF256_INJECT(17) TF256_ROUNDS_4567 TF256_INJECT(18)
#endif
        S[2] = X0 ^ M0; S[3] = X1 ^ M1; S[4] = X2 ^ M2; S[5] = X3 ^ M3;
        S[1] &= ~TF_FIRST;
        blk += 32;
    }
}

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
#ifdef HB_SKEIN_COMPACT
        TF_SCHEDULE(512, 18);
#else
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
#endif
        S[2] = X0 ^ M[0]; S[3] = X1 ^ M[1]; S[4] = X2 ^ M[2]; S[5] = X3 ^ M[3];
        S[6] = X4 ^ M[4]; S[7] = X5 ^ M[5]; S[8] = X6 ^ M[6]; S[9] = X7 ^ M[7];
        S[1] &= ~TF_FIRST;
        blk += 64;
    }
}

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
#ifdef HB_SKEIN_COMPACT
        TF_SCHEDULE(1024, 20);
#else
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
#endif
        S[2] = X0 ^ M[0]; S[3] = X1 ^ M[1]; S[4] = X2 ^ M[2]; S[5] = X3 ^ M[3];
        S[6] = X4 ^ M[4]; S[7] = X5 ^ M[5]; S[8] = X6 ^ M[6]; S[9] = X7 ^ M[7];
        S[10] = X8 ^ M[8]; S[11] = X9 ^ M[9]; S[12] = X10 ^ M[10]; S[13] = X11 ^ M[11];
        S[14] = X12 ^ M[12]; S[15] = X13 ^ M[13]; S[16] = X14 ^ M[14]; S[17] = X15 ^ M[15];
        S[1] &= ~TF_FIRST;
        blk += 128;
    }
}
