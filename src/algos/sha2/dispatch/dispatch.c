/* The host's SHA-256 compression: the fastest implementation this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), called through a pointer set
 * on the first call or by hb_sha2_impl_set(). */
#include "../sha2.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_sha256_fn(void *H, const uint8_t *blocks, size_t n);
hb_sha256_fn hb_sha256_compress_unrolled;
#if HB_X86
hb_sha256_fn hb_sha256_compress_shani;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"shani", "sha,ssse3,sse4.1"},
#endif
    {"unrolled", ""}};
static hb_sha256_fn *const fns[] = {
#if HB_X86
    hb_sha256_compress_shani,
#endif
    hb_sha256_compress_unrolled};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_sha256_fn resolve;
static hb_sha256_fn *sha256_fn = resolve;
static int active = -1;

static void resolve(void *H, const uint8_t *blocks, size_t n)
{
    active = hb_dispatch_pick("sha2", impls, N_IMPLS);
    sha256_fn = fns[active];
    sha256_fn(H, blocks, n);
}

void hb_sha256_compress(void *H, const uint8_t *blocks, size_t n)
{
    sha256_fn(H, blocks, n);
}

const char *hb_sha2_impl(void)
{
    if (active < 0)
        active = hb_dispatch_pick("sha2", impls, N_IMPLS);
    return impls[active].name;
}

int hb_sha2_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("sha2", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    sha256_fn = fns[i];
    return 0;
}
