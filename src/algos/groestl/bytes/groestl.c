/*
 * Groestl on bytes, for 8-bit CPUs: the state is 64 or 128 bytes and no
 * 64-bit arithmetic is done; the AES S-box alone (256 bytes,
 * ../../aes/aes_tables.c), MixBytes computed.  See ../groestl.h; section
 * numbers refer to the Groestl specification, version 2.0.1 (Jan 2011).
 */
#include "../groestl.h"
/* the S-box only, not the AES round */
#define HB_AES_NO_ROUND
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"

/* Byte 8c + r is row r of column c, the order of the message bytes
 * (sec. 3.1) and of the IV and the output.  No 64-bit arithmetic: one round
 * is, per output column, eight S-box lookups (SubBytes of the bytes
 * ShiftBytes brings into the column) and MixBytes computed with doublings
 * in GF(2^8). */

/* ShiftBytes offsets of rows 0..7 (sec. 3.3): P512, Q512, P1024, Q1024 */
static HB_ROM uint8_t gb_shift[32] = {
    0, 1, 2, 3, 4, 5, 6, 7,   1, 3, 5, 7, 0, 2, 4, 6,
    0, 1, 2, 3, 4, 5, 6, 11,  1, 3, 5, 11, 0, 2, 4, 6
};

/* d = 2 v in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (sec. 3.4); a
 * statement, so that SDCC tests the top bit instead of widening to int.
 * The branch makes the time depend slightly on the data (a branch-free
 * form, the mask 0 - (v >> 7), was 36% slower on the 8051: SDCC ran out
 * of registers in MixBytes). */
#define GB_X2(d, v) do { (d) = (uint8_t)((v) << 1); if ((v) & 0x80u) (d) ^= 0x1bu; } while (0)

/* MixBytes, B = circ(2, 2, 3, 4, 5, 3, 5, 7) (sec. 3.4), of the column
 * a[0..7] into y[k..k+7]: output row r is X ^ 2 (Y ^ 2 Z), indices mod 8,
 *   X = a[r+2] ^ a[r+4] ^ a[r+5] ^ a[r+6] ^ a[r+7]
 *   Y = a[r] ^ a[r+1] ^ a[r+2] ^ a[r+5] ^ a[r+7]
 *   Z = a[r+3] ^ a[r+4] ^ a[r+6] ^ a[r+7]
 * written with t[j] = a[j] ^ a[j+1].  Unrolled, with constant indices:
 * on the 8051 an element of a static array at a constant index is a
 * direct address. */
#define GB_MIX(y, r) do { \
        uint8_t u_ = a[((r) + 2) & 7] ^ t[((r) + 6) & 7], d_; \
        uint8_t z_ = t[((r) + 3) & 7] ^ t[((r) + 6) & 7]; \
        uint8_t y_ = u_ ^ t[r] ^ t[((r) + 5) & 7]; \
        GB_X2(d_, z_); \
        y_ ^= d_; \
        GB_X2(d_, y_); \
        y[(uint8_t)(k + (r))] = u_ ^ t[((r) + 4) & 7] ^ d_; \
    } while (0)

/* ShiftBytes + SubBytes (+ Q's complement) of row j of output column k / 8:
 * row j of column k / 8 + s_j, i.e. byte (k + 8 s_j + j) mod bytes */
#define GB_SB(x, j) HB_ROM_U8(hb_aes_sbox, (uint8_t)(x[(uint8_t)(k + off[j]) & bmask] ^ inv))

/* one round, x -> y (distinct arrays: written out twice so that both are
 * constant bases, 8-bit indices on the 8051) */
