/* the unrolled E8 under its own name, for the dispatch */
#define hb_jh_compress hb_jh_compress_unrolled
#include "../unrolled/jh_e8.c"
