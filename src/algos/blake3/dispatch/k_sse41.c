/* the sse41 kernel under its own names, for the dispatch */
#define hb_blake3_kernel hb_blake3_kernel_sse41
#define hb_blake3_hash_many hb_blake3_hash_many_sse41
#include "../sse41/blake3_kernel.c"
