/* BMW-224/256's f, f0 and f1 as loops: see ../impls.toml */
#include "../bmw_w32.h"
#include "../bmw_compact.h"

void hb_bmw256_f(uint32_t *H, const uint32_t *M) HB_REENTRANT
{
    BMW_F_COMPACT
}
