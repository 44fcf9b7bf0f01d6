/* the sse2 compression under its own name, for the dispatch */
#define hb_simd_block hb_simd_block_sse2
#include "../sse2/simd_block.c"
