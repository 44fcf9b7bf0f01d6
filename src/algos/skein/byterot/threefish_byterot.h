/* threefish_byterot.h -- the MIX of the `byterot` form (see
 * ../threefish_common.h): the unrolled form's code with each 64-bit
 * rotation by n = 8q + r split into a renaming of the word's bytes by q
 * places, through a union of bytes, and a rotation by the r < 8 bits
 * left.  avr-gcc calls libgcc's __rotldi3 for every 64-bit rotation, and
 * it moves the eight bytes one place per step (14 cycles) before it turns
 * them one bit per step (12 cycles): a rotation by 46 took 153 cycles,
 * the renaming takes 16 and the call for the 6 bits left 92.  On a CPU
 * that rotates a 64-bit word in one or a few instructions the unrolled
 * form is the better one. */
#ifndef HB_THREEFISH_BYTEROT_H
#define HB_THREEFISH_BYTEROT_H
#include "../threefish_common.h"

typedef union tfb_word {
    uint64_t v;
    uint8_t b[8];
} tfb_word;

/* byte i of the word rotated left by 8q bits is byte i - q of the word
 * where the least significant byte comes first in memory, byte i + q
 * where it comes last.  The index must be a constant before avr-gcc
 * splits the union into registers: chosen by the compiler's byte order
 * where it says it (with a byte-order test folded later, the union stayed
 * in memory and the code doubled), else by that test. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TFB_AT(i, q) (((i) + 8 - (q)) & 7)
#elif defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define TFB_AT(i, q) (((i) + (q)) & 7)
#else
#define TFB_AT(i, q) ((((const tfb_word){1u}).b[0]) ? ((i) + 8 - (q)) & 7 : ((i) + (q)) & 7)
#endif
#define TFB_BYTES(x, q) do {                                                \
        tfb_word u_, r_;                                                    \
        u_.v = x;                                                           \
        r_.b[0] = u_.b[TFB_AT(0, q)]; r_.b[1] = u_.b[TFB_AT(1, q)];         \
        r_.b[2] = u_.b[TFB_AT(2, q)]; r_.b[3] = u_.b[TFB_AT(3, q)];         \
        r_.b[4] = u_.b[TFB_AT(4, q)]; r_.b[5] = u_.b[TFB_AT(5, q)];         \
        r_.b[6] = u_.b[TFB_AT(6, q)]; r_.b[7] = u_.b[TFB_AT(7, q)];         \
        x = r_.v;                                                           \
    } while (0)

/* x rotated left by n, 0 < n < 64 a constant: each test folds (the
 * (n & 7 ? : 1) only keeps the dead branch's shift in range).  A rotation
 * by less than 16 stays one library call: with the renaming by one byte
 * written inline too, avr-gcc's code for Threefish-512 grew from 81 to
 * 152 KB at -Os (it spilled the union), for 1% fewer cycles */
#define TFB_ROTL(x, n) do {                                                 \
        if ((n) >= 16) {                                                    \
            TFB_BYTES(x, (n) >> 3);                                         \
            if ((n) & 7) x = HB_ROTL64(x, ((n) & 7) ? ((n) & 7) : 1);      \
        } else {                                                            \
            x = HB_ROTL64(x, n);                                            \
        }                                                                   \
    } while (0)

#undef TF_MIX
#define TF_MIX(a, b, r) a += b; TFB_ROTL(b, r); b ^= a;

#endif
