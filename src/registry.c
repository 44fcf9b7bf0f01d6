/*
 * registry.c -- the table of every algorithm, generated from algos.def
 * (or from the file named by HB_ALGOS_DEF: firmware images build a
 * registry of one algorithm this way).
 */
#include "common/hb_util.h"
#include "modes/hmac.h"

#ifndef HB_ALGOS_DEF
#define HB_ALGOS_DEF "algos.def"
#endif

/* the family headers the .def names (its #include lines) */
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk)
#define HB_HMAC(n, ctx)
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC

/* indices of the plain entries, for the HMAC entries to refer to */
enum {
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk) HB_ID_##n,
#define HB_HMAC(n, ctx)
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC
    HB_N_PLAIN
};
/* digest and block size of each plain entry, for its HMAC entry */
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk) enum { HB_DIG_##n = d, HB_BLK_##n = b };
#define HB_HMAC(n, ctx)
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC

extern const hb_algo hb_registry[];

/* hmac_<hash>: two contexts of the hash, keyed by the generic HMAC mode */
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk)
#define HB_HMAC(n, ctx)                                                              \
    typedef struct { ctx i, o; } hb_hmac_##n##_ctx;                                  \
    static int hb_hmac_##n##_init(void *c, const hb_params *p) HB_REENTRANT          \
    {                                                                                \
        hb_hmac_##n##_ctx *x = (hb_hmac_##n##_ctx *)c;                               \
        return hb_hmac_setup(&hb_registry[HB_ID_##n], &x->i, &x->o, p);              \
    }                                                                                \
    static void hb_hmac_##n##_update(void *c, const uint8_t *in, size_t len) HB_REENTRANT \
    {                                                                                \
        hb_registry[HB_ID_##n].update(&((hb_hmac_##n##_ctx *)c)->i, in, len);        \
    }                                                                                \
    static void hb_hmac_##n##_final(void *c, uint8_t *out, size_t len) HB_REENTRANT  \
    {                                                                                \
        hb_hmac_##n##_ctx *x = (hb_hmac_##n##_ctx *)c;                               \
        hb_hmac_finish(&hb_registry[HB_ID_##n], &x->i, &x->o, out, len);             \
    }
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC

const hb_algo hb_registry[] = {
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk) {#n, d, b, sizeof(ctx), fl, mk, i, u, f},
#define HB_HMAC(n, ctx)
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk)
#define HB_HMAC(n, ctx)                                                              \
    {"hmac_" #n, HB_DIG_##n, HB_BLK_##n, sizeof(hb_hmac_##n##_ctx), HB_KEYED | HB_KEY_REQUIRED | HB_MAC, \
     0xffff, hb_hmac_##n##_init, hb_hmac_##n##_update, hb_hmac_##n##_final},
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC
    {0, 0, 0, 0, 0, 0, 0, 0, 0}
};

size_t hb_count(void)
{
    return sizeof hb_registry / sizeof hb_registry[0] - 1;
}

const hb_algo *hb_at(size_t i)
{
    return i < hb_count() ? &hb_registry[i] : NULL;
}

/* fold case and read '-' '/' as '_'; with skip_sep, drop separators */
static int name_char(char ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 'a';
    if (ch == '-' || ch == '/') return '_';
    return (unsigned char)ch;
}

static int name_eq(const char *a, const char *b, int skip_sep)
{
    for (;;) {
        if (skip_sep) {
            while (name_char(*a) == '_') a++;
            while (name_char(*b) == '_') b++;
        }
        if (name_char(*a) != name_char(*b)) return 0;
        if (!*a) return 1;
        a++, b++;
    }
}

const hb_algo *hb_find(const char *name)
{
    size_t i, n = hb_count();
    if (!name) return NULL;
    for (i = 0; i < n; i++)
        if (name_eq(hb_registry[i].name, name, 0)) return &hb_registry[i];
    /* "SHA-256" -> sha256, "shake128" -> shake_128 */
    for (i = 0; i < n; i++)
        if (name_eq(hb_registry[i].name, name, 1)) return &hb_registry[i];
    return NULL;
}

size_t hb_max_ctx_size(void)
{
    size_t i, m = 0;
    for (i = 0; i < hb_count(); i++)
        if (hb_registry[i].ctx_size > m) m = hb_registry[i].ctx_size;
    return m;
}

/* a context big enough for any entry, aligned for uint64_t */
typedef union {
#define HB_ALGO(n, d, b, ctx, i, u, f, fl, mk) ctx n;
#define HB_HMAC(n, ctx) hb_hmac_##n##_ctx hmac_##n;
#include HB_ALGOS_DEF
#undef HB_ALGO
#undef HB_HMAC
    uint64_t align;
} hb_any_ctx;

int hb_hash(const hb_algo *a, const hb_params *p, const uint8_t *in, size_t len,
            uint8_t *out, size_t out_len)
{
    hb_any_ctx c;
    int r;
    if (!a) return HB_ERR_NAME;
    if (out_len == 0 && !(a->flags & HB_XOF))
        out_len = (p && p->out_len) ? p->out_len : a->digest_size;
    r = a->init(&c, p);
    if (r) return r;
    a->update(&c, in, len);
    a->final(&c, out, out_len);
    hb_wipe(&c, a->ctx_size);
    return HB_OK;
}
