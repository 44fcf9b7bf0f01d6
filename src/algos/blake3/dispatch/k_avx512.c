/* the avx512 kernel under its own names, for the dispatch */
#define hb_blake3_kernel hb_blake3_kernel_avx512
#define hb_blake3_hash_many hb_blake3_hash_many_avx512
#include "../avx512/blake3_kernel.c"
