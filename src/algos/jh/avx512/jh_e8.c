/* JH's E8 with AVX-512VL's vpternlogq on 128-bit words (an S-box is 10
 * instructions instead of 20): see ../impls.toml and ../jh_e8_x86.h.
 * Only a CPU with AVX-512F and AVX-512VL may run it: the host dispatch checks
 * (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512vl"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("avx512f,avx512vl")
#endif
#define JH_X86_PSHUFB 1
#define JH_X86_TERNLOG 1
#include "../jh_e8_x86.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_jh_avx512_unused;
#endif
