/*
 * hb_avr_rom.h -- the library's platform macros on AVR (force-included by
 * the avr target's flags, see python/hashbench/targets/avr.py): tables
 * declared HB_ROM live in flash and are read with the pgm_read_* loads
 * (a table read without these macros reads RAM at the flash address and
 * fails the on-target checksum), and 32-bit rotations go by whole bytes.
 */
#ifndef HB_AVR_ROM_H
#define HB_AVR_ROM_H
#include <stdint.h>
#include <avr/pgmspace.h>

#define HB_ROM const PROGMEM
#define HB_ROM_U8(tab, i) ((uint8_t)pgm_read_byte(&(tab)[i]))
#define HB_ROM_U16(tab, i) ((uint16_t)pgm_read_word(&(tab)[i]))
#define HB_ROM_U32(tab, i) ((uint32_t)pgm_read_dword(&(tab)[i]))
#define HB_ROM_U64(tab, i) hb_avr_rom_u64(&(tab)[i])

/* the two halves through a union (the AVR is little-endian): avr-gcc
 * compiles the 64-bit shift by 32 of the portable form to a libgcc loop
 * (__ashldi3, about 65 cycles), 1,575 of Keccak-p's 235,700 cycles */
static inline uint64_t hb_avr_rom_u64(const void *p)
{
    const uint8_t *b = (const uint8_t *)p;
    union { uint64_t v; uint32_t w[2]; } u;
    u.w[0] = pgm_read_dword(b);
    u.w[1] = pgm_read_dword(b + 4);
    return u.v;
}

/* 32-bit rotations by whole bytes (HB_ROTL32 / HB_ROTR32 of hb_util.h) */
#include "hb_avr_rot.h"
#endif
