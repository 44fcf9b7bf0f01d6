/*
 * keccakp1600_lanes.h -- what the two 64-bit-lane implementations of
 * Keccak-p[1600] (lanes64/, compact/) share: the round constants, the
 * rounds as a loop over the 25 lanes, and the lane-wise absorb/extract of
 * the sponge interface.  Included by exactly one source of a build.
 */
#ifndef HB_KECCAKP1600_LANES_H
#define HB_KECCAKP1600_LANES_H
#include "keccak.h"
#include "../../common/hb_util.h"

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

static void kp_add(void *st, const uint8_t *in, size_t off, size_t len) HB_REENTRANT
{
    uint64_t *A = (uint64_t *)st;
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

/* whole lanes are stored a word at a time: a byte at a time, each byte
 * took a 64-bit variable shift (on a 32-bit core about a dozen
 * instructions), some 700 cycles of a 64-byte Keccak-512 message on the
 * Cortex-M4 */
static void kp_extract(const void *st, uint8_t *out, size_t off, size_t len) HB_REENTRANT
{
    const uint64_t *A = (const uint64_t *)st;
    while (len && (off & 7)) {
        *out++ = (uint8_t)(A[off >> 3] >> (8 * (off & 7)));
        off++, len--;
    }
    while (len >= 8) {
        hb_store64_le(out, A[off >> 3]);
        out += 8, off += 8, len -= 8;
    }
    while (len) {
        *out++ = (uint8_t)(A[off >> 3] >> (8 * (off & 7)));
        off++, len--;
    }
}

#endif
