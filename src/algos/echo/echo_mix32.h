/*
 * echo_mix32.h -- BIG.SHIFTROWS and BIG.MIXCOLUMNS on 32-bit lanes (the
 * compact form's; see echo_big.h).
 */
#ifndef HB_ECHO_MIX32_H
#define HB_ECHO_MIX32_H

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
            o[l] = HB_AES_XTIME32(ab) ^ B ^ cd;          /* 2A 3B  C  D */
            o[4 + l] = HB_AES_XTIME32(bc) ^ C ^ da;      /*  A 2B 3C  D */
            o[8 + l] = HB_AES_XTIME32(cd) ^ D ^ ab;      /*  A  B 2C 3D */
            o[12 + l] = HB_AES_XTIME32(da) ^ A ^ bc;     /* 3A  B  C 2D */
        }
    }
}

#endif
