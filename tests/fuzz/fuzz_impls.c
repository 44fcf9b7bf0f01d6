/*
 * fuzz_impls.c -- differential of the implementations of one algorithm.
 * Forms of a family (src/algos/<family>/<impl>/) are chosen when the
 * library is linked, so two cannot share one library: this target loads
 * several whole builds of it, each with another selection
 * (python/hashbench/impls.py: differential_selections, between them every
 * form of every family; the first is the host's, whose run-time dispatch
 * runs the CPU-specific forms this CPU has), each with RTLD_LOCAL and
 * linked -Bsymbolic so that each one's calls stay inside it.  Every
 * algorithm that links a family with several forms must give, in every
 * library, the same init code and the same output as in the first, one-shot
 * and streamed in two pieces.
 *
 * The libraries are impls/<k>.so beside this binary ($(FUZZ_IMPL_SOS)).
 *
 * Input: [algo:2] [key_len] [key] [custom_len] [custom] [out_len:2]
 *        [split:2] then the message.  The key goes to keyed entries,
 * the customisation string to those that take one, out_len to XOFs
 * (any length up to 2047) and to variable-length hashes.
 */
#include <dlfcn.h>
#include "fuzz.h"
#include "impls.h"

typedef int (*hash_fn)(const hb_algo *, const hb_params *, const uint8_t *, size_t, uint8_t *, size_t);
typedef const hb_algo *(*find_fn)(const char *);

static const char *const TAGS[] = {FZ_IMPL_TAGS};
static const char *const ALGOS[] = {FZ_IMPL_ALGOS};
#define N_LIBS (sizeof TAGS / sizeof TAGS[0])
#define N_ALGOS (sizeof ALGOS / sizeof ALGOS[0])

static hash_fn lib_hash[N_LIBS];
static const hb_algo *entry[N_LIBS][N_ALGOS];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char path[4096];
    const char *self = (*argv)[0], *slash = strrchr(self, '/');
    int dir = slash ? (int)(slash - self) : 1;
    size_t k, i;
    (void)argc;
    for (k = 0; k < N_LIBS; k++) {
        void *h;
        find_fn find;
        snprintf(path, sizeof path, "%.*s/impls/%zu.so", dir, slash ? self : ".", k);
        h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            fprintf(stderr, "fuzz_impls: cannot load %s (%s): make fuzz builds it\n", path, dlerror());
            exit(1);
        }
        *(void **)&find = dlsym(h, "hb_find");
        *(void **)&lib_hash[k] = dlsym(h, "hb_hash");
        if (!find || !lib_hash[k]) {
            fprintf(stderr, "fuzz_impls: %s has no hb_find/hb_hash\n", path);
            exit(1);
        }
        for (i = 0; i < N_ALGOS; i++) {
            entry[k][i] = find(ALGOS[i]);
            if (!entry[k][i]) {
                fprintf(stderr, "fuzz_impls: %s (%s) has no %s\n", path, TAGS[k], ALGOS[i]);
                exit(1);
            }
        }
        /* two loads of one file would be one library: the comparison would be of nothing */
        if (k && entry[k][0] == entry[0][0]) {
            fprintf(stderr, "fuzz_impls: %s is the library already loaded\n", path);
            exit(1);
        }
    }
    return 0;
}

/* init, update in two pieces, final, on a heap context of exactly ctx_size */
static int streamed(const hb_algo *a, const hb_params *p, const uint8_t *m, size_t n, size_t split,
                    uint8_t *out, size_t out_len)
{
    void *ctx = malloc(a->ctx_size);
    int rc;
    if (!ctx) abort();
    rc = a->init(ctx, p);
    if (rc == HB_OK) {
        a->update(ctx, m, split);
        a->update(ctx, m + split, n - split);
        a->final(ctx, out, out_len);
    }
    free(ctx);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size};
    size_t which = fz_u16(&r) % N_ALGOS, key_len, custom_len, out_len, split, n, k;
    const uint8_t *key = fz_bytes(&r, fz_u8(&r), &key_len);
    const uint8_t *custom = fz_bytes(&r, fz_u8(&r), &custom_len);
    const hb_algo *a0 = entry[0][which];
    hb_params p = HB_PARAMS_INIT;
    uint8_t *m, *ref, *out;
    int rc0;

    out_len = fz_u16(&r) & 0x7ff;
    split = fz_u16(&r);
    n = r.n;
    m = fz_dup(r.p, n);
    if (split > n) split = n;
    if (a0->flags & HB_KEYED) { p.key = key; p.key_len = key_len; }
    if (a0->flags & HB_CUSTOM) { p.custom = custom; p.custom_len = custom_len; }
    if (a0->flags & HB_VAROUT) p.out_len = out_len;
    if (!(a0->flags & HB_XOF)) out_len = p.out_len ? p.out_len : a0->digest_size;
    ref = (uint8_t *)malloc(out_len ? out_len : 1);
    out = (uint8_t *)malloc(out_len ? out_len : 1);
    if (!ref || !out) abort();

    rc0 = lib_hash[0](a0, &p, m, n, ref, out_len);
    for (k = 0; k < N_LIBS; k++) {
        const hb_algo *a = entry[k][which];
        int rc = lib_hash[k](a, &p, m, n, out, out_len);
        FZ_CHECK(rc == rc0, a->name, "%s returned %d, %s %d", TAGS[k], rc, TAGS[0], rc0);
        if (rc != HB_OK) continue;
        if (k) FZ_SAME(out, ref, out_len, a->name, TAGS[k]);
        FZ_CHECK(streamed(a, &p, m, n, split, out, out_len) == HB_OK, a->name, "%s: init failed", TAGS[k]);
        FZ_SAME(out, ref, out_len, a->name, TAGS[k]);
    }
    free(out);
    free(ref);
    free(m);
    return 0;
}
