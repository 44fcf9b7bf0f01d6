/* ECHO for the AVR: the unrolled form's rounds (../echo_sub32.h,
 * ../echo_mix32.h) with two changes for that core.  The work arrays
 * (HB_SCRATCH in ../echo_big.h, 640 bytes) are static, so the compression
 * is not reentrant (the library never needs it to be): ldd/std reach 63
 * bytes above the frame pointer, and with the arrays on the stack avr-gcc
 * moved the frame pointer there and back (subi/sbci, 4 cycles) around the
 * spills of the AES rounds.  And MixColumns doubles bytes without a 32-bit
 * multiply (HB_ECHO_XTIME32_BYTES, ../echo_mix32.h), a library call on the
 * AVR. */
#define HB_SCRATCH static
#include "../echo.h"
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"
#include "../echo_sub32.h"
#define ECHO_XTIME32 HB_ECHO_XTIME32_BYTES
#include "../echo_mix32.h"
#include "../echo_big.h"
