/* The K12 leaves for AVX-512: eight leaves side by side, then four in
 * AVX2, the rest one at a time.  See ../impls.toml and ../k12_x86.h; only
 * a CPU with AVX-512F may run it (the host dispatch checks). */
#include "../k12_x86.h"

#if HB_KX_X86
HB_KX_AVX512 void hb_kt_leaves(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv)
{
    for (; n >= 8; n -= 8, in += 8 * HB_KT_LEAF, cv += 8 * cv_len)
        hb_kx8_leaves(in, cv_len, cv);
    for (; n >= 4; n -= 4, in += 4 * HB_KT_LEAF, cv += 4 * cv_len)
        hb_kx4_leaves(in, cv_len, cv);
    hb_kt_leaves_serial(in, n, cv_len, cv);
}
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_k12_avx512_unused;
#endif