#define GB_ROUND(x, y, i) do { \
        /* AddRoundConstant (sec. 3.2): P adds (c << 4) ^ i to row 0 of \
         * column c; Q adds the same to row 7 and complements every byte \
         * (the complement is folded into GB_SB) */ \
        for (c = 0; c <= mask; c++) x[(uint8_t)(8 * c + row)] ^= (uint8_t)((c << 4) ^ (i)); \
        for (k = 0; k < bytes; k += 8) { \
            a[0] = GB_SB(x, 0); a[1] = GB_SB(x, 1); a[2] = GB_SB(x, 2); a[3] = GB_SB(x, 3); \
            a[4] = GB_SB(x, 4); a[5] = GB_SB(x, 5); a[6] = GB_SB(x, 6); a[7] = GB_SB(x, 7); \
            t[0] = a[0] ^ a[1]; t[1] = a[1] ^ a[2]; t[2] = a[2] ^ a[3]; t[3] = a[3] ^ a[4]; \
            t[4] = a[4] ^ a[5]; t[5] = a[5] ^ a[6]; t[6] = a[6] ^ a[7]; t[7] = a[7] ^ a[0]; \
            GB_MIX(y, 0); GB_MIX(y, 1); GB_MIX(y, 2); GB_MIX(y, 3); \
            GB_MIX(y, 4); GB_MIX(y, 5); GB_MIX(y, 6); GB_MIX(y, 7); \
        } \
    } while (0)

/* acc ^= P(x ^ y) (q = 0) or Q(x ^ y) (q = 1), y optional (0), on 512
 * (big = 0, 10 rounds) or 1024 bits (big = 1, 14 rounds); acc may be x or y
 * (they are read first) */
static void gb_perm(uint8_t *acc, const uint8_t *x, const uint8_t *y, uint8_t big, uint8_t q)
{
    /* st, nx: the state, alternately; off[j]: ShiftBytes' byte offset in
     * row j; a, t: one column */
    HB_SCRATCH uint8_t st[128], nx[128], off[8], a[8], t[8];
    uint8_t bytes = big ? 128 : 64, bmask = (uint8_t)(bytes - 1), mask = big ? 15 : 7;
    uint8_t row = q ? 7 : 0, rounds = big ? 14 : 10, inv = q ? 0xff : 0;
    uint8_t k, c, i;

    for (k = 0; k < bytes; k++) st[k] = y ? (uint8_t)(x[k] ^ y[k]) : x[k];
    for (k = 0; k < 8; k++) off[k] = (uint8_t)(8 * HB_ROM_U8(gb_shift, 16 * big + 8 * q + k) + k);
    for (i = 0; i < rounds; i += 2) {   /* 10 and 14 rounds: even */
        GB_ROUND(st, nx, i);
        GB_ROUND(nx, st, i + 1);
    }
    for (k = 0; k < bytes; k++) acc[k] ^= st[k];
}

/* f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1), accumulated into h */
static void gb_compress(uint8_t *h, const uint8_t *blk, size_t n, uint8_t big)
{
    while (n--) {
        gb_perm(h, h, blk, big, 0);
        gb_perm(h, blk, 0, big, 1);
        blk += big ? 128 : 64;
    }
}

void hb_groestl512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    gb_compress((uint8_t *)state, blk, n, 0);
}

void hb_groestl1024_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    gb_compress((uint8_t *)state, blk, n, 1);
}

/* groestl_md.h's access to the state */
#define GR_SET_IV(c, cols, bits) do { \
        (c)->h.b[8 * (cols) - 2] = (uint8_t)((bits) >> 8); \
        (c)->h.b[8 * (cols) - 1] = (uint8_t)(bits); \
    } while (0)
#define GR_COMPRESS1(c, mc) gb_compress((c)->h.b, (c)->buf, 1, (c)->big)
/* tmp = Omega's P(h) ^ h, bs bytes; j: a free unsigned */
#define GR_OUTPUT(c, tmp, bs, j) do { \
        for (j = 0; j < (bs); j++) (tmp)[j] = (c)->h.b[j]; \
        gb_perm(tmp, (c)->h.b, 0, (c)->big, 0); \
    } while (0)

#include "../groestl_md.h"
