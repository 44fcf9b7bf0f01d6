/* the portable SHA-256 compression under its own name, for the dispatch */
#define hb_sha256_compress hb_sha256_compress_unrolled
#include "../unrolled/sha256_compress.c"
