/* The host's AES-128 for CMAC: the fastest form this CPU runs
 * (../impls.toml, src/common/hb_dispatch.h), chosen on the first call or
 * by hb_cmac_impl_set().  Every form reads and writes the key schedule of
 * ../cmac.h alike, so a context keyed under one form may be finished
 * under another. */
#include "../cmac.h"
#include "../../../common/hb_dispatch.h"

typedef void aes_expand_fn(hb_aes128_key *k, const uint8_t key[16]);
typedef void aes_encrypt_fn(const hb_aes128_key *k, const uint8_t in[16], uint8_t out[16]);
typedef void aes_cbcmac_fn(const hb_aes128_key *k, uint8_t x[16], const uint8_t *in, size_t nblocks);

typedef struct aes_form {
    aes_expand_fn *expand;
    aes_encrypt_fn *encrypt;
    aes_cbcmac_fn *cbcmac;
} aes_form;

aes_expand_fn hb_aes128_expand_portable;
aes_encrypt_fn hb_aes128_encrypt_portable;
aes_cbcmac_fn hb_aes128_cbcmac_portable;
#if HB_X86
aes_expand_fn hb_aes128_expand_aesni;
aes_encrypt_fn hb_aes128_encrypt_aesni;
aes_cbcmac_fn hb_aes128_cbcmac_aesni;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"aesni", "aes"},
#endif
    {"portable", ""}};
static const aes_form forms[] = {
#if HB_X86
    {hb_aes128_expand_aesni, hb_aes128_encrypt_aesni, hb_aes128_cbcmac_aesni},
#endif
    {hb_aes128_expand_portable, hb_aes128_encrypt_portable, hb_aes128_cbcmac_portable}};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static int active = -1;

static const aes_form *form(void)
{
    if (active < 0)
        active = hb_dispatch_pick("cmac", impls, N_IMPLS);
    return &forms[active];
}

void hb_aes128_expand(hb_aes128_key *k, const uint8_t key[16]) HB_REENTRANT
{
    form()->expand(k, key);
}

void hb_aes128_encrypt(const hb_aes128_key *k, const uint8_t in[16], uint8_t out[16]) HB_REENTRANT
{
    form()->encrypt(k, in, out);
}

void hb_aes128_cbcmac(const hb_aes128_key *k, uint8_t x[16], const uint8_t *in, size_t nblocks) HB_REENTRANT
{
    form()->cbcmac(k, x, in, nblocks);
}

const char *hb_cmac_impl(void)
{
    return impls[form() - forms].name;
}

int hb_cmac_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("cmac", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    return 0;
}
