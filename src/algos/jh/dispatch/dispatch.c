/* The host's E8 inside F8: the fastest implementation this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), called through a pointer set
 * on the first call or by hb_jh_impl_set().  Every form keeps H as the
 * same 16 little-endian words, so a context may change form between
 * calls. */
#include "../jh.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_jh_fn(void *x, const uint8_t *blocks, size_t n);
hb_jh_fn hb_jh_compress_unrolled;
#if HB_X86
hb_jh_fn hb_jh_compress_avx512, hb_jh_compress_avx, hb_jh_compress_sse2;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"avx512", "avx512f,avx512vl"},
    {"avx", "avx,ssse3"},
    {"sse2", "sse2"},
#endif
    {"unrolled", ""}};
static hb_jh_fn *const fns[] = {
#if HB_X86
    hb_jh_compress_avx512,
    hb_jh_compress_avx,
    hb_jh_compress_sse2,
#endif
    hb_jh_compress_unrolled};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_jh_fn resolve;
static hb_jh_fn *jh_fn = resolve;
static int active = -1;

static void resolve(void *x, const uint8_t *blocks, size_t n)
{
    active = hb_dispatch_pick("jh", impls, N_IMPLS);
    jh_fn = fns[active];
    jh_fn(x, blocks, n);
}

void hb_jh_compress(void *x, const uint8_t *blocks, size_t n)
{
    jh_fn(x, blocks, n);
}

const char *hb_jh_impl(void)
{
    if (active < 0)
        active = hb_dispatch_pick("jh", impls, N_IMPLS);
    return impls[active].name;
}

int hb_jh_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("jh", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    jh_fn = fns[i];
    return 0;
}
