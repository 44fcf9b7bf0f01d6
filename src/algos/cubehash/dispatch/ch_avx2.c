/* the avx2 kernel under its own names, for the dispatch */
#define hb_cubehash_compress hb_cubehash_compress_avx2
#define hb_cubehash_rounds hb_cubehash_rounds_avx2
#include "../avx2/cubehash_rounds.c"
