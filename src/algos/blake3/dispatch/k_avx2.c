/* the avx2 kernel under its own names, for the dispatch */
#define hb_blake3_kernel hb_blake3_kernel_avx2
#define hb_blake3_hash_many hb_blake3_hash_many_avx2
#include "../avx2/blake3_kernel.c"
