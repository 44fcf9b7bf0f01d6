/* the BMI permutation under its own names, for the dispatch */
#define hb_asconp_permute hb_asconp_permute_bmi
#define hb_asconp_absorb hb_asconp_absorb_bmi
#include "../bmi/asconp.c"
