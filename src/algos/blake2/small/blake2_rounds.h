/* The rolled rounds of BLAKE2b and BLAKE2s in small/: the schedule as a
 * table in ROM, read per G. */
#ifndef HB_BLAKE2_ROUNDS_H
#define HB_BLAKE2_ROUNDS_H
#include "../blake2_common.h"

static HB_ROM uint8_t SIGMA[10 * 16] = SIGMA_DATA;
#define SG(r, k) HB_ROM_U8(SIGMA, 16 * (r) + (k))
/* One round over the caller's array v[16] (HB_SCRATCH)
 * instead of sixteen locals.  On the 8051 (SDCC) sixteen local words sit
 * in the frame on the 256-byte pdata stack and the round pushed its
 * temporaries on the 223-byte idata stack until s51 stopped with `Stack
 * overflow'; elements of a static array at constant indices are plain
 * xram addresses.  (A G over v by indices from a table also held, but
 * took 1.4x the clocks on the 8051 and 1.6x the cycles on AVR.) */
#define ROUND_V(G, r)                                                 \
    do {                                                              \
        G(v[0], v[4], v[8],  v[12], m[SG(r, 0)],  m[SG(r, 1)]);       \
        G(v[1], v[5], v[9],  v[13], m[SG(r, 2)],  m[SG(r, 3)]);       \
        G(v[2], v[6], v[10], v[14], m[SG(r, 4)],  m[SG(r, 5)]);       \
        G(v[3], v[7], v[11], v[15], m[SG(r, 6)],  m[SG(r, 7)]);       \
        G(v[0], v[5], v[10], v[15], m[SG(r, 8)],  m[SG(r, 9)]);       \
        G(v[1], v[6], v[11], v[12], m[SG(r, 10)], m[SG(r, 11)]);      \
        G(v[2], v[7], v[8],  v[13], m[SG(r, 12)], m[SG(r, 13)]);      \
        G(v[3], v[4], v[9],  v[14], m[SG(r, 14)], m[SG(r, 15)]);      \
    } while (0)

#endif
