/*
 * Keccak-p[1600] permutation, portable C99 (FIPS 202 sec. 3).  Lanes are
 * 64-bit words; the rho/pi step is written out lane by lane (generated from
 * the rho offsets and pi map of FIPS 202 3.2.2-3.2.3) so the compiler keeps
 * the working lanes in registers.  HB_KECCAK_COMPACT: the same rounds as a
 * loop over 64-bit lanes.  HB_KECCAK_BYTE (8051): the rounds on bytes, no
 * 64-bit arithmetic (at the end of the file).
 */
#include "keccak.h"
#include "../../common/hb_util.h"

#ifndef HB_KECCAK_BYTE
/* Round constants RC[i_r] of FIPS 202 3.2.5 (computed from the rc(t) LFSR). */
static HB_ROM uint64_t RC[24] = {
    0x0000000000000001ULL,
    0x0000000000008082ULL,
    0x800000000000808aULL,
    0x8000000080008000ULL,
    0x000000000000808bULL,
    0x0000000080000001ULL,
    0x8000000080008081ULL,
    0x8000000000008009ULL,
    0x000000000000008aULL,
    0x0000000000000088ULL,
    0x0000000080008009ULL,
    0x000000008000000aULL,
    0x000000008000808bULL,
    0x800000000000008bULL,
    0x8000000000008089ULL,
    0x8000000000008003ULL,
    0x8000000000008002ULL,
    0x8000000000000080ULL,
    0x000000000000800aULL,
    0x800000008000000aULL,
    0x8000000080008081ULL,
    0x8000000000008080ULL,
    0x0000000080000001ULL,
    0x8000000080008008ULL
};

static void keccakp_compact(uint64_t *A, unsigned first, unsigned last)
{
    uint64_t B[25], C0, C1, C2, C3, C4, D0, D1, D2, D3, D4;
    unsigned r, y;

    for (r = first; r < last; r++) {
        /* theta */
        C0 = A[0] ^ A[5] ^ A[10] ^ A[15] ^ A[20];
        C1 = A[1] ^ A[6] ^ A[11] ^ A[16] ^ A[21];
        C2 = A[2] ^ A[7] ^ A[12] ^ A[17] ^ A[22];
        C3 = A[3] ^ A[8] ^ A[13] ^ A[18] ^ A[23];
        C4 = A[4] ^ A[9] ^ A[14] ^ A[19] ^ A[24];
        D0 = C4 ^ HB_ROTL64(C1, 1);
        D1 = C0 ^ HB_ROTL64(C2, 1);
        D2 = C1 ^ HB_ROTL64(C3, 1);
        D3 = C2 ^ HB_ROTL64(C4, 1);
        D4 = C3 ^ HB_ROTL64(C0, 1);
        /* rho and pi */
        B[0] = (A[0] ^ D0);
        B[16] = HB_ROTL64((A[5] ^ D0), 36);
        B[7] = HB_ROTL64((A[10] ^ D0), 3);
        B[23] = HB_ROTL64((A[15] ^ D0), 41);
        B[14] = HB_ROTL64((A[20] ^ D0), 18);
        B[10] = HB_ROTL64((A[1] ^ D1), 1);
        B[1] = HB_ROTL64((A[6] ^ D1), 44);
        B[17] = HB_ROTL64((A[11] ^ D1), 10);
        B[8] = HB_ROTL64((A[16] ^ D1), 45);
        B[24] = HB_ROTL64((A[21] ^ D1), 2);
        B[20] = HB_ROTL64((A[2] ^ D2), 62);
        B[11] = HB_ROTL64((A[7] ^ D2), 6);
        B[2] = HB_ROTL64((A[12] ^ D2), 43);
        B[18] = HB_ROTL64((A[17] ^ D2), 15);
        B[9] = HB_ROTL64((A[22] ^ D2), 61);
        B[5] = HB_ROTL64((A[3] ^ D3), 28);
        B[21] = HB_ROTL64((A[8] ^ D3), 55);
        B[12] = HB_ROTL64((A[13] ^ D3), 25);
        B[3] = HB_ROTL64((A[18] ^ D3), 21);
        B[19] = HB_ROTL64((A[23] ^ D3), 56);
        B[15] = HB_ROTL64((A[4] ^ D4), 27);
        B[6] = HB_ROTL64((A[9] ^ D4), 20);
        B[22] = HB_ROTL64((A[14] ^ D4), 39);
        B[13] = HB_ROTL64((A[19] ^ D4), 8);
        B[4] = HB_ROTL64((A[24] ^ D4), 14);
        /* chi */
        for (y = 0; y < 25; y += 5) {
            A[y + 0] = B[y + 0] ^ (~B[y + 1] & B[y + 2]);
            A[y + 1] = B[y + 1] ^ (~B[y + 2] & B[y + 3]);
            A[y + 2] = B[y + 2] ^ (~B[y + 3] & B[y + 4]);
            A[y + 3] = B[y + 3] ^ (~B[y + 4] & B[y + 0]);
            A[y + 4] = B[y + 4] ^ (~B[y + 0] & B[y + 1]);
        }
        /* iota */
        A[0] ^= HB_ROM_U64(RC, r);
    }
}

