/*
 * Keccak-p[1600] on 64-bit lanes, two rounds per iteration over 25 named
 * lanes (a.. -> e.. -> a..) so that the compiler keeps the state in
 * registers; the rho/pi step is written out lane by lane (generated from the
 * rho offsets and pi map of FIPS 202 3.2.2-3.2.3).  The fastest portable
 * form on 32- and 64-bit CPUs; an odd round count starts with one round of
 * the loop form.
 */
#include "../keccakp1600_lanes.h"

#define HB_KECCAK_ROUND_AE(rc) \
    C0 = a00 ^ a01 ^ a02 ^ a03 ^ a04; \
    C1 = a10 ^ a11 ^ a12 ^ a13 ^ a14; \
    C2 = a20 ^ a21 ^ a22 ^ a23 ^ a24; \
    C3 = a30 ^ a31 ^ a32 ^ a33 ^ a34; \
    C4 = a40 ^ a41 ^ a42 ^ a43 ^ a44; \
    D0 = C4 ^ HB_ROTL64(C1, 1); \
    D1 = C0 ^ HB_ROTL64(C2, 1); \
    D2 = C1 ^ HB_ROTL64(C3, 1); \
    D3 = C2 ^ HB_ROTL64(C4, 1); \
    D4 = C3 ^ HB_ROTL64(C0, 1); \
    B0 = (a00 ^ D0); \
    B1 = HB_ROTL64((a11 ^ D1), 44); \
    B2 = HB_ROTL64((a22 ^ D2), 43); \
    B3 = HB_ROTL64((a33 ^ D3), 21); \
    B4 = HB_ROTL64((a44 ^ D4), 14); \
    e00 = B0 ^ (~B1 & B2) ^ (rc); \
    e10 = B1 ^ (~B2 & B3); \
    e20 = B2 ^ (~B3 & B4); \
    e30 = B3 ^ (~B4 & B0); \
    e40 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((a30 ^ D3), 28); \
    B1 = HB_ROTL64((a41 ^ D4), 20); \
    B2 = HB_ROTL64((a02 ^ D0), 3); \
    B3 = HB_ROTL64((a13 ^ D1), 45); \
    B4 = HB_ROTL64((a24 ^ D2), 61); \
    e01 = B0 ^ (~B1 & B2); \
    e11 = B1 ^ (~B2 & B3); \
    e21 = B2 ^ (~B3 & B4); \
    e31 = B3 ^ (~B4 & B0); \
    e41 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((a10 ^ D1), 1); \
    B1 = HB_ROTL64((a21 ^ D2), 6); \
    B2 = HB_ROTL64((a32 ^ D3), 25); \
    B3 = HB_ROTL64((a43 ^ D4), 8); \
    B4 = HB_ROTL64((a04 ^ D0), 18); \
    e02 = B0 ^ (~B1 & B2); \
    e12 = B1 ^ (~B2 & B3); \
    e22 = B2 ^ (~B3 & B4); \
    e32 = B3 ^ (~B4 & B0); \
    e42 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((a40 ^ D4), 27); \
    B1 = HB_ROTL64((a01 ^ D0), 36); \
    B2 = HB_ROTL64((a12 ^ D1), 10); \
    B3 = HB_ROTL64((a23 ^ D2), 15); \
    B4 = HB_ROTL64((a34 ^ D3), 56); \
    e03 = B0 ^ (~B1 & B2); \
    e13 = B1 ^ (~B2 & B3); \
    e23 = B2 ^ (~B3 & B4); \
    e33 = B3 ^ (~B4 & B0); \
    e43 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((a20 ^ D2), 62); \
    B1 = HB_ROTL64((a31 ^ D3), 55); \
    B2 = HB_ROTL64((a42 ^ D4), 39); \
    B3 = HB_ROTL64((a03 ^ D0), 41); \
    B4 = HB_ROTL64((a14 ^ D1), 2); \
    e04 = B0 ^ (~B1 & B2); \
    e14 = B1 ^ (~B2 & B3); \
    e24 = B2 ^ (~B3 & B4); \
    e34 = B3 ^ (~B4 & B0); \
    e44 = B4 ^ (~B0 & B1); \
    (void)0
