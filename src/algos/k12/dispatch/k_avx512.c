/* the avx512 leaves under their own name, for the dispatch */
#define hb_kt_leaves hb_kt_leaves_avx512
#include "../avx512/kt_leaves.c"
