/* SHAvite-3-384/512, one AES round function, columns in a loop (shavite3_compact.h): see ../shavite3_c512.h */
#include "../shavite3_compact.h"
#include "../shavite3_c512.h"
