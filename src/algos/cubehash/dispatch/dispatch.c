/* The host's CubeHash kernel: the fastest form this CPU runs (../impls.toml,
 * src/common/hb_dispatch.h), its compression and its bare rounds called
 * through pointers set on the first call or by hb_cubehash_impl_set().  Every
 * form keeps the state as the same 32 words, so a context may change form
 * between calls. */
#include "../cubehash.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_ch_compress_fn(void *x, const uint8_t *blocks, size_t n);
typedef void hb_ch_rounds_fn(uint32_t *x, unsigned n);
hb_ch_compress_fn hb_cubehash_compress_unrolled;
hb_ch_rounds_fn hb_cubehash_rounds_unrolled;
#if HB_X86
hb_ch_compress_fn hb_cubehash_compress_avx512, hb_cubehash_compress_avx2, hb_cubehash_compress_sse2;
hb_ch_rounds_fn hb_cubehash_rounds_avx512, hb_cubehash_rounds_avx2, hb_cubehash_rounds_sse2;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"avx512", "avx512f,avx512vl"},
    {"avx2", "avx2"},
    {"sse2", "sse2"},
#endif
    {"unrolled", ""}};
static const struct {
    hb_ch_compress_fn *compress;
    hb_ch_rounds_fn *rounds;
} fns[] = {
#if HB_X86
    {hb_cubehash_compress_avx512, hb_cubehash_rounds_avx512},
    {hb_cubehash_compress_avx2, hb_cubehash_rounds_avx2},
    {hb_cubehash_compress_sse2, hb_cubehash_rounds_sse2},
#endif
    {hb_cubehash_compress_unrolled, hb_cubehash_rounds_unrolled}};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_ch_compress_fn resolve_compress;
static hb_ch_rounds_fn resolve_rounds;
static hb_ch_compress_fn *compress_fn = resolve_compress;
static hb_ch_rounds_fn *rounds_fn = resolve_rounds;
static int active = -1;

static void use(int i)
{
    active = i;
    compress_fn = fns[i].compress;
    rounds_fn = fns[i].rounds;
}

static void resolve_compress(void *x, const uint8_t *blocks, size_t n)
{
    use(hb_dispatch_pick("cubehash", impls, N_IMPLS));
    compress_fn(x, blocks, n);
}

static void resolve_rounds(uint32_t *x, unsigned n)
{
    use(hb_dispatch_pick("cubehash", impls, N_IMPLS));
    rounds_fn(x, n);
}

void hb_cubehash_compress(void *x, const uint8_t *blocks, size_t n)
{
    compress_fn(x, blocks, n);
}

void hb_cubehash_rounds(uint32_t *x, unsigned n)
{
    rounds_fn(x, n);
}

const char *hb_cubehash_impl(void)
{
    if (active < 0)
        use(hb_dispatch_pick("cubehash", impls, N_IMPLS));
    return impls[active].name;
}

int hb_cubehash_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("cubehash", impls, N_IMPLS);
    if (i < 0)
        return -1;
    use(i);
    return 0;
}
