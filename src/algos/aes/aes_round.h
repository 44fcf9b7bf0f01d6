/*
 * aes_round.h -- the AES pieces shared by the AES-based hashes (ECHO,
 * SHAvite-3, Groestl, Fugue): the S-box and one AES round (FIPS 197
 * sec. 5.1: SubBytes, ShiftRows, MixColumns; AddRoundKey is left to the
 * caller, who XORs its own key words).
 *
 * State convention: a 16-byte AES state is four 32-bit little-endian column
 * words x0..x3 (byte r of column c, i.e. state byte 4c + r, sits at bits 8r
 * of xc).  This is the byte order ECHO and the SHAvite-3 specification use.
 *
 * One output column of the round, HB_AES_COL, is the implementation's
 * (src/algos/aes/impls.toml): "aes_col.h" of the selected folder, which the
 * build puts on the include path (python/hashbench/impls.py include_dirs):
 *   ttables/  four 1 KiB T-tables (fastest, default)
 *   table1/   one T-table plus rotations (1 KiB)
 *   sbox/     the S-box only (256 B), MixColumns computed
 *   ram/      ttables/ with the tables in data memory (the AVR's SRAM)
 * All give identical results.  The S-box is in aes_tables.c, the T-tables
 * in the implementation's folder; gen_tables.py writes them.
 */
#ifndef HB_AES_ROUND_H
#define HB_AES_ROUND_H

#include <stdint.h>
#include "hashbench.h"

extern HB_ROM uint8_t hb_aes_sbox[256];

#define HB_AES_B(x, r) ((unsigned)((x) >> (8 * (r))) & 0xffu)
#define HB_AES_ROL32(x, n) ((uint32_t)(((x) << (n)) | ((x) >> (32 - (n)))))

/* multiply each of the four packed bytes by x in GF(2^8) (AES polynomial) */
#define HB_AES_XTIME32(w) \
    ((((w) & 0x7f7f7f7fu) << 1) ^ ((((w) >> 7) & 0x01010101u) * 0x1bu))

/* HB_AES_NO_ROUND: the declarations and the S-box only, for the table files
 * and the users of the S-box alone (Groestl), which need no round. */
#ifndef HB_AES_NO_ROUND
/* HB_AES_COL(a, b, c, d): output column c takes row r from input column
 * c + r (ShiftRows): the implementation's header */
#include "aes_col.h"

/* y = MixColumns(ShiftRows(SubBytes(x))); y and x distinct variables */
#define HB_AES_ROUND_LE(y0, y1, y2, y3, x0, x1, x2, x3) do { \
        (y0) = HB_AES_COL(x0, x1, x2, x3); \
        (y1) = HB_AES_COL(x1, x2, x3, x0); \
        (y2) = HB_AES_COL(x2, x3, x0, x1); \
        (y3) = HB_AES_COL(x3, x0, x1, x2); \
    } while (0)

/* the same in place on four words */
HB_INLINE void hb_aes_round_le(uint32_t x[4]) HB_REENTRANT
{
    uint32_t y0, y1, y2, y3;
    HB_AES_ROUND_LE(y0, y1, y2, y3, x[0], x[1], x[2], x[3]);
    x[0] = y0; x[1] = y1; x[2] = y2; x[3] = y3;
}
#endif /* HB_AES_NO_ROUND */

#endif
