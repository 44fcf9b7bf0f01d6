/* the portable SHA-512 compression under its own name, for the dispatch */
#define hb_sha512_compress hb_sha512_compress_unrolled
#include "../unrolled/sha512_compress.c"
