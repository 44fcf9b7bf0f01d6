/* The host's BLAKE3 kernel: the fastest implementation this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), both of its functions called
 * through pointers set on the first call or by hb_blake3_impl_set(). */
#include "../blake3.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_b3_kernel_fn(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                             uint32_t block_len, uint32_t flags, uint32_t *out, int full);
typedef void hb_b3_many_fn(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                           uint64_t counter, unsigned step, unsigned flags, unsigned first,
                           unsigned last, uint8_t *out);
hb_b3_kernel_fn hb_blake3_kernel_unrolled;
hb_b3_many_fn hb_blake3_hash_many_unrolled;
#if HB_X86
hb_b3_kernel_fn hb_blake3_kernel_avx512, hb_blake3_kernel_avx2, hb_blake3_kernel_sse41;
hb_b3_many_fn hb_blake3_hash_many_avx512, hb_blake3_hash_many_avx2, hb_blake3_hash_many_sse41;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"avx512", "ssse3,sse4.1,avx2,avx512f,avx512vl"},
    {"avx2", "ssse3,sse4.1,avx2"},
    {"sse41", "ssse3,sse4.1"},
#endif
    {"unrolled", ""}};
static const struct {
    hb_b3_kernel_fn *kernel;
    hb_b3_many_fn *many;
} fns[] = {
#if HB_X86
    {hb_blake3_kernel_avx512, hb_blake3_hash_many_avx512},
    {hb_blake3_kernel_avx2, hb_blake3_hash_many_avx2},
    {hb_blake3_kernel_sse41, hb_blake3_hash_many_sse41},
#endif
    {hb_blake3_kernel_unrolled, hb_blake3_hash_many_unrolled}};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_b3_kernel_fn resolve_kernel;
static hb_b3_many_fn resolve_many;
static hb_b3_kernel_fn *kernel_fn = resolve_kernel;
static hb_b3_many_fn *many_fn = resolve_many;
static int active = -1;

static void use(int i)
{
    active = i;
    kernel_fn = fns[i].kernel;
    many_fn = fns[i].many;
}

static void resolve_kernel(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                           uint32_t block_len, uint32_t flags, uint32_t *out, int full)
{
    use(hb_dispatch_pick("blake3", impls, N_IMPLS));
    kernel_fn(cv, m, counter, block_len, flags, out, full);
}

static void resolve_many(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                         uint64_t counter, unsigned step, unsigned flags, unsigned first,
                         unsigned last, uint8_t *out)
{
    use(hb_dispatch_pick("blake3", impls, N_IMPLS));
    many_fn(in, n, blocks, key, counter, step, flags, first, last, out);
}

void hb_blake3_kernel(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                      uint32_t block_len, uint32_t flags, uint32_t *out, int full)
{
    kernel_fn(cv, m, counter, block_len, flags, out, full);
}

void hb_blake3_hash_many(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                         uint64_t counter, unsigned step, unsigned flags, unsigned first,
                         unsigned last, uint8_t *out)
{
    many_fn(in, n, blocks, key, counter, step, flags, first, last, out);
}

const char *hb_blake3_impl(void)
{
    if (active < 0)
        use(hb_dispatch_pick("blake3", impls, N_IMPLS));
    return impls[active].name;
}

int hb_blake3_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("blake3", impls, N_IMPLS);
    if (i < 0)
        return -1;
    use(i);
    return 0;
}
