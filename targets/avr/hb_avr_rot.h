/*
 * hb_avr_rot.h -- AVR's 32-bit rotations (included by hb_avr_rom.h, so
 * force-included into every AVR build; the host's test_avr_rotate.py
 * KAT-checks it by force-including it into a host build).  Plain C: no
 * AVR header needed.
 */
#ifndef HB_AVR_ROT_H
#define HB_AVR_ROT_H
#include <stdint.h>

#ifndef HB_AVR_PLAIN_ROTATE
/* HB_ROTL32 / HB_ROTR32 (hb_util.h), unless HB_AVR_PLAIN_ROTATE:
 * avr-gcc compiles (x << n) | (x >> (32 - n)) for an n that is not a
 * multiple of 8 into two loops of single-bit shifts over four registers
 * (~200 cycles); a rotation by whole bytes is register moves.  So rotate
 * by the multiple of 8 nearest n, then by at most 4 single bits.  n is a
 * constant at every call: the switch and the loops fold away.  Measured
 * in docs/targets-avr.md (SHA-256 per block 181,281 -> 57,249 cycles).
 * The same trick on 64-bit rotations made SHA-512/Keccak/BLAKE2b slower
 * (avr-gcc already does those well), so HB_ROTL64 stays plain. */
static inline uint32_t hb_rotl32_bytes(uint32_t x, unsigned n)
{
    unsigned near = (n + 4u) >> 3;           /* nearest whole byte, 0..4 */
    int bits = (int)n - (int)(near << 3);    /* -4..3                    */
    switch (near & 3u) {
    case 1: x = (x << 8) | (x >> 24); break;
    case 2: x = (x << 16) | (x >> 16); break;
    case 3: x = (x << 24) | (x >> 8); break;
    default: break;
    }
    for (; bits > 0; bits--) x = (x << 1) | (x >> 31);
    for (; bits < 0; bits++) x = (x >> 1) | (x << 31);
    return x;
}
#define HB_ROTL32(x, n) hb_rotl32_bytes((uint32_t)(x), (unsigned)(n))
#define HB_ROTR32(x, n) hb_rotl32_bytes((uint32_t)(x), (32u - (unsigned)(n)) & 31u)
#endif
#endif
