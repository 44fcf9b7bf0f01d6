/* the unrolled kernel under its own names, for the dispatch */
#define hb_blake3_kernel hb_blake3_kernel_unrolled
#define hb_blake3_hash_many hb_blake3_hash_many_unrolled
#include "../unrolled/blake3_kernel.c"
