/* SHAvite-3-224/256, round keys in local variables (shavite3_regs256.h): see ../shavite3_c256.h */
#include "../shavite3_regs256.h"
#include "../shavite3_c256.h"
