/* BMW-384/512's f, f0 and f1 unrolled: see ../impls.toml */
#include "../bmw_w64.h"
#include "../bmw_unrolled.h"

void hb_bmw512_f(uint64_t *H, const uint64_t *M) HB_REENTRANT
{
    BMW_F_UNROLLED
}
