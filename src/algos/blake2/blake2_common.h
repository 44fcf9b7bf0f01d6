/* BLAKE2b and BLAKE2s (RFC 7693): what the implementations of their
 * compression (blake2/<impl>/, named in impls.toml) share: the message
 * schedule and G.  BLAKE2b and BLAKE2s are separate objects so that an
 * image links only the variant it uses (SDCC and avr-ld link whole
 * objects). */
#ifndef HB_BLAKE2_COMMON_H
#define HB_BLAKE2_COMMON_H
#include "blake2.h"
#include "../../common/hb_util.h"

/* RFC 7693 2.7: message word schedule; round r uses row r mod 10. */
#define SIGMA_DATA { \
         0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, \
        14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3, \
        11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4, \
         7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8, \
         9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13, \
         2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9, \
        12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11, \
        13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10, \
         6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5, \
        10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0 \
}
/* RFC 7693 3.1 with (R1, R2, R3, R4) = (32, 24, 16, 63) and (16, 12, 8, 7) */
#define G64(a, b, c, d, x, y)                                     \
    do {                                                          \
        a += b + (x); d = HB_ROTR64(d ^ a, 32);                   \
        c += d;       b = HB_ROTR64(b ^ c, 24);                   \
        a += b + (y); d = HB_ROTR64(d ^ a, 16);                   \
        c += d;       b = HB_ROTR64(b ^ c, 63);                   \
    } while (0)
#define G32(a, b, c, d, x, y)                                     \
    do {                                                          \
        a += b + (x); d = HB_ROTR32(d ^ a, 16);                   \
        c += d;       b = HB_ROTR32(b ^ c, 12);                   \
        a += b + (y); d = HB_ROTR32(d ^ a, 8);                    \
        c += d;       b = HB_ROTR32(b ^ c, 7);                    \
    } while (0)

/* RFC 7693 2.6: the BLAKE2s IV, that of SHA-256 (FIPS 180-4 5.3.3); in
 * blake2s.c, read by the initialisation and the compression */
extern HB_ROM uint32_t hb_blake2s_iv[8];

#endif
