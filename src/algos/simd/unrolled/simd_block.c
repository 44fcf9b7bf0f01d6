/* SIMD compression with every NTT butterfly and Feistel step written out
 * (simd_core.h, instantiated for 4 and 8 lanes): see ../simd_kernel.h */
#include "../simd_kernel.h"

/* radix-2 decimation-in-frequency butterflies; every twiddle of the small
 * DFTs below is a power of 2 (2 is a 16-th root of unity mod 257), so a
 * multiplication by m = 2^k is a shift (written as a product: the values
 * may be negative).  Sums grow unreduced; differences are reduced first. */
#define BF1(a, b) do { int32_t t_ = (a) - (b); (a) += (b); (b) = t_; } while (0)
#define BF(a, b, m) do { int32_t t_ = (a) - (b); (a) += (b); (b) = RED(t_) * (m); } while (0)

/* the last three levels of a 16-point DFT with root 2 (the first level
 * is done by the caller); output v[p] = V[bitrev4(p)] */
#define DFT16_TAIL(v) do {                                                    \
        BF1(v[0], v[4]); BF(v[1], v[5], 4); BF(v[2], v[6], 16); BF(v[3], v[7], 64);        \
        BF1(v[8], v[12]); BF(v[9], v[13], 4); BF(v[10], v[14], 16); BF(v[11], v[15], 64);  \
        BF1(v[0], v[2]); BF(v[1], v[3], 16); BF1(v[4], v[6]); BF(v[5], v[7], 16);          \
        BF1(v[8], v[10]); BF(v[9], v[11], 16); BF1(v[12], v[14]); BF(v[13], v[15], 16);    \
        BF1(v[0], v[1]); BF1(v[2], v[3]); BF1(v[4], v[5]); BF1(v[6], v[7]);                \
        BF1(v[8], v[9]); BF1(v[10], v[11]); BF1(v[12], v[13]); BF1(v[14], v[15]);          \
    } while (0)

/* the last two levels of an 8-point DFT with root 4 (= 2^2) */
#define DFT8_TAIL(v) do {                                                     \
        BF1(v[0], v[2]); BF(v[1], v[3], 16); BF1(v[4], v[6]); BF(v[5], v[7], 16);          \
        BF1(v[0], v[1]); BF1(v[2], v[3]); BF1(v[4], v[5]); BF1(v[6], v[7]);                \
    } while (0)

/* 4-bit reversal of a constant */
#define SIMD_BR4(p) ((((p) & 1) << 3) | (((p) & 2) << 1) | (((p) & 4) >> 1) | (((p) & 8) >> 3))

/* M(p, ...) for p = 0..n-1, written out: gcc -O2 does not unroll these
 * short loops, and unrolled they make every index a constant */
#define SIMD_REP4(M, ...) M(0, __VA_ARGS__) M(1, __VA_ARGS__) M(2, __VA_ARGS__) M(3, __VA_ARGS__)
#define SIMD_REP8(M, ...) SIMD_REP4(M, __VA_ARGS__)                            \
        M(4, __VA_ARGS__) M(5, __VA_ARGS__) M(6, __VA_ARGS__) M(7, __VA_ARGS__)
#define SIMD_REP16(M, ...) SIMD_REP8(M, __VA_ARGS__)                           \
        M(8, __VA_ARGS__) M(9, __VA_ARGS__) M(10, __VA_ARGS__) M(11, __VA_ARGS__) \
        M(12, __VA_ARGS__) M(13, __VA_ARGS__) M(14, __VA_ARGS__) M(15, __VA_ARGS__)

#define SIMD_N 4
#define SIMD_XFN simd_expand4
#define SIMD_FN simd_feistel4
#include "simd_core.h"
#undef SIMD_N
#undef SIMD_XFN
#undef SIMD_FN
#define SIMD_N 8
#define SIMD_XFN simd_expand8
#define SIMD_FN simd_feistel8
#include "simd_core.h"
#undef SIMD_N
#undef SIMD_XFN
#undef SIMD_FN

void hb_simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    HB_SCRATCH uint16_t y1[256], y2[256];   /* 1 KiB */
    if (n == 4) {
        simd_expand4(y1, y2, m, final);
        simd_feistel4(m, y1, y2, S);
    } else {
        simd_expand8(y1, y2, m, final);
        simd_feistel8(m, y1, y2, S);
    }
}

