/* BMW-384/512's f, f0 and f1 as loops: see ../impls.toml */
#include "../bmw_w64.h"
#include "../bmw_compact.h"
