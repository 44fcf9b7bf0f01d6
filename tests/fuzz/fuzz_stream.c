/*
 * fuzz_stream.c -- every registry entry, fed in arbitrary pieces, equals its
 * one-shot hb_hash result: split sequences (empty pieces as update(NULL, 0)),
 * a memcpy'd copy of the running context continued interleaved with the
 * original, XOF output lengths (a shorter output is a prefix), keys, custom
 * strings, salt/personalisation and output lengths.  Parameters an entry
 * refuses must be refused by init and hb_hash alike, with the same code.
 * Contexts, outputs and message pieces are heap blocks of exactly their
 * size, so ASan sees any access outside them.
 *
 * shape: the low 4 bits give the largest piece (1 << bits); with both top
 * bits set the message is the input's message 16 times over, so inputs of
 * a few KB reach the tree modes (BLAKE3 chunks, K12's 8 KB leaves).
 *
 * Input: [entry] [mode] [shape] [seed:2] [copy] then, as mode says,
 * [key_len key] [custom_len custom] [salt_len salt] [pers_len pers]
 * [out_len:2], and the message (the rest).
 */
#include "fuzz.h"

enum {
    M_KEY = 0x01, M_CUSTOM = 0x02, M_SALT = 0x04, M_PERS = 0x08, M_OUTLEN = 0x10,
    M_ANY = 0x20,    /* set fields the entry's flags do not accept (error paths) */
    M_HUGEOUT = 0x40 /* out_len past 16 bits */
};

static const uint8_t EMPTY[1] = {0};

/* a field of the params: present when mode asks and the entry accepts it */
static const uint8_t *field(fz_reader *r, int want, size_t *len)
{
    size_t n;
    *len = 0;
    if (!want) return NULL;
    n = fz_u8(r);
    if (n == 0) return EMPTY; /* present but empty: HMAC and KMAC take it */
    return fz_bytes(r, n, len);
}

/* feed m[*at..n) into ctx, one piece of at most maxchunk bytes */
static void feed_one(const hb_algo *a, void *ctx, const uint8_t *m, size_t n, size_t *at,
                     uint32_t *seed, size_t maxchunk)
{
    /* maxchunk 0: the rest in one piece */
    size_t k = maxchunk ? fz_next(seed) % (maxchunk + 1) : n - *at;
    if (k > n - *at) k = n - *at;
    if (k == 0) {
        a->update(ctx, NULL, 0);
    } else {
        uint8_t *piece = fz_dup(m + *at, k);
        a->update(ctx, piece, k);
        free(piece);
        *at += k;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size};
    const hb_algo *a = hb_at(fz_u8(&r) % hb_count());
    unsigned mode = fz_u8(&r), shape = fz_u8(&r);
    uint32_t seed = (uint32_t)fz_u16(&r) * 0x10001u, seed2;
    unsigned copy_at = fz_u8(&r);
    unsigned fl = a->flags;
    int any = (mode & M_ANY) != 0, rc, rc_init, xof = (fl & HB_XOF) != 0;
    hb_params p = HB_PARAMS_INIT;
    size_t out_len, short_len, n, at = 0, at2 = 0, maxchunk, pieces = 0;
    const uint8_t *m;
    uint8_t *big = NULL, *ref, *out, *out2;
    void *ctx, *ctx2 = NULL;

    p.key = field(&r, (mode & M_KEY) && (any || (fl & HB_KEYED)), &p.key_len);
    p.custom = field(&r, (mode & M_CUSTOM) && (any || (fl & HB_CUSTOM)), &p.custom_len);
    p.salt = field(&r, (mode & M_SALT) && (any || (fl & HB_SALT)), &p.salt_len);
    p.pers = field(&r, (mode & M_PERS) && (any || (fl & HB_SALT)), &p.pers_len);
    /* an XOF's length, or a chosen digest length; 2047 bounds the run time */
    out_len = 0;
    if (xof || ((mode & M_OUTLEN) && (any || (fl & HB_VAROUT)))) out_len = fz_u16(&r) & 0x7ff;
    if ((mode & M_HUGEOUT) && !xof) out_len += 0x10000;
    if (!xof) p.out_len = out_len;
    m = r.p;
    n = r.n;
    if ((shape & 0xc0) == 0xc0 && n) {
        size_t i;
        big = (uint8_t *)malloc(16 * n);
        if (!big) abort();
        for (i = 0; i < 16; i++) memcpy(big + i * n, m, n);
        m = big;
        n *= 16;
    }
    if (!xof) out_len = p.out_len ? p.out_len : a->digest_size;

    ref = (uint8_t *)malloc(out_len ? out_len : 1);
    out = (uint8_t *)malloc(out_len ? out_len : 1);
    ctx = malloc(a->ctx_size);
    if (!ref || !out || !ctx) abort();

    rc = hb_hash(a, &p, m, n, ref, out_len);
    rc_init = a->init(ctx, &p);
    FZ_CHECK(rc == rc_init, a->name, "hb_hash returned %d, init %d", rc, rc_init);
    FZ_CHECK(rc == HB_OK || rc == HB_ERR_KEY || rc == HB_ERR_OUTLEN || rc == HB_ERR_PARAM, a->name,
             "init returned %d", rc);
    if (rc != HB_OK) {
        /* a refusal must have a reason in the flags; BLAKE3 (32) and
         * AES-128-CMAC (16) take keys of exactly max_key bytes */
        if (rc == HB_ERR_KEY)
            FZ_CHECK(p.key_len > a->max_key || !(fl & HB_KEYED) || !p.key || a->max_key == 32 ||
                         (a->max_key == 16 && p.key_len != 16),
                     a->name, "key of %zu bytes refused (max_key %u)", p.key_len, a->max_key);
        goto done;
    }
    FZ_CHECK(p.key_len <= a->max_key, a->name, "key of %zu bytes accepted (max_key %u)", p.key_len,
             a->max_key);

    maxchunk = (size_t)1 << (shape & 15);
    seed2 = seed ^ 0x5bd1e995u;
    for (;;) {
        if (ctx2 == NULL && pieces == copy_at) {
            /* no interior pointers: the copy and the original go on alone */
            ctx2 = malloc(a->ctx_size);
            if (!ctx2) abort();
            memcpy(ctx2, ctx, a->ctx_size);
            at2 = at;
        }
        if (at == n && (ctx2 == NULL || at2 == n)) break;
        if (ctx2 && at2 < n && (at == n || (fz_next(&seed2) & 1)))
            feed_one(a, ctx2, m, n, &at2, &seed2, maxchunk);
        else
            feed_one(a, ctx, m, n, &at, &seed, maxchunk);
        pieces++;
        if (pieces > 4 * n + 64) maxchunk = 0; /* bounded even with many empty pieces */
    }
    a->final(ctx, out, out_len);
    FZ_SAME(out, ref, out_len, a->name, "streamed result");
    if (ctx2) {
        /* an XOF's shorter output is a prefix of the longer one */
        short_len = xof ? (out_len ? fz_next(&seed2) % (out_len + 1) : 0) : out_len;
        out2 = (uint8_t *)malloc(short_len ? short_len : 1);
        if (!out2) abort();
        a->final(ctx2, out2, short_len);
        FZ_SAME(out2, ref, short_len, a->name, "result of the copied context");
        free(out2);
    }
done:
    free(ctx2);
    free(ctx);
    free(out);
    free(ref);
    free(big);
    return 0;
}
