/* BMW-224/256's f, f0 and f1 as loops: see ../impls.toml */
#include "../bmw_w32.h"
#include "../bmw_compact.h"
