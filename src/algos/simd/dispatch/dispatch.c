/* The host's SIMD compression: the fastest form this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), called through a pointer set
 * on the first call or by hb_simd_impl_set().  Every form keeps the state
 * as the same S[4][8] words, so a context may change form between calls. */
#include "../simd.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_simd_block_fn(uint32_t S[4][8], const uint8_t *m, unsigned n, int final);
hb_simd_block_fn hb_simd_block_unrolled;
#if HB_X86
hb_simd_block_fn hb_simd_block_avx512, hb_simd_block_avx2, hb_simd_block_sse2;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"avx512", "avx2,avx512f,avx512vl"},
    {"avx2", "avx2"},
    {"sse2", "sse2"},
#endif
    {"unrolled", ""}};
static hb_simd_block_fn *const fns[] = {
#if HB_X86
    hb_simd_block_avx512,
    hb_simd_block_avx2,
    hb_simd_block_sse2,
#endif
    hb_simd_block_unrolled};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_simd_block_fn resolve;
static hb_simd_block_fn *block_fn = resolve;
static int active = -1;

static void resolve(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    active = hb_dispatch_pick("simd", impls, N_IMPLS);
    block_fn = fns[active];
    block_fn(S, m, n, final);
}

void hb_simd_block(uint32_t S[4][8], const uint8_t *m, unsigned n, int final)
{
    block_fn(S, m, n, final);
}

const char *hb_simd_impl(void)
{
    if (active < 0)
        active = hb_dispatch_pick("simd", impls, N_IMPLS);
    return impls[active].name;
}

int hb_simd_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("simd", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    block_fn = fns[i];
    return 0;
}
