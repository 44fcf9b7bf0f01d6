/* The K12 leaves for AVX2: four leaves side by side, the rest one at a
 * time.  See ../impls.toml and ../k12_x86.h; only a CPU with AVX2 may run
 * it (the host dispatch checks). */
#include "../k12_x86.h"

#if HB_KX_X86
HB_KX_AVX2 void hb_kt_leaves(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv)
{
    for (; n >= 4; n -= 4, in += 4 * HB_KT_LEAF, cv += 4 * cv_len)
        hb_kx4_leaves(in, cv_len, cv);
    hb_kt_leaves_serial(in, n, cv_len, cv);
}
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_k12_avx2_unused;
#endif
