/* JH's E8 with AVX's three-operand encoding and SSSE3's pshufb: see
 * ../impls.toml and ../jh_e8_x86.h.
 * Only a CPU with AVX and SSSE3 may run it: the host dispatch checks
 * (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx,ssse3"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("avx,ssse3")
#endif
#define JH_X86_PSHUFB 1
#include "../jh_e8_x86.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_jh_avx_unused;
#endif
