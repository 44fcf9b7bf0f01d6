/* SHAvite-3-224/256 of the aesni form under its own names, for the dispatch
 * (dispatch.c): the compression and the inits that put it in the context */
#define hb_shavite3_c256 hb_shavite3_c256_aesni
#define hb_shavite3_224_init hb_shavite3_224_init_aesni
#define hb_shavite3_256_init hb_shavite3_256_init_aesni
#include "../aesni/shavite3_256.c"
