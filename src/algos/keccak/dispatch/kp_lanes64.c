/* the portable permutation under its own names, for the dispatch */
#define hb_keccakp1600 hb_keccakp1600_lanes64
#define hb_keccakp1600_permute hb_keccakp1600_permute_lanes64
#include "../lanes64/keccakp1600.c"
