/* the unrolled kernel under its own names, for the dispatch */
#define hb_cubehash_compress hb_cubehash_compress_unrolled
#define hb_cubehash_rounds hb_cubehash_rounds_unrolled
#include "../unrolled/cubehash_rounds.c"
