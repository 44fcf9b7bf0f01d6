/* SHAvite-3-384/512, the AES rounds written out (shavite3_unrolled.h): see ../shavite3_c512.h */
#include "../shavite3_unrolled.h"
#include "../shavite3_c512.h"
