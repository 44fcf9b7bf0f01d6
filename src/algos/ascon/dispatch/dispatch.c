/* The host's Ascon-p: the fastest implementation this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), called through pointers set
 * on the first call or by hb_ascon_impl_set().  Every form keeps the state
 * as the five words of ../ascon.h. */
#include "../ascon.h"
#include "../../../common/hb_dispatch.h"

typedef void hb_ap_fn(void *st, unsigned rounds);
typedef size_t hb_ab_fn(uint64_t *S, const uint8_t *in, size_t len);
hb_ap_fn hb_asconp_permute_unrolled, hb_asconp_permute_loop;
hb_ab_fn hb_asconp_absorb_unrolled, hb_asconp_absorb_loop;
#if HB_X86
hb_ap_fn hb_asconp_permute_bmi;
hb_ab_fn hb_asconp_absorb_bmi;
#endif

/* fastest first, the portable forms last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"bmi", "bmi,bmi2"},
#endif
    {"unrolled", ""}, {"loop", ""}};
static hb_ap_fn *const perms[] = {
#if HB_X86
    hb_asconp_permute_bmi,
#endif
    hb_asconp_permute_unrolled, hb_asconp_permute_loop};
static hb_ab_fn *const absorbs[] = {
#if HB_X86
    hb_asconp_absorb_bmi,
#endif
    hb_asconp_absorb_unrolled, hb_asconp_absorb_loop};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static hb_ap_fn resolve_perm;
static hb_ab_fn resolve_absorb;
static hb_ap_fn *perm_fn = resolve_perm;
static hb_ab_fn *absorb_fn = resolve_absorb;
static int active = -1;

static void pick(int i)
{
    active = i;
    perm_fn = perms[i];
    absorb_fn = absorbs[i];
}

static void resolve_perm(void *st, unsigned rounds)
{
    pick(hb_dispatch_pick("ascon", impls, N_IMPLS));
    perm_fn(st, rounds);
}

static size_t resolve_absorb(uint64_t *S, const uint8_t *in, size_t len)
{
    pick(hb_dispatch_pick("ascon", impls, N_IMPLS));
    return absorb_fn(S, in, len);
}

void hb_asconp_permute(void *st, unsigned rounds) HB_REENTRANT
{
    perm_fn(st, rounds);
}

size_t hb_asconp_absorb(uint64_t *S, const uint8_t *in, size_t len) HB_REENTRANT
{
    return absorb_fn(S, in, len);
}

const char *hb_ascon_impl(void)
{
    if (active < 0)
        active = hb_dispatch_pick("ascon", impls, N_IMPLS);
    return impls[active].name;
}

int hb_ascon_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("ascon", impls, N_IMPLS);
    if (i < 0)
        return -1;
    pick(i);
    return 0;
}
