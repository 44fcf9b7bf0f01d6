/* SIMD compression as loops over arrays: the same 16 x R split of the NTT
 * as unrolled/ (see its simd_core.h), but every DFT one loop nest with a
 * generic butterfly, and the 36 steps one loop with the register roles and
 * rotations taken from small tables.  For compilers that do not finish the
 * unrolled form (SDCC: more than 15 minutes on the 8051); the work arrays
 * are HB_SCRATCH (static there: the 8051 stack is 256 bytes).  See
 * ../simd_kernel.h */
#include "../simd_kernel.h"

/* the 8051: with SDCC's loop optimisations the temporaries kept in spill
 * locations overflowed its internal stack (wrong digests on target);
 * without them the form runs (hb_platform.h) */
HB_FEWER_SPILLS

/*
 * An in-place DFT of size L (8 or 16) whose twiddles are powers of 2
 * (root 2 for L = 16, root 4 for L = 8): at the level with half-span h the
 * butterfly (a, b) -> (a + b, (a - b) * 2^(8q/h)), q the position in the
 * half, for both sizes.  Differences are reduced mod 257 before the shift
 * (|RED(x)| <= |x|/256 + 256) and sums grow unreduced: from inputs below
 * 2^18 every value stays below 2^23.  Output v[p] = V[bitrev(p)].
 */
static void dft(int32_t *v, unsigned L)
{
    unsigned h, b, q;
    for (h = L / 2; h; h >>= 1)
        for (b = 0; b < L; b += 2 * h)
            for (q = 0; q < h; q++) {
                int32_t a = v[b + q], c = v[b + q + h];
                v[b + q] = a + c;
                v[b + q + h] = RED(a - c) * ((int32_t)1 << (8u * q / h));
            }
}

static unsigned bitrev(unsigned p, unsigned bits)
{
    unsigned r = 0;
    while (bits--) {
        r = (r << 1) | (p & 1u);
        p >>= 1;
    }
    return r;
}

/* y1 = 185 y, y2 = 233 y of the NTT of the block (see simd_core.h) */
static void expand(uint16_t *y1, uint16_t *y2, const uint8_t *m, unsigned n, int final)
{
    HB_SCRATCH int32_t T[16][16];   /* [k1][j2] after the twiddle */
    HB_SCRATCH int32_t v[16];
    unsigned R = n == 4 ? 8u : 16u, bits = n == 4 ? 3u : 4u, j2, k1, p;
    HB_ROM uint16_t *tw = n == 4 ? SIMD_TW128 : SIMD_TW256;
    for (j2 = 0; j2 < 16; j2++) {
        /* inner DFT over j1 of m[16 j1 + j2] (j1 < R/2), the coefficient
         * 1 of X^(N-1) (and X^(N-3) when final) at j1 = R-1 */
        for (p = 0; p < R; p++) v[p] = p < R / 2 ? m[16u * p + j2] : 0;
        v[R - 1] = j2 == 15 || (final && j2 == 13);
        dft(v, R);
        for (p = 0; p < R; p++)
            T[bitrev(p, bits)][j2] = RED(v[p] * (int32_t)HB_ROM_U16(tw, R * j2 + p));
    }
    for (k1 = 0; k1 < R; k1++) {
        for (p = 0; p < 16; p++) v[p] = T[k1][p];
        dft(v, 16);
        for (p = 0; p < 16; p++) {
            uint32_t r = (uint32_t)(v[p] + 257 * 0x400000) % 257u;   /* v > -2^30 */
            unsigned i = k1 + R * bitrev(p, 4);
            y1[i] = HB_ROM_U16(SIMD_Y185, r);
            y2[i] = HB_ROM_U16(SIMD_Y233, r);
        }
    }
}

/* rotations (r, s, t, u) of rounds 0..3 (SIMD 1.1); step k of a round
 * rotates A by the k-th and the sum by the (k+1)-th, cyclically */
static HB_ROM uint8_t ROT[4][4] = {{3, 23, 17, 27}, {28, 19, 22, 7}, {29, 9, 15, 5}, {4, 13, 10, 25}};
/* lane permutations j -> j ^ PX[i mod 3] (4 lanes), [i mod 7] (8 lanes) */
static HB_ROM uint8_t PX4[3] = {1, 2, 3};
static HB_ROM uint8_t PX8[7] = {1, 6, 2, 3, 5, 7, 4};

static void feistel(const uint8_t *m, const uint16_t *y1, const uint16_t *y2, uint32_t S[4][8], unsigned n)
{
    HB_SCRATCH uint32_t W[32][8];
    HB_SCRATCH uint32_t X[4][8];
    HB_SCRATCH uint32_t t[8];
    unsigned i, j;
    for (i = 0; i < 32; i++) {
        unsigned q = HB_ROM_U8(SIMD_ZORDER, i), d;
        const uint16_t *z;
        if (q < 16) {
            z = y1 + 2u * q * n;
            d = 1;
        } else {
            z = y2 + 2u * (q & 7u) * n + (q >= 24 ? 1u : 0u);
            d = 16u * n;
        }
        for (j = 0; j < n; j++) W[i][j] = z[2 * j] | (uint32_t)z[2 * j + d] << 16;
    }
    for (i = 0; i < 4; i++)
        for (j = 0; j < n; j++) X[i][j] = S[i][j] ^ hb_load32_le(m + 4u * (i * n + j));
    /* step i: (A, B, C, D) = X[-i], X[1-i], X[2-i], X[3-i] (mod 4);
     * steps 32..35 are the feed-forward with the old state as words */
    for (i = 0; i < 36; i++) {
        uint32_t *A = X[(4 - i % 4) % 4], *B = X[(5 - i % 4) % 4];
        uint32_t *C = X[(6 - i % 4) % 4], *D = X[(7 - i % 4) % 4];
        const uint32_t *w = i < 32 ? W[i] : S[i - 32];
        unsigned rd = i < 32 ? i / 8 : 3, k = i % 8;
        unsigned r = HB_ROM_U8(ROT[rd], k % 4), s = HB_ROM_U8(ROT[rd], (k + 1) % 4);
        unsigned x = n == 4 ? HB_ROM_U8(PX4, i % 3) : HB_ROM_U8(PX8, i % 7);
        int maj = i < 32 && k >= 4;
        for (j = 0; j < n; j++) t[j] = HB_ROTL32(A[j], r);
        for (j = 0; j < n; j++) {
            uint32_t f = maj ? (A[j] & B[j]) | ((A[j] | B[j]) & C[j]) : ((B[j] ^ C[j]) & A[j]) ^ C[j];
            D[j] = HB_ROTL32(D[j] + w[j] + f, s) + t[j ^ x];
            A[j] = t[j];
        }
    }
    for (i = 0; i < 4; i++)
        for (j = 0; j < n; j++) S[i][j] = X[i][j];
}

void hb_simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    HB_SCRATCH uint16_t y1[256], y2[256];
    expand(y1, y2, m, n, final);
    feistel(m, y1, y2, S, n);
}