#define HB_KECCAK_ROUND_EA(rc) \
    C0 = e00 ^ e01 ^ e02 ^ e03 ^ e04; \
    C1 = e10 ^ e11 ^ e12 ^ e13 ^ e14; \
    C2 = e20 ^ e21 ^ e22 ^ e23 ^ e24; \
    C3 = e30 ^ e31 ^ e32 ^ e33 ^ e34; \
    C4 = e40 ^ e41 ^ e42 ^ e43 ^ e44; \
    D0 = C4 ^ HB_ROTL64(C1, 1); \
    D1 = C0 ^ HB_ROTL64(C2, 1); \
    D2 = C1 ^ HB_ROTL64(C3, 1); \
    D3 = C2 ^ HB_ROTL64(C4, 1); \
    D4 = C3 ^ HB_ROTL64(C0, 1); \
    B0 = (e00 ^ D0); \
    B1 = HB_ROTL64((e11 ^ D1), 44); \
    B2 = HB_ROTL64((e22 ^ D2), 43); \
    B3 = HB_ROTL64((e33 ^ D3), 21); \
    B4 = HB_ROTL64((e44 ^ D4), 14); \
    a00 = B0 ^ (~B1 & B2) ^ (rc); \
    a10 = B1 ^ (~B2 & B3); \
    a20 = B2 ^ (~B3 & B4); \
    a30 = B3 ^ (~B4 & B0); \
    a40 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((e30 ^ D3), 28); \
    B1 = HB_ROTL64((e41 ^ D4), 20); \
    B2 = HB_ROTL64((e02 ^ D0), 3); \
    B3 = HB_ROTL64((e13 ^ D1), 45); \
    B4 = HB_ROTL64((e24 ^ D2), 61); \
    a01 = B0 ^ (~B1 & B2); \
    a11 = B1 ^ (~B2 & B3); \
    a21 = B2 ^ (~B3 & B4); \
    a31 = B3 ^ (~B4 & B0); \
    a41 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((e10 ^ D1), 1); \
    B1 = HB_ROTL64((e21 ^ D2), 6); \
    B2 = HB_ROTL64((e32 ^ D3), 25); \
    B3 = HB_ROTL64((e43 ^ D4), 8); \
    B4 = HB_ROTL64((e04 ^ D0), 18); \
    a02 = B0 ^ (~B1 & B2); \
    a12 = B1 ^ (~B2 & B3); \
    a22 = B2 ^ (~B3 & B4); \
    a32 = B3 ^ (~B4 & B0); \
    a42 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((e40 ^ D4), 27); \
    B1 = HB_ROTL64((e01 ^ D0), 36); \
    B2 = HB_ROTL64((e12 ^ D1), 10); \
    B3 = HB_ROTL64((e23 ^ D2), 15); \
    B4 = HB_ROTL64((e34 ^ D3), 56); \
    a03 = B0 ^ (~B1 & B2); \
    a13 = B1 ^ (~B2 & B3); \
    a23 = B2 ^ (~B3 & B4); \
    a33 = B3 ^ (~B4 & B0); \
    a43 = B4 ^ (~B0 & B1); \
    B0 = HB_ROTL64((e20 ^ D2), 62); \
    B1 = HB_ROTL64((e31 ^ D3), 55); \
    B2 = HB_ROTL64((e42 ^ D4), 39); \
    B3 = HB_ROTL64((e03 ^ D0), 41); \
    B4 = HB_ROTL64((e14 ^ D1), 2); \
    a04 = B0 ^ (~B1 & B2); \
    a14 = B1 ^ (~B2 & B3); \
    a24 = B2 ^ (~B3 & B4); \
    a34 = B3 ^ (~B4 & B0); \
    a44 = B4 ^ (~B0 & B1); \
    (void)0

void hb_keccakp1600_permute(void *st, unsigned rounds) HB_REENTRANT
{
    uint64_t *A = (uint64_t *)st;
    uint64_t a00, a10, a20, a30, a40, a01, a11, a21, a31, a41, a02, a12, a22, a32, a42, a03, a13, a23, a33, a43, a04, a14, a24, a34, a44;
    uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41, e02, e12, e22, e32, e42, e03, e13, e23, e33, e43, e04, e14, e24, e34, e44;
    uint64_t B0, B1, B2, B3, B4, C0, C1, C2, C3, C4, D0, D1, D2, D3, D4;
    unsigned r = 24 - rounds;

    if (rounds & 1) keccakp_compact(A, r, r + 1), r++;
    a00 = A[0];
    a10 = A[1];
    a20 = A[2];
    a30 = A[3];
    a40 = A[4];
    a01 = A[5];
    a11 = A[6];
    a21 = A[7];
    a31 = A[8];
    a41 = A[9];
    a02 = A[10];
    a12 = A[11];
    a22 = A[12];
    a32 = A[13];
    a42 = A[14];
    a03 = A[15];
    a13 = A[16];
    a23 = A[17];
    a33 = A[18];
    a43 = A[19];
    a04 = A[20];
    a14 = A[21];
    a24 = A[22];
    a34 = A[23];
    a44 = A[24];
    for (; r < 24; r += 2) {
        HB_KECCAK_ROUND_AE(HB_ROM_U64(RC, r));
        HB_KECCAK_ROUND_EA(HB_ROM_U64(RC, r + 1));
    }
    A[0] = a00;
    A[1] = a10;
    A[2] = a20;
    A[3] = a30;
    A[4] = a40;
    A[5] = a01;
    A[6] = a11;
    A[7] = a21;
    A[8] = a31;
    A[9] = a41;
    A[10] = a02;
    A[11] = a12;
    A[12] = a22;
    A[13] = a32;
    A[14] = a42;
    A[15] = a03;
    A[16] = a13;
    A[17] = a23;
    A[18] = a33;
    A[19] = a43;
    A[20] = a04;
    A[21] = a14;
    A[22] = a24;
    A[23] = a34;
    A[24] = a44;
}

const hb_perm hb_keccakp1600 = {200, kp_add, kp_extract, hb_keccakp1600_permute};
