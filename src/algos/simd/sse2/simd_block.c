/* The SIMD compression with SSE2 (every x86-64 CPU): see ../impls.toml and
 * ../simd_x86.h.
 * Only a CPU with SSE2 may run it: the host dispatch checks
 * (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("sse2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("sse2")
#endif
#include "../simd_x86.h"

void hb_simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    if (n == 4)
        sx_block4(S, m, final);
    else
        sx_block8(S, m, final);
}
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_simd_sse2_unused;
#endif
