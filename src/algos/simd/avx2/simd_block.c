/* The SIMD compression with AVX2: see ../impls.toml and ../simd_x86_256.h.
 * Only a CPU with AVX2 may run it: the host dispatch checks
 * (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("avx2")
#endif
#include "../simd_x86_256.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_simd_avx2_unused;
#endif
