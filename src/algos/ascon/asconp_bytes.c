/* The byte view of the Ascon-p state (ascon.h) for the generic sponge,
 * over whichever form of the permutation the build links (impls.toml). */
#include "ascon.h"
#include "../../common/hb_util.h"

static void ap_add(void *st, const uint8_t *in, size_t off, size_t len) HB_REENTRANT
{
    uint64_t *S = (uint64_t *)st;
    if (len == 8 && !(off & 7)) {
        S[off >> 3] ^= hb_load64_le(in);
        return;
    }
    for (; len; len--, off++) S[off >> 3] ^= (uint64_t)*in++ << (8 * (off & 7));
}

static void ap_extract(const void *st, uint8_t *out, size_t off, size_t len) HB_REENTRANT
{
    const uint64_t *S = (const uint64_t *)st;
    if (len == 8 && !(off & 7)) {
        hb_store64_le(out, S[off >> 3]);
        return;
    }
    for (; len; len--, off++) *out++ = (uint8_t)(S[off >> 3] >> (8 * (off & 7)));
}

static void ap_permute(void *st, unsigned rounds) HB_REENTRANT
{
    hb_asconp_permute(st, rounds);
}

const hb_perm hb_asconp = {40, ap_add, ap_extract, ap_permute};
