/* tables8 with P and Q computed side by side (GR_PQ_TOGETHER,
 * ../groestl_perm.h): see ../impls.toml */
#define GR_PQ_TOGETHER 1
#include "../tables8/groestl.c"
