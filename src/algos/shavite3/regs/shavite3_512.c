/* SHAvite-3-384/512, round keys in local variables (shavite3_regs512.h): see ../shavite3_c512.h */
#include "../shavite3_regs512.h"
#include "../shavite3_c512.h"
