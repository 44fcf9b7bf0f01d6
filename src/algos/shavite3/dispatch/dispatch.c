/* The host's SHAvite-3: the fastest form this CPU runs (../impls.toml,
 * src/common/hb_dispatch.h), chosen on the first call or by
 * hb_shavite3_impl_set().  Each form's compression functions and the inits
 * that put them in the context (its hb_shavite3_desc) are linked here
 * under their own names (sv256_<form>.c, sv512_<form>.c); update and final
 * (../shavite3.c) reach the compression through the context, so only the
 * inits and the bare compression functions choose.  Every form gives the
 * same bytes: a context keeps the form it was started under. */
#include "../shavite3.h"
#include "../../../common/hb_dispatch.h"

typedef int sv_init_fn(void *ctx, const hb_params *p);
typedef void sv_compress_fn(uint32_t *h, const uint8_t *blk, const uint32_t *cnt);

typedef struct sv_form {
    sv_init_fn *init224, *init256, *init384, *init512;
    sv_compress_fn *c256, *c512;
} sv_form;

sv_init_fn hb_shavite3_224_init_unrolled, hb_shavite3_256_init_unrolled, hb_shavite3_384_init_unrolled,
    hb_shavite3_512_init_unrolled;
sv_compress_fn hb_shavite3_c256_unrolled, hb_shavite3_c512_unrolled;
sv_init_fn hb_shavite3_224_init_regs, hb_shavite3_256_init_regs, hb_shavite3_384_init_regs,
    hb_shavite3_512_init_regs;
sv_compress_fn hb_shavite3_c256_regs, hb_shavite3_c512_regs;
#if HB_X86
sv_init_fn hb_shavite3_224_init_aesni, hb_shavite3_256_init_aesni, hb_shavite3_384_init_aesni,
    hb_shavite3_512_init_aesni;
sv_compress_fn hb_shavite3_c256_aesni, hb_shavite3_c512_aesni;
#endif

/* fastest first, then the portable forms: regs (the faster on 64-bit
 * CPUs, so the automatic choice without AES-NI) and unrolled, the
 * embedded default, which only HASHBENCH_IMPL picks here */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"aesni", "aes,ssse3"},
#endif
    {"regs", ""},
    {"unrolled", ""}};
static const sv_form forms[] = {
#if HB_X86
    {hb_shavite3_224_init_aesni, hb_shavite3_256_init_aesni, hb_shavite3_384_init_aesni,
     hb_shavite3_512_init_aesni, hb_shavite3_c256_aesni, hb_shavite3_c512_aesni},
#endif
    {hb_shavite3_224_init_regs, hb_shavite3_256_init_regs, hb_shavite3_384_init_regs,
     hb_shavite3_512_init_regs, hb_shavite3_c256_regs, hb_shavite3_c512_regs},
    {hb_shavite3_224_init_unrolled, hb_shavite3_256_init_unrolled, hb_shavite3_384_init_unrolled,
     hb_shavite3_512_init_unrolled, hb_shavite3_c256_unrolled, hb_shavite3_c512_unrolled}};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static int active = -1;

static const sv_form *form(void)
{
    if (active < 0)
        active = hb_dispatch_pick("shavite3", impls, N_IMPLS);
    return &forms[active];
}

int hb_shavite3_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init224(ctx, p); }
int hb_shavite3_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init256(ctx, p); }
int hb_shavite3_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init384(ctx, p); }
int hb_shavite3_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init512(ctx, p); }

void hb_shavite3_c256(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    form()->c256(h, blk, cnt);
}

void hb_shavite3_c512(uint32_t *h, const uint8_t *blk, const uint32_t *cnt) HB_REENTRANT
{
    form()->c512(h, blk, cnt);
}

const char *hb_shavite3_impl(void)
{
    return impls[form() - forms].name;
}

int hb_shavite3_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("shavite3", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    return 0;
}
