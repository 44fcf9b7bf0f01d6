/* the sse2 kernel under its own names, for the dispatch */
#define hb_cubehash_compress hb_cubehash_compress_sse2
#define hb_cubehash_rounds hb_cubehash_rounds_sse2
#include "../sse2/cubehash_rounds.c"
