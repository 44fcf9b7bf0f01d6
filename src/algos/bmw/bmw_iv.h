/* bmw_iv.h -- the initial values of BMW, for bmw256.c and bmw512.c. */
#ifndef HB_BMW_IV_H
#define HB_BMW_IV_H
#include "../../common/hb_util.h"

/* Initial values (spec 1.3): the byte sequence 00 01 02 ... read as
 * big-endian words, starting at 0x00 (224, 384), 0x40 (256) or 0x80 (512).
 * A formula, so computed rather than tabulated: word i + 1 is word i plus
 * the word size in every byte (no carry crosses a byte: the sequence ends
 * at 0xff), one addition per word (assembling each word byte by byte was
 * 20 cycles of BMW-512's init on x86-64, 4% of a 64-byte message). */
#define BMW_IV_FIRST32(base) ((uint32_t)(base) * 0x01010101u + 0x00010203u)
#define BMW_IV_STEP32 0x04040404u
#define BMW_IV_FIRST64(base) ((uint64_t)(base) * 0x0101010101010101ULL + 0x0001020304050607ULL)
#define BMW_IV_STEP64 0x0808080808080808ULL

#endif
