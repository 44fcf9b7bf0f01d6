/*
 * simd_kernel.h -- what the implementations of the SIMD compression
 * (unrolled/, compact/: impls.toml) share: the expanded-message order and
 * the reduction mod 257.  Each defines hb_simd_block (simd.h).
 */
#ifndef HB_SIMD_KERNEL_H
#define HB_SIMD_KERNEL_H
#include "simd.h"
#include "../../common/hb_util.h"
#include "simd_tables.h"

/* Which inner-code word Z[q] feeds step i (the spec's permutation of the
 * expanded message, 2.1.3). */
static HB_ROM uint8_t SIMD_ZORDER[32] = {
    4, 6, 0, 2, 7, 5, 3, 1, 15, 11, 12, 8, 9, 13, 10, 14,
    17, 18, 23, 20, 22, 21, 16, 19, 30, 24, 25, 31, 27, 29, 28, 26
};

/*
 * RED(x) == x (mod 257) with |RED(x)| <= |x|/256 + 256: since 256 == -1,
 * x = 256 h + l gives l - h, h = floor(x / 256).  Right-shifting a
 * negative value is implementation-defined in C99; where the compiler
 * shifts arithmetically (gcc, clang, avr-gcc, sdcc all do) h is x >> 8,
 * otherwise it is taken from x + 2^30 so that no negative value is
 * shifted (valid for x >= -2^30).  Both give the same result.
 */
#if (-1 >> 1) == -1 && (-256 >> 8) == -1
#define RED(x) ((int32_t)((uint32_t)(x) & 255u) - ((int32_t)(x) >> 8))
#else
#define RED(x) ((int32_t)((uint32_t)(x) & 255u) \
                - ((int32_t)(((uint32_t)(x) + 0x40000000u) >> 8) - 0x400000))
#endif

#endif
