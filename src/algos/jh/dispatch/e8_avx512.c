/* the avx512 E8 under its own name, for the dispatch */
#define hb_jh_compress hb_jh_compress_avx512
#include "../avx512/jh_e8.c"
