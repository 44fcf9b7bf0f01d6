/* SHAvite-3-384/512: the unrolled form with its work arrays static; see
 * shavite3_256.c for why. */
#define HB_SCRATCH static
#include "../shavite3_unrolled.h"
#include "../shavite3_c512.h"
