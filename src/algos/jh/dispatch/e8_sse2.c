/* the sse2 E8 under its own name, for the dispatch */
#define hb_jh_compress hb_jh_compress_sse2
#include "../sse2/jh_e8.c"
