/* SHAvite-3-224/256, AES rounds on bytes (shavite3_bytes.h): see ../shavite3_c256.h */
#include "../shavite3_bytes.h"
#include "../shavite3_c256.h"
