/* SHAvite-3-224/256 of the regs form under its own names, for the dispatch
 * (dispatch.c): the compression and the inits that put it in the context */
#define hb_shavite3_c256 hb_shavite3_c256_regs
#define hb_shavite3_224_init hb_shavite3_224_init_regs
#define hb_shavite3_256_init hb_shavite3_256_init_regs
#include "../regs/shavite3_256.c"
