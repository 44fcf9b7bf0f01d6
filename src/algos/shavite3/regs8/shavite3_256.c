/* SHAvite-3-224/256, the regs form (shavite3_regs256.h; see
 * ../shavite3_c256.h) with its statements in the order that left avr-gcc
 * 5.4 the fewest spills: of 80 random orders of the three below, C256 took
 * 29,611 to 30,300 cycles a call on the ATmega1281 at -O2 (the natural
 * order of regs/, 29,876).  Any order is correct. */
#define SV256_NL_ORDER(m, s) m(1, s) m(0, s) m(3, s) m(2, s)
#define SV256_AES_ORDER(m) m(0) m(2) m(3) m(1)
#define SV256_XK_ORDER(m, s, R) m(s, 3, R); m(s, 1, R); m(s, 0, R); m(s, 2, R);
#include "../shavite3_regs256.h"
#include "../shavite3_c256.h"
