/* SHAvite-3-384/512, AES rounds on bytes (shavite3_bytes.h): see ../shavite3_c512.h */
#include "../shavite3_bytes.h"
#include "../shavite3_c512.h"
