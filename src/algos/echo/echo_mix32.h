/*
 * echo_mix32.h -- BIG.SHIFTROWS and BIG.MIXCOLUMNS on 32-bit lanes, the
 * lanes written out (the unrolled form's; see echo_big.h).  The compact
 * form keeps its own, in loops: the 8051's 256-byte stack.
 */
#ifndef HB_ECHO_MIX32_H
#define HB_ECHO_MIX32_H

/* each packed byte times x in GF(2^8).  m holds the bytes' high bits;
 * m - (m >> 7) is 0x7f in each byte whose high bit is set (no borrow
 * crosses a byte), masked to the reduction 0x1b.  Five ARM operations
 * (shifts fold into the subtract and the XOR), against seven for
 * HB_AES_XTIME32, whose multiply by 0x1b gcc expands into two adds. */
static inline uint32_t echo_xtime32(uint32_t w)
{
    uint32_t m = w & 0x80808080u;
    return ((w ^ m) << 1) ^ ((m - (m >> 7)) & 0x1b1b1b1bu);
}

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS, from s into d: row r of column c
 * comes from column c + r; then AES MixColumns over the four words of a
 * column, byte position by byte position (four positions per 32-bit lane).
 * Three doublings per lane: the fourth row's 2A ^ 2D is the sum of the
 * other three doublings (xtime is linear). */
/* one byte position l of one column: A..D are rows 0..3, read from the
 * four words a, b, e, f (BIG.SHIFTROWS), written to the column o */
#define ECHO_MIX_LANE(o, a, b, e, f, l) do { \
        uint32_t A = (a)[l], B = (b)[l], C = (e)[l], D = (f)[l]; \
        uint32_t ab = A ^ B, bc = B ^ C, cd = C ^ D; \
        uint32_t xab = echo_xtime32(ab), xbc = echo_xtime32(bc); \
        uint32_t xcd = echo_xtime32(cd); \
        (o)[l] = xab ^ bc ^ D;                  /* 2A 3B  C  D */ \
        (o)[4 + l] = xbc ^ A ^ cd;              /*  A 2B 3C  D */ \
        (o)[8 + l] = xcd ^ ab ^ D;              /*  A  B 2C 3D */ \
        (o)[12 + l] = xab ^ xbc ^ xcd ^ ab ^ C; /* 3A  B  C 2D */ \
    } while (0)

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS, from s into d: row r of column c
 * comes from column c + r; then AES MixColumns over the four words of a
 * column, byte position by byte position (four positions per 32-bit lane).
 * Three doublings per lane: the fourth row's 2A ^ 2D is the sum of the
 * other three doublings (xtime is linear).  The four lanes are written
 * out so that they address the rows at constant offsets from four
 * pointers: as a loop, gcc kept the four moving pointers on the stack. */
static void big_shift_mix(uint32_t *d, const uint32_t *s)
{
    unsigned c;
    for (c = 0; c < 4; c++) {
        const uint32_t *a = s + 4 * (4 * c + 0);
        const uint32_t *b = s + 4 * (4 * ((c + 1) & 3) + 1);
        const uint32_t *e = s + 4 * (4 * ((c + 2) & 3) + 2);
        const uint32_t *f = s + 4 * (4 * ((c + 3) & 3) + 3);
        uint32_t *o = d + 16 * c;
        ECHO_MIX_LANE(o, a, b, e, f, 0);
        ECHO_MIX_LANE(o, a, b, e, f, 1);
        ECHO_MIX_LANE(o, a, b, e, f, 2);
        ECHO_MIX_LANE(o, a, b, e, f, 3);
    }
}

#endif
