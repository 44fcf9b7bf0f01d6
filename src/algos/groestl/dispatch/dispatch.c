/* The host's Groestl: the fastest form this CPU runs (../impls.toml,
 * src/common/hb_dispatch.h), chosen on the first call or by
 * hb_groestl_impl_set().  A form of Groestl is a whole hash (its
 * permutations inside groestl_md.h's init, update and final), linked here
 * under its own names (groestl_<form>.c); each public function calls the
 * chosen form's.  Every form keeps the state as the column forms do
 * (groestl_cols.h) and gives the same bytes, so a context started under one
 * form may be finished under another. */
#include "../groestl.h"
#include "../../../common/hb_dispatch.h"

typedef int groestl_init_fn(void *ctx, const hb_params *p);
typedef void groestl_update_fn(void *ctx, const uint8_t *in, size_t len);
typedef void groestl_final_fn(void *ctx, uint8_t *out, size_t out_len);
typedef void groestl_compress_fn(void *h, const uint8_t *blocks, size_t n);

typedef struct groestl_form {
    groestl_init_fn *init224, *init256, *init384, *init512;
    groestl_update_fn *update;
    groestl_final_fn *final;
    groestl_compress_fn *c512, *c1024;
} groestl_form;

groestl_init_fn hb_groestl_224_init_tables8pq, hb_groestl_256_init_tables8pq, hb_groestl_384_init_tables8pq,
    hb_groestl_512_init_tables8pq;
groestl_update_fn hb_groestl_update_tables8pq;
groestl_final_fn hb_groestl_final_tables8pq;
groestl_compress_fn hb_groestl512_compress_tables8pq, hb_groestl1024_compress_tables8pq;
#if HB_X86
groestl_init_fn hb_groestl_224_init_aesni, hb_groestl_256_init_aesni, hb_groestl_384_init_aesni,
    hb_groestl_512_init_aesni;
groestl_update_fn hb_groestl_update_aesni;
groestl_final_fn hb_groestl_final_aesni;
groestl_compress_fn hb_groestl512_compress_aesni, hb_groestl1024_compress_aesni;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"aesni", "aes,ssse3"},
#endif
    {"tables8pq", ""}};
static const groestl_form forms[] = {
#if HB_X86
    {hb_groestl_224_init_aesni, hb_groestl_256_init_aesni, hb_groestl_384_init_aesni, hb_groestl_512_init_aesni,
     hb_groestl_update_aesni, hb_groestl_final_aesni, hb_groestl512_compress_aesni,
     hb_groestl1024_compress_aesni},
#endif
    {hb_groestl_224_init_tables8pq, hb_groestl_256_init_tables8pq, hb_groestl_384_init_tables8pq,
     hb_groestl_512_init_tables8pq, hb_groestl_update_tables8pq, hb_groestl_final_tables8pq,
     hb_groestl512_compress_tables8pq, hb_groestl1024_compress_tables8pq}};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static int active = -1;

static const groestl_form *form(void)
{
    if (active < 0)
        active = hb_dispatch_pick("groestl", impls, N_IMPLS);
    return &forms[active];
}

int hb_groestl_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init224(ctx, p); }
int hb_groestl_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init256(ctx, p); }
int hb_groestl_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init384(ctx, p); }
int hb_groestl_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init512(ctx, p); }

void hb_groestl_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    form()->update(ctx, in, len);
}

void hb_groestl_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    form()->final(ctx, out, out_len);
}

void hb_groestl512_compress(void *h, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    form()->c512(h, blocks, n);
}

void hb_groestl1024_compress(void *h, const uint8_t *blocks, size_t n) HB_REENTRANT
{
    form()->c1024(h, blocks, n);
}

const char *hb_groestl_impl(void)
{
    return impls[form() - forms].name;
}

int hb_groestl_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("groestl", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    return 0;
}
