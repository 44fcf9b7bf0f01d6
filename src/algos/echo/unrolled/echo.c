/* ECHO (round-2 version): see ../echo.h.  The state is a 4x4 matrix of
 * 128-bit words w[0..15], stored column by column (w[4c + r] is row r of
 * column c); each 128-bit word is an AES state of four little-endian
 * column words, so w[i] occupies s[4i .. 4i+3]. */
#include "../echo.h"
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"

#include "../echo_sub32.h"
#define ECHO_XTIME32 echo_xtime32
#include "../echo_mix32.h"
#include "../echo_big.h"
