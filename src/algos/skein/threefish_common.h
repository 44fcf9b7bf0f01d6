/*
 * Threefish (Skein v1.3 sec. 3.3) inside the UBI block function (sec. 3.4):
 * what threefish256.c, threefish512.c and threefish1024.c share.  One
 * object per width so that an image links only the width it uses (SDCC and
 * avr-ld link whole objects: a Skein-512 image used to carry the 8051 code
 * of all three widths, 245 KB).
 *
 * Three implementations (impls.toml), each a folder defining
 * hb_skein256_ubi, hb_skein512_ubi and hb_skein1024_ubi (skein.h):
 *   unrolled/  all 72 (80) rounds unrolled, four at a time between key
 *              injections (threefish_rounds.h, generated);
 *   compact/   a loop over pairs of four-round groups (TF_SCHEDULE below):
 *              the subkey number becomes a variable, the code shrinks about
 *              ninefold (AVR);
 *   bytes8/    the words as little-endian byte arrays, every MIX and key
 *              injection a loop over bytes driven by tables
 *              (bytes8/threefish_bytes.h): for 8-bit cores whose compiler
 *              expands each 64-bit operation inline (SDCC, 8051).
 */
#ifndef HB_THREEFISH_COMMON_H
#define HB_THREEFISH_COMMON_H
#include "skein.h"
#include "threefish_rounds.h"
#include "../../common/hb_util.h"

/* sec. 3.3.2: C240, the key-schedule parity constant of v1.3 */
#define TF_C240 0x1BD11BDAA9FC1A22ULL

#define TF_MIX(a, b, r) a += b; b = HB_ROTL64(b, r) ^ a;

/* advance the position (96 bits over T[0] and the low half of T[1]) */
#define TF_ADVANCE(T, bytes) do { (T)[0] += (uint64_t)(bytes); if ((T)[0] < (uint64_t)(bytes)) (T)[1]++; } while (0)
#define TF_FIRST (1ULL << 62)

/* hb_skeinW_ubi_out (skein.h) as two calls of hb_skeinW_ubi; used
 * without a semicolon after it (file scope) */
#define TF_UBI_OUT(W)                                                    \
    void hb_skein##W##_ubi_out(uint64_t *S, uint8_t *buf, size_t bytes) HB_REENTRANT \
    {                                                                    \
        hb_skein##W##_ubi(S, buf, 1, bytes);                             \
        memset(buf, 0, (W) / 8);                                         \
        S[0] = 0;                                                        \
        S[1] = HB_SKEIN_T1_OUT;                                          \
        hb_skein##W##_ubi(S, buf, 1, 8);                                 \
    }

/* compact/: subkey 0, then (rounds 0-3, subkey s, rounds 4-7,
 * subkey s+1) for s = 1, 3, .. last-1 */
#define TF_SCHEDULE(W, last) do {                                        \
        unsigned s_;                                                     \
        TF##W##_INJECT(0)                                                \
        for (s_ = 1; s_ < (last); s_ += 2) {                             \
            TF##W##_ROUNDS_0123 TF##W##_INJECT(s_)                       \
            TF##W##_ROUNDS_4567 TF##W##_INJECT(s_ + 1)                   \
        }                                                                \
    } while (0)

#endif
