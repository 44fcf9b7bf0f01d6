/* SHAvite-3-224/256, one AES round function, columns in a loop (shavite3_compact.h): see ../shavite3_c256.h */
#include "../shavite3_compact.h"
#include "../shavite3_c256.h"
