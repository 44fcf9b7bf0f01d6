/* The SIMD compression with AVX-512VL: the avx2 form with each rotation one
 * vprold: see ../impls.toml and ../simd_x86_256.h.
 * Only a CPU with AVX-512F and AVX-512VL may run it: the host dispatch
 * checks (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512vl"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("avx2,avx512f,avx512vl")
#endif
#define SX_ROTL(v, r) _mm_rol_epi32(v, r)
#define SY_ROTL(v, r) _mm256_rol_epi32(v, r)
#include "../simd_x86_256.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_simd_avx512_unused;
#endif
