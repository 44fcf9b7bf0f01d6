/* the portable permutation under its own names, for the dispatch */
#define hb_asconp_permute hb_asconp_permute_unrolled
#define hb_asconp_absorb hb_asconp_absorb_unrolled
#include "../unrolled/asconp.c"
