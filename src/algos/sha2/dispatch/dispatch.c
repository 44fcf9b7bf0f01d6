/* The host's SHA-256 and SHA-512 compressions: for each width the fastest
 * implementation this CPU runs (../impls.toml, src/common/hb_dispatch.h),
 * called through a pointer set on the first call or by hb_sha2_impl_set().
 *
 * A form may speed up one width only (impls.toml `only`: shani SHA-256,
 * avx2 SHA-512); its entry for the other width is NULL here.  A width
 * the chosen form does not speed up runs the fastest form that does, so
 * the automatic choice (the first form the CPU runs, as for every family)
 * gives SHA-256 to shani and SHA-512 to avx2 on a CPU with both, and
 * forcing a form (HASHBENCH_IMPL=sha2=NAME) forces it where it applies. */
#include "../sha2.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_sha2_fn(void *H, const uint8_t *blocks, size_t n);
hb_sha2_fn hb_sha256_compress_unrolled, hb_sha512_compress_unrolled;
#if HB_X86
hb_sha2_fn hb_sha256_compress_shani;
#endif
#if defined(__x86_64__)
hb_sha2_fn hb_sha512_compress_avx2;
#endif

/* fastest first, the portable form (both widths) last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"shani", "sha,ssse3,sse4.1"},
#endif
#if defined(__x86_64__)
    {"avx2", "avx2,bmi,bmi2"},
#endif
    {"unrolled", ""}};
static hb_sha2_fn *const fns256[] = {
#if HB_X86
    hb_sha256_compress_shani,
#endif
#if defined(__x86_64__)
    NULL,
#endif
    hb_sha256_compress_unrolled};
static hb_sha2_fn *const fns512[] = {
#if HB_X86
    NULL,
#endif
#if defined(__x86_64__)
    hb_sha512_compress_avx2,
#endif
    hb_sha512_compress_unrolled};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_sha2_fn resolve256, resolve512;
static hb_sha2_fn *sha256_fn = resolve256;
static hb_sha2_fn *sha512_fn = resolve512;
/* the chosen form, and the forms whose SHA-256 and SHA-512 run */
static int active = -1, active256, active512;

/* the form whose function of a width (fns) runs when form i is chosen:
 * i itself, else the first runnable form with one (the portable form has
 * both) */
static int width_form(hb_sha2_fn *const *fns, int i)
{
    int k;
    if (fns[i])
        return i;
    for (k = 0; k < N_IMPLS - 1; k++)
        if (fns[k] && hb_cpu_can(impls[k].cpu))
            return k;
    return N_IMPLS - 1;
}

static void choose(int i)
{
    active = i;
    active256 = width_form(fns256, i);
    active512 = width_form(fns512, i);
    sha256_fn = fns256[active256];
    sha512_fn = fns512[active512];
}

static void resolve256(void *H, const uint8_t *blocks, size_t n)
{
    choose(hb_dispatch_pick("sha2", impls, N_IMPLS));
    sha256_fn(H, blocks, n);
}

static void resolve512(void *H, const uint8_t *blocks, size_t n)
{
    choose(hb_dispatch_pick("sha2", impls, N_IMPLS));
    sha512_fn(H, blocks, n);
}

void hb_sha256_compress(void *H, const uint8_t *blocks, size_t n)
{
    sha256_fn(H, blocks, n);
}

void hb_sha512_compress(void *H, const uint8_t *blocks, size_t n)
{
    sha512_fn(H, blocks, n);
}

const char *hb_sha2_impl(void)
{
    if (active < 0)
        choose(hb_dispatch_pick("sha2", impls, N_IMPLS));
    return impls[active].name;
}

/* the form whose compression of `bits` (256 or 512) runs: what the tests
 * compare with the Python side's account of the choice
 * (hashbench.targets.host.host_impl) */
const char *hb_sha2_impl_of(unsigned bits)
{
    hb_sha2_impl();
    return impls[bits == 512 ? active512 : active256].name;
}

int hb_sha2_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("sha2", impls, N_IMPLS);
    if (i < 0)
        return -1;
    choose(i);
    return 0;
}
