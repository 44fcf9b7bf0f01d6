/* SHAvite-3-224/256: the unrolled form (../shavite3_unrolled.h) with the
 * round-key chunks and the chaining copy (HB_SCRATCH) in static storage, so
 * the function is not reentrant (the library never needs it to be).  For
 * the AVR: ldd/std reach 63 bytes above the frame pointer, and with the
 * 224 bytes of arrays on the stack avr-gcc moved the frame pointer there
 * and back (subi/sbci, 4 cycles) around most spills of the AES rounds;
 * static arrays are addressed by constant or pointer instead. */
#define HB_SCRATCH static
#include "../shavite3_unrolled.h"
#include "../shavite3_c256.h"
