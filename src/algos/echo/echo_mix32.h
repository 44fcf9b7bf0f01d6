/*
 * echo_mix32.h -- BIG.SHIFTROWS and BIG.MIXCOLUMNS on 32-bit lanes (the
 * unrolled, statics and compact forms'; see echo_big.h).  The includer
 * names the doubling of four packed bytes, ECHO_XTIME32: HB_AES_XTIME32
 * (aes_round.h, one 32-bit multiply) or HB_ECHO_XTIME32_BYTES below.
 */
#ifndef HB_ECHO_MIX32_H
#define HB_ECHO_MIX32_H

/* HB_AES_XTIME32 without its multiply, for cores where a 32-bit multiply
 * is a library call (AVR: libgcc's __muluhisi3).  t = w & 0x80808080
 * holds each byte's top bit; t >> 7 is formed as a shift by a whole byte
 * (register moves on an 8-bit core) and one single-bit shift; t - (t >> 7)
 * is 0x7f in exactly the bytes whose top bit was set (no borrow crosses a
 * byte), so its AND with 0x1b1b1b1b is the reduction.  On the ATmega1281 at
 * -O2 a call took 157 cycles against the multiply form's 226 (timing
 * overhead included in both).  A macro, not a static inline function: SDCC
 * compiles those into every object that includes the header, used or not
 * (the compact form's, on the 8051). */
#define HB_ECHO_XTIME32_BYTES(w) \
    ((((w) & 0x7f7f7f7fu) << 1) ^ \
     ((((w) & 0x80808080u) - (((((w) & 0x80808080u) >> 8) << 1) | (((w) & 0x80u) >> 7))) \
      & 0x1b1b1b1bu))

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS, from s into d: row r of column c
 * comes from column c + r; then AES MixColumns over the four words of a
 * column, byte position by byte position (four positions per 32-bit lane) */
static void big_shift_mix(uint32_t *d, const uint32_t *s)
{
    unsigned c, l;
    for (c = 0; c < 4; c++) {
        const uint32_t *a = s + 4 * (4 * c + 0);
        const uint32_t *b = s + 4 * (4 * ((c + 1) & 3) + 1);
        const uint32_t *e = s + 4 * (4 * ((c + 2) & 3) + 2);
        const uint32_t *f = s + 4 * (4 * ((c + 3) & 3) + 3);
        uint32_t *o = d + 16 * c;
        for (l = 0; l < 4; l++) {
            uint32_t A = a[l], B = b[l], C = e[l], D = f[l];
            uint32_t ab = A ^ B, bc = B ^ C, cd = C ^ D, da = D ^ A;
            o[l] = ECHO_XTIME32(ab) ^ B ^ cd;          /* 2A 3B  C  D */
            o[4 + l] = ECHO_XTIME32(bc) ^ C ^ da;      /*  A 2B 3C  D */
            o[8 + l] = ECHO_XTIME32(cd) ^ D ^ ab;      /*  A  B 2C 3D */
            o[12 + l] = ECHO_XTIME32(da) ^ A ^ bc;     /* 3A  B  C 2D */
        }
    }
}

#endif
