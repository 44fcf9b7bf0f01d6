/* The host's Keccak-p[1600]: the fastest implementation this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), called through a pointer set
 * on the first call or by hb_keccak_impl_set().  The lane access functions
 * are the portable ones: every form keeps the state as 25 lanes. */
#include "../keccakp1600_lanes.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_kp_fn(void *st, unsigned rounds);
hb_kp_fn hb_keccakp1600_permute_lanes64;
#if HB_X86
hb_kp_fn hb_keccakp1600_permute_bmi;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"bmi", "bmi,bmi2"},
#endif
    {"lanes64", ""}};
static hb_kp_fn *const fns[] = {
#if HB_X86
    hb_keccakp1600_permute_bmi,
#endif
    hb_keccakp1600_permute_lanes64};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_kp_fn resolve;
static hb_kp_fn *kp_fn = resolve;
static int active = -1;

static void resolve(void *st, unsigned rounds)
{
    active = hb_dispatch_pick("keccak", impls, N_IMPLS);
    kp_fn = fns[active];
    kp_fn(st, rounds);
}

void hb_keccakp1600_permute(void *st, unsigned rounds)
{
    kp_fn(st, rounds);
}

const hb_perm hb_keccakp1600 = {200, kp_add, kp_extract, hb_keccakp1600_permute};

const char *hb_keccak_impl(void)
{
    (void)keccakp_compact; /* the header's odd-round helper: the kernels' */
    if (active < 0)
        active = hb_dispatch_pick("keccak", impls, N_IMPLS);
    return impls[active].name;
}

int hb_keccak_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("keccak", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    kp_fn = fns[i];
    return 0;
}
