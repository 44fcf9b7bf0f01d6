/* the avx2 compression under its own name, for the dispatch */
#define hb_simd_block hb_simd_block_avx2
#include "../avx2/simd_block.c"
