/* SHAvite-3-224/256, round keys in local variables (shavite3_regs256.h): see ../shavite3_c256.h.
 * The AES columns and the XORs into x in their natural order (regs8/ has
 * the order that suits avr-gcc; this one is 79 modelled cycles a 64-byte
 * message faster on the Cortex-M4 than that). */
#define SV256_NL_ORDER(m, s) m(0, s) m(1, s) m(2, s) m(3, s)
#define SV256_AES_ORDER(m) m(0) m(1) m(2) m(3)
#define SV256_XK_ORDER(m, s, R) m(s, 0, R); m(s, 1, R); m(s, 2, R); m(s, 3, R);
#include "../shavite3_regs256.h"
#include "../shavite3_c256.h"
