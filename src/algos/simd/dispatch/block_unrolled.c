/* the unrolled compression under its own name, for the dispatch */
#define hb_simd_block hb_simd_block_unrolled
#include "../unrolled/simd_block.c"
