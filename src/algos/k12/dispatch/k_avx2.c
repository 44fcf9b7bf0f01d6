/* the avx2 leaves under their own name, for the dispatch */
#define hb_kt_leaves hb_kt_leaves_avx2
#include "../avx2/kt_leaves.c"
