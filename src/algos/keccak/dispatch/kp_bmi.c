/* the BMI permutation under its own names, for the dispatch */
#define hb_keccakp1600 hb_keccakp1600_bmi
#define hb_keccakp1600_permute hb_keccakp1600_permute_bmi
#include "../bmi/keccakp1600.c"
