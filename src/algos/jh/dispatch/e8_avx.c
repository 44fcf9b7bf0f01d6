/* the avx E8 under its own name, for the dispatch */
#define hb_jh_compress hb_jh_compress_avx
#include "../avx/jh_e8.c"
