/* the AVX2 SHA-512 compression under its own name, for the dispatch */
#define hb_sha512_compress hb_sha512_compress_avx2
#include "../avx2/sha512_compress.c"
