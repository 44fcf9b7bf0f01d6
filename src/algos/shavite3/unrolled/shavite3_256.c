/* SHAvite-3-224/256, the AES rounds written out (shavite3_unrolled.h): see ../shavite3_c256.h */
#include "../shavite3_unrolled.h"
#include "../shavite3_c256.h"
