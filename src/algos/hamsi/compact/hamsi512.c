/* Hamsi-384/512 with one L in a loop over a table of the twelve
 * applications of L per round (the 8051's form): see ../hamsi_big_array.h */
#include "../hamsi_core.h"

/* The twelve applications of L per round (spec 2.3.3: eight on the
 * columns, then four on the diagonals) as word indices.  Twelve inline L
 * on the state array (hamsi/unrolled/) left SDCC 90 bytes of spill
 * locations on the 8051's 223-byte idata stack, which overflowed once the
 * block function was called through hb_md_update. */
static HB_ROM uint8_t HAMSI_L512[48] = {
    0x00, 0x09, 0x12, 0x1b,  0x01, 0x0a, 0x13, 0x1c,  0x02, 0x0b, 0x14, 0x1d,
    0x03, 0x0c, 0x15, 0x1e,  0x04, 0x0d, 0x16, 0x1f,  0x05, 0x0e, 0x17, 0x18,
    0x06, 0x0f, 0x10, 0x19,  0x07, 0x08, 0x11, 0x1a,
    0x00, 0x02, 0x05, 0x07,  0x10, 0x13, 0x15, 0x16,  0x09, 0x0b, 0x0c, 0x0e,
    0x19, 0x1a, 0x1c, 0x1f
};

#define HAMSI_BIG_LOCALS uint32_t a, b, c, d;
#define HAMSI_BIG_L(s, i) do { \
        for (i = 0; i < 48; i += 4) { \
            a = s[HB_ROM_U8(HAMSI_L512, i)];     b = s[HB_ROM_U8(HAMSI_L512, i + 1)]; \
            c = s[HB_ROM_U8(HAMSI_L512, i + 2)]; d = s[HB_ROM_U8(HAMSI_L512, i + 3)]; \
            HL(a, b, c, d); \
            s[HB_ROM_U8(HAMSI_L512, i)] = a;     s[HB_ROM_U8(HAMSI_L512, i + 1)] = b; \
            s[HB_ROM_U8(HAMSI_L512, i + 2)] = c; s[HB_ROM_U8(HAMSI_L512, i + 3)] = d; \
        } \
    } while (0)

#include "../hamsi_big_array.h"
#include "../hamsi_big.h"
