/* SHAvite-3-384/512 of the regs form under its own names, for the dispatch
 * (dispatch.c): the compression and the inits that put it in the context */
#define hb_shavite3_c512 hb_shavite3_c512_regs
#define hb_shavite3_384_init hb_shavite3_384_init_regs
#define hb_shavite3_512_init hb_shavite3_512_init_regs
#include "../regs/shavite3_512.c"
