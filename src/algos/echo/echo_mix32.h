/*
 * echo_mix32.h -- BIG.SHIFTROWS and BIG.MIXCOLUMNS on 32-bit lanes, the
 * lanes written out (the unrolled and statics forms'; see echo_big.h).
 * The includer names the doubling of four packed bytes, ECHO_XTIME32:
 * echo_xtime32 or HB_ECHO_XTIME32_BYTES below.  The compact form keeps its
 * own, in loops: the 8051's 256-byte stack.
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

/* the same for cores that shift a 32-bit word one bit at a time (AVR):
 * m >> 7 formed as a shift by a whole byte (register moves on an 8-bit
 * core) and one single-bit shift.  On the ATmega1281 at -O2 a call took
 * 157 cycles against HB_AES_XTIME32's 226, whose 32-bit multiply is a
 * library call there (timing overhead included in both). */
#define HB_ECHO_XTIME32_BYTES(w) \
    ((((w) & 0x7f7f7f7fu) << 1) ^ \
     ((((w) & 0x80808080u) - (((((w) & 0x80808080u) >> 8) << 1) | (((w) & 0x80u) >> 7))) \
      & 0x1b1b1b1bu))

/* one byte position l of one column: A..D are rows 0..3, read from the
 * four words a, b, e, f (BIG.SHIFTROWS), written to the column o.  Three
 * doublings: the fourth row's 2A ^ 2D is the sum of the other three
 * doublings (xtime is linear). */
#define ECHO_MIX_LANE(o, a, b, e, f, l) do { \
        uint32_t A = (a)[l], B = (b)[l], C = (e)[l], D = (f)[l]; \
        uint32_t ab = A ^ B, bc = B ^ C, cd = C ^ D; \
        uint32_t xab = ECHO_XTIME32(ab), xbc = ECHO_XTIME32(bc); \
        uint32_t xcd = ECHO_XTIME32(cd); \
        (o)[l] = xab ^ bc ^ D;                  /* 2A 3B  C  D */ \
        (o)[4 + l] = xbc ^ A ^ cd;              /*  A 2B 3C  D */ \
        (o)[8 + l] = xcd ^ ab ^ D;              /*  A  B 2C 3D */ \
        (o)[12 + l] = xab ^ xbc ^ xcd ^ ab ^ C; /* 3A  B  C 2D */ \
    } while (0)

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS, from s into d: row r of column c
 * comes from column c + r; then AES MixColumns over the four words of a
 * column, byte position by byte position (four positions per 32-bit lane).
 * The four lanes are written out so that they address the rows at
 * constant offsets from four pointers: as a loop, gcc kept the four moving
 * pointers on the stack. */
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