#ifndef HB_KECCAK_COMPACT
/* Two rounds per iteration over 25 named lanes (a.. -> e.. -> a..), so the
 * state lives in registers; generated like the tables above. */
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
#else
/* HB_KECCAK_COMPACT: the loop form only (smaller code for 8-bit targets) */
void hb_keccakp1600_permute(void *st, unsigned rounds) HB_REENTRANT
{
    keccakp_compact((uint64_t *)st, 24 - rounds, 24);
}
#endif
#else /* HB_KECCAK_BYTE */
/*
 * The byte-wise form for 8-bit CPUs: no 64-bit arithmetic in the rounds.
 * The lanes are copied into a 200-byte state S (lane i at S[8i..8i+7],
 * little-endian: the canonical byte view of FIPS 202 B.1) and back.  Each
 * step is a loop over bytes: theta's column parities are 40 bytes; rho
 * rotates a lane by 8q + b bits as a byte offset q plus a shift by b (an
 * 8x8-bit multiplication by 2^b, whose high byte carries into the next
 * byte); pi is a table of destinations; chi and iota work on bytes.
 * Scratch: 441 bytes (HB_SCRATCH: static on the 8051, whose stack is 256
 * bytes).  Selected by HB_KECCAK_BYTE (over HB_KECCAK_COMPACT) for mcs51;
 * on AVR the 64-bit loop form is faster (measured: 405 k against 472 k
 * cycles per Keccak-256 block on an ATmega328P at -Os), this one 9x smaller.  The tables come from the formulas of FIPS 202
 * 3.2.2-3.2.5: tools/gen_keccak_byte_tables.py derives them (and checks a
 * model of this loop against SHA3-256 and SHAKE128).
 */
static HB_ROM uint8_t KB_RHO[25] = { /* rho offset of lane x + 5y */
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10,
    43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56,
    14
};
static HB_ROM uint8_t KB_PI8[25] = { /* 8 * index of lane x + 5y after pi */
    0, 80, 160, 40, 120, 128, 8, 88, 168, 48, 56, 136,
    16, 96, 176, 184, 64, 144, 24, 104, 112, 192, 72, 152,
    32
};
static HB_ROM uint8_t KB_RC[24] = { /* RC[ir] packed: low byte | b15 0x04 | b31 0x10 | b63 0x20 */
    0x01, 0x86, 0xae, 0x34, 0x8f, 0x11, 0xb5, 0x2d, 0x8a, 0x88, 0x1d, 0x1a,
    0x9f, 0xab, 0xad, 0x27, 0x26, 0xa0, 0x0e, 0x3a, 0xb5, 0xa4, 0x11, 0x3c
};

/* 1 where uint64_t is stored little-endian: its bytes are then the canonical
 * byte view, moved as bytes by the permutation, kp_add and kp_extract (SDCC
 * makes every 64-bit shift a long code loop: one `v >> 32` is 1,268 8051
 * instructions) */
static int kb_little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one;
}

/* row, column offsets as constant bases (the index stays 8-bit on SDCC) */
#define KB_AT(arr, off, k) ((arr) + (off))[k]

