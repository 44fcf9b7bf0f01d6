/*
 * aes_bytes.h -- one AES round (FIPS 197 sec. 5.1: SubBytes, ShiftRows,
 * MixColumns; no AddRoundKey) on a 16-byte state held as bytes, state
 * byte 4c + r = row r of column c, for the forms of 8-bit CPUs: the
 * S-box (aes_tables.c) is the only table, each lookup one byte, and
 * MixColumns doubles single bytes, where aes_round.h's column forms work
 * on packed 32-bit words (a 32-bit multiply or four-byte table reads on
 * an 8-bit core).  Used by the forms that keep AES states as bytes
 * (shavite3/bytes).
 */
#ifndef HB_AES_BYTES_H
#define HB_AES_BYTES_H

#include <stdint.h>
#include "hashbench.h"

extern HB_ROM uint8_t hb_aes_sbox[256];

/* x times the byte v in GF(2^8) mod x^8 + x^4 + x^3 + x + 1 */
#define HB_AES_XTIME8(v) ((uint8_t)(((v) << 1) ^ (0x1bu & (0u - ((v) >> 7)))))

/* output column c of the round from the substituted bytes s: row r comes
 * from column c + r (ShiftRows); row r of MixColumns is
 * 2 s_r + 3 s_(r+1) + s_(r+2) + s_(r+3) = s_r + t + 2 (s_r + s_(r+1)),
 * t the XOR of the four */
#define HB_AES8_MIX(a, s, c) do { \
        uint8_t s0_ = (s)[4 * (c) + 0], s1_ = (s)[4 * (((c) + 1) & 3) + 1]; \
        uint8_t s2_ = (s)[4 * (((c) + 2) & 3) + 2], s3_ = (s)[4 * (((c) + 3) & 3) + 3]; \
        uint8_t t_ = (uint8_t)(s0_ ^ s1_ ^ s2_ ^ s3_); \
        (a)[4 * (c) + 0] = (uint8_t)(s0_ ^ t_ ^ HB_AES_XTIME8((uint8_t)(s0_ ^ s1_))); \
        (a)[4 * (c) + 1] = (uint8_t)(s1_ ^ t_ ^ HB_AES_XTIME8((uint8_t)(s1_ ^ s2_))); \
        (a)[4 * (c) + 2] = (uint8_t)(s2_ ^ t_ ^ HB_AES_XTIME8((uint8_t)(s2_ ^ s3_))); \
        (a)[4 * (c) + 3] = (uint8_t)(s3_ ^ t_ ^ HB_AES_XTIME8((uint8_t)(s3_ ^ s0_))); \
    } while (0)

/* the round in place on a[16] */
static void hb_aes8_round(uint8_t *a) HB_REENTRANT
{
    uint8_t s[16];
    unsigned i;
    for (i = 0; i < 16; i++) s[i] = HB_ROM_U8(hb_aes_sbox, a[i]);
    HB_AES8_MIX(a, s, 0);
    HB_AES8_MIX(a, s, 1);
    HB_AES8_MIX(a, s, 2);
    HB_AES8_MIX(a, s, 3);
}

#endif
