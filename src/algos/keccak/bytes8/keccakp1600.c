/*
 * Keccak-p[1600], the byte-wise form for 8-bit CPUs: no 64-bit arithmetic in the rounds.
 * The lanes are copied into a 200-byte state S (lane i at S[8i..8i+7],
 * little-endian: the canonical byte view of FIPS 202 B.1) and back.  Each
 * step is a loop over bytes: theta's column parities are 40 bytes; rho
 * rotates a lane by 8q + b bits as a byte offset q plus a shift by b (an
 * 8x8-bit multiplication by 2^b, whose high byte carries into the next
 * byte); pi is a table of destinations; chi and iota work on bytes.
 * Scratch: 441 bytes (HB_SCRATCH: static on the 8051, whose stack is 256
 * bytes).  On AVR
 * the 64-bit loop form (compact/) is faster (measured: 405 k against 472 k
 * cycles per Keccak-256 block on an ATmega328P at -Os), this one 9x
 * smaller.  The tables come from the formulas of FIPS 202
 * 3.2.2-3.2.5: tools/gen_keccak_byte_tables.py derives them (and checks a
 * model of this loop against SHA3-256 and SHAKE128).
 */
#include "../keccak.h"
#include "../../../common/hb_util.h"

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

static void kp_add(void *st, const uint8_t *in, size_t off, size_t len) HB_REENTRANT
{
    uint64_t *A = (uint64_t *)st;
    if (kb_little_endian()) {
        uint8_t *s = (uint8_t *)st + off;
        while (len--)
            *s++ ^= *in++;
        return;
    }
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
    if (kb_little_endian()) {
        const uint8_t *s = (const uint8_t *)st + off;
        while (len--)
            *out++ = *s++;
        return;
    }
    while (len--) {
        *out++ = (uint8_t)(A[off >> 3] >> (8 * (off & 7)));
        off++;
    }
}

const hb_perm hb_keccakp1600 = {200, kp_add, kp_extract, hb_keccakp1600_permute};
