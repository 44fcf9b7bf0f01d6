/* The host's K12 leaf kernel: the fastest implementation this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), called through a pointer set
 * on the first call or by hb_k12_impl_set(). */
#include "../k12.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_ktl_fn(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv);
hb_ktl_fn hb_kt_leaves_serial_form;
#if HB_X86
hb_ktl_fn hb_kt_leaves_avx512, hb_kt_leaves_avx2;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"avx512", "avx2,avx512f"},
    {"avx2", "avx2"},
#endif
    {"serial", ""}};
static hb_ktl_fn *const fns[] = {
#if HB_X86
    hb_kt_leaves_avx512,
    hb_kt_leaves_avx2,
#endif
    hb_kt_leaves_serial_form};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_ktl_fn resolve;
static hb_ktl_fn *leaves_fn = resolve;
static int active = -1;

static void use(int i)
{
    active = i;
    leaves_fn = fns[i];
}

static void resolve(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv)
{
    use(hb_dispatch_pick("k12", impls, N_IMPLS));
    leaves_fn(in, n, cv_len, cv);
}

void hb_kt_leaves(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv)
{
    leaves_fn(in, n, cv_len, cv);
}

const char *hb_k12_impl(void)
{
    if (active < 0)
        use(hb_dispatch_pick("k12", impls, N_IMPLS));
    return impls[active].name;
}

int hb_k12_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("k12", impls, N_IMPLS);
    if (i < 0)
        return -1;
    use(i);
    return 0;
}