void hb_keccakp1600_permute(void *st, unsigned rounds) HB_REENTRANT
{
    uint64_t *A = (uint64_t *)st;
    HB_SCRATCH uint8_t S[200];   /* the state, byte view */
    HB_SCRATCH uint8_t B[200];   /* after rho and pi */
    HB_SCRATCH uint8_t C[40];    /* theta: column parities */
    HB_SCRATCH uint8_t rnd;      /* round index */
    uint8_t i, k, o, e, n, m, c = 0;

    /* lanes to bytes (and back at the end) */
    if (kb_little_endian()) {
        const uint8_t *a = (const uint8_t *)st;
        for (o = 0; o < 200; o++)
            S[o] = *a++;
    } else {
        for (i = 0; i < 25; i++)
            hb_store64_le(S + 8 * i, A[i]);
    }
    /* the round index lives beside the arrays: on SDCC a register-held
     * counter live across every loop pushes the loops' own values out */
    for (rnd = (uint8_t)(24 - rounds); rnd < 24; rnd++) {
        /* theta: D[x] = C[x - 1] ^ rotl(C[x + 1], 1), added to every row */
        for (k = 0; k < 40; k++)
            C[k] = S[k] ^ KB_AT(S, 40, k) ^ KB_AT(S, 80, k) ^ KB_AT(S, 120, k) ^ KB_AT(S, 160, k);
        for (k = 0, e = 32, n = 8; k < 40; k++) {
            /* byte k of D: column x = k / 8 gets C[x - 1] (byte e) and
             * C[x + 1] (byte n) rotated by one bit, whose carry c comes
             * from the byte below (from byte 7 at a lane's start) */
            m = C[n];
            if (!(k & 7))
                c = C[n + 7] >> 7;
            i = C[e] ^ (uint8_t)(m << 1) ^ c;
            c = m >> 7;
            S[k] ^= i;
            KB_AT(S, 40, k) ^= i;
            KB_AT(S, 80, k) ^= i;
            KB_AT(S, 120, k) ^= i;
            KB_AT(S, 160, k) ^= i;
            if (++e == 40)
                e = 0;
            if (++n == 40)
                n = 0;
        }
        /* rho and pi: lane i rotated left by 8q + b bits into B at its new
         * place: a byte offset q, and a shift by b as a multiplication by
         * 2^b whose high byte carries into the next output byte */
        o = 0;                                /* source byte */
        do {
            e = HB_ROM_U8(KB_RHO, o >> 3);
            m = (uint8_t)(1u << (e & 7));
            k = HB_ROM_U8(KB_PI8, o >> 3);    /* destination byte */
            o += (uint8_t)(8 - (e >> 3)) & 7; /* source of output byte 0 */
            c = (uint8_t)((S[(o & 7) ? o - 1 : o + 7] * m) >> 8);
            do {
                /* byte * 2^b < 2^15: an int product, 8x8 -> 16 bits */
                n = S[o];
                B[k] = (uint8_t)(n * m) | c;
                c = (uint8_t)((n * m) >> 8);
                if (!(++o & 7))
                    o -= 8;
            } while (++k & 7);
            o = (o & 0xf8) + 8;
        } while (o < 200);
        /* chi, row by row, byte by byte: five bytes of B in, five of S out */
        for (o = 0; o < 200; o += 40) {
            for (k = o, e = o + 8; k != e; k++) {
                i = B[k];
                n = KB_AT(B, 8, k);
                m = KB_AT(B, 16, k);
                S[k] = i ^ (uint8_t)(~n & m);
                c = KB_AT(B, 24, k);
                KB_AT(S, 8, k) = n ^ (uint8_t)(~m & c);
                n = KB_AT(B, 32, k);
                KB_AT(S, 16, k) = m ^ (uint8_t)(~c & n);
                KB_AT(S, 24, k) = c ^ (uint8_t)(~n & i);
                KB_AT(S, 32, k) = n ^ (uint8_t)(~i & KB_AT(B, 8, k));
            }
        }
        /* iota: RC has bits only at 0, 1, 3, 7, 15, 31, 63 */
        c = HB_ROM_U8(KB_RC, rnd);
        S[0] ^= c & 0x8b;
        S[1] ^= (uint8_t)(c << 5) & 0x80;
        S[3] ^= (uint8_t)(c << 3) & 0x80;
        S[7] ^= (uint8_t)(c << 2) & 0x80;
    }
    if (kb_little_endian()) {
        uint8_t *a = (uint8_t *)st;
        for (o = 0; o < 200; o++)
            *a++ = S[o];
    } else {
        for (i = 0; i < 25; i++)
            A[i] = hb_load64_le(S + 8 * i);
    }
}
#endif /* HB_KECCAK_BYTE */

static void kp_add(void *st, const uint8_t *in, size_t off, size_t len) HB_REENTRANT
{
    uint64_t *A = (uint64_t *)st;
#ifdef HB_KECCAK_BYTE
    if (kb_little_endian()) {
        uint8_t *s = (uint8_t *)st + off;
        while (len--)
            *s++ ^= *in++;
        return;
    }
#endif
    while (len && (off & 7)) {
        A[off >> 3] ^= (uint64_t)*in++ << (8 * (off & 7));
        off++, len--;
    }
    while (len >= 8) {
        A[off >> 3] ^= hb_load64_le(in);
        in += 8, off += 8, len -= 8;
    }
    while (len) {
        A[off >> 3] ^= (uint64_t)*in++ << (8 * (off & 7));
        off++, len--;
    }
}

static void kp_extract(const void *st, uint8_t *out, size_t off, size_t len) HB_REENTRANT
{
    const uint64_t *A = (const uint64_t *)st;
#ifdef HB_KECCAK_BYTE
    if (kb_little_endian()) {
        const uint8_t *s = (const uint8_t *)st + off;
        while (len--)
            *out++ = *s++;
        return;
    }
#endif
    while (len--) {
        *out++ = (uint8_t)(A[off >> 3] >> (8 * (off & 7)));
        off++;
    }
}

const hb_perm hb_keccakp1600 = {200, kp_add, kp_extract, hb_keccakp1600_permute};
