/* hb_kt_leaves (k12.h) as a loop over the one-state sponge of keccak/:
 * the whole of it in the portable form, the leaves left over after the
 * last full batch of lanes in the SIMD ones.  Included by the
 * implementation folders only. */
#ifndef HB_K12_SERIAL_H
#define HB_K12_SERIAL_H

#include "k12.h"

#define HB_KT_LEAF 8192u

/* The leaf sponge is scratch storage where update calls this (HB_KT_MANY
 * > 1); where it never does (16-bit targets, which still link the serial
 * form: k12.c names it), a static context would hold RAM for nothing. */
#if HB_KT_MANY > 1
#define HB_KT_SCRATCH HB_SCRATCH
#else
#define HB_KT_SCRATCH
#endif

static void hb_kt_leaves_serial(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv) HB_REENTRANT
{
    HB_KT_SCRATCH hb_keccak_ctx leaf;
    for (; n; n--, in += HB_KT_LEAF, cv += cv_len) {
        hb_keccak_start(&leaf, cv_len, 0x0B, 12);
        hb_keccak_update(&leaf, in, HB_KT_LEAF);
        hb_keccak_final(&leaf, cv, cv_len);
    }
}

#endif
