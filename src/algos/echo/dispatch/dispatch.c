/* The host's ECHO: the fastest form this CPU runs (../impls.toml,
 * src/common/hb_dispatch.h), chosen on the first call or by
 * hb_echo_impl_set().  A form of ECHO is a whole hash (its round inside
 * echo_big.h's compression and mode), linked here under its own names
 * (echo_<form>.c); each public function calls the chosen form's.  Every
 * form keeps the same context and gives the same bytes, so a context
 * started under one form may be finished under another. */
#include "../echo.h"
#include "../../../common/hb_dispatch.h"

typedef int echo_init_fn(void *ctx, const hb_params *p);
typedef void echo_update_fn(void *ctx, const uint8_t *in, size_t len);
typedef void echo_final_fn(void *ctx, uint8_t *out, size_t out_len);
typedef void echo_compress_fn(uint32_t *V, int big, const uint8_t *blk, const uint32_t *cnt);

typedef struct echo_form {
    echo_init_fn *init224, *init256, *init384, *init512;
    echo_update_fn *update;
    echo_final_fn *final;
    echo_compress_fn *compress;
} echo_form;

echo_init_fn hb_echo_224_init_lanes64, hb_echo_256_init_lanes64, hb_echo_384_init_lanes64, hb_echo_512_init_lanes64;
echo_update_fn hb_echo_update_lanes64;
echo_final_fn hb_echo_final_lanes64;
echo_compress_fn hb_echo_compress_lanes64;
#if HB_X86
echo_init_fn hb_echo_224_init_aesni, hb_echo_256_init_aesni, hb_echo_384_init_aesni, hb_echo_512_init_aesni;
echo_update_fn hb_echo_update_aesni;
echo_final_fn hb_echo_final_aesni;
echo_compress_fn hb_echo_compress_aesni;
#endif

/* fastest first, the portable form last */
static const hb_impl_entry impls[] = {
#if HB_X86
    {"aesni", "aes,ssse3"},
#endif
    {"lanes64", ""}};
static const echo_form forms[] = {
#if HB_X86
    {hb_echo_224_init_aesni, hb_echo_256_init_aesni, hb_echo_384_init_aesni, hb_echo_512_init_aesni,
     hb_echo_update_aesni, hb_echo_final_aesni, hb_echo_compress_aesni},
#endif
    {hb_echo_224_init_lanes64, hb_echo_256_init_lanes64, hb_echo_384_init_lanes64, hb_echo_512_init_lanes64,
     hb_echo_update_lanes64, hb_echo_final_lanes64, hb_echo_compress_lanes64}};
#define N_IMPLS ((int)(sizeof impls / sizeof impls[0]))

static int active = -1;

static const echo_form *form(void)
{
    if (active < 0)
        active = hb_dispatch_pick("echo", impls, N_IMPLS);
    return &forms[active];
}

int hb_echo_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init224(ctx, p); }
int hb_echo_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init256(ctx, p); }
int hb_echo_384_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init384(ctx, p); }
int hb_echo_512_init(void *ctx, const hb_params *p) HB_REENTRANT { return form()->init512(ctx, p); }

void hb_echo_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    form()->update(ctx, in, len);
}

void hb_echo_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    form()->final(ctx, out, out_len);
}

void hb_echo_compress(uint32_t *V, int big, const uint8_t *blk, const uint32_t *cnt)
{
    form()->compress(V, big, blk, cnt);
}

const char *hb_echo_impl(void)
{
    return impls[form() - forms].name;
}

int hb_echo_impl_set(const char *name)
{
    int i = name ? hb_dispatch_find(name, impls, N_IMPLS) : hb_dispatch_pick("echo", impls, N_IMPLS);
    if (i < 0)
        return -1;
    active = i;
    return 0;
}
