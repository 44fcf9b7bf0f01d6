/* the avx512 compression under its own name, for the dispatch */
#define hb_simd_block hb_simd_block_avx512
#include "../avx512/simd_block.c"
