/* BMW-224/256's f, f0 and f1 unrolled: see ../impls.toml */
#include "../bmw_w32.h"
#include "../bmw_unrolled.h"

void hb_bmw256_f(uint32_t *H, const uint32_t *M) HB_REENTRANT
{
    BMW_F_UNROLLED
}
