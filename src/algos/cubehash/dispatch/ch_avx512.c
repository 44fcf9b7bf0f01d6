/* the avx512 kernel under its own names, for the dispatch */
#define hb_cubehash_compress hb_cubehash_compress_avx512
#define hb_cubehash_rounds hb_cubehash_rounds_avx512
#include "../avx512/cubehash_rounds.c"
