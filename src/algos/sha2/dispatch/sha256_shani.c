/* the SHA-NI compression under its own name, for the dispatch */
#define hb_sha256_compress hb_sha256_compress_shani
#include "../shani/sha256_compress.c"
