/*
 * fuzz_mac.c -- MACs and keyed modes with arbitrary key lengths: keys the
 * entry accepts give the reference's tag, keys it refuses give HB_ERR_KEY
 * (and nothing else happens).  References:
 *   HMAC (generic hb_hmac_* API over every registry entry, and the
 *   registry's hmac_* entries): OpenSSL's HMAC where OpenSSL has the hash,
 *   and everywhere FIPS 198-1 written out here over the one-shot hb_hash;
 *   KMAC128/256 and KMACXOF: OpenSSL's KMAC (keys of 4..512 bytes, its
 *   range; hashbench takes any);
 *   keyed, salted, personalised BLAKE2b/BLAKE2s: OpenSSL's BLAKE2BMAC /
 *   BLAKE2SMAC;
 *   keyed BLAKE3 and Skein-MAC: no second implementation on this machine,
 *   so the key-length rule, streamed == one-shot, and Skein's empty key ==
 *   no key.
 * Tags are compared with hb_ct_equal as well as memcmp.
 *
 * Input: [case] [entry] [key_len:2] [key] [custom_len] [custom] [salt_len]
 * [salt] [pers_len] [pers] [out_len:2] [split:2] [opts] then the message.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include "fuzz.h"

#define HB_MAX_BLOCK 256 /* the HMAC mode's largest block (hmac.c) */

static const char *const KMACS[] = {"kmac128", "kmac256", "kmacxof128", "kmacxof256"};
static const char *const BLAKE2S[] = {"blake2b", "blake2b_256", "blake2b_384", "blake2s", "blake2s_128"};
static const char *const SKEINS[] = {"skein256_256", "skein512_224", "skein512_256",
                                     "skein512_384", "skein512_512", "skein1024_1024"};

/* OpenSSL's name of a registry hash, NULL when it has none */
static const char *ossl_digest(const char *hb)
{
    static const char *const MAP[][2] = {
        {"sha224", "SHA224"},     {"sha256", "SHA256"},         {"sha384", "SHA384"},
        {"sha512", "SHA512"},     {"sha512_224", "SHA512-224"}, {"sha512_256", "SHA512-256"},
        {"sha3_224", "SHA3-224"}, {"sha3_256", "SHA3-256"},     {"sha3_384", "SHA3-384"},
        {"sha3_512", "SHA3-512"},
    };
    size_t i;
    for (i = 0; i < sizeof MAP / sizeof MAP[0]; i++)
        if (strcmp(MAP[i][0], hb) == 0) return MAP[i][1];
    return NULL;
}

static EVP_MAC *mac_of(const char *name)
{
    static const char *names[8];
    static EVP_MAC *macs[8];
    size_t i;
    for (i = 0; i < 8 && names[i]; i++)
        if (strcmp(names[i], name) == 0) return macs[i];
    if (i == 8) abort();
    names[i] = name;
    macs[i] = EVP_MAC_fetch(NULL, name, NULL);
    if (!macs[i]) {
        fprintf(stderr, "OpenSSL has no %s\n", name);
        abort();
    }
    return macs[i];
}

/* OpenSSL's tag; 0 when it refuses the parameters */
static int ossl_mac(const char *mac, OSSL_PARAM *params, const uint8_t *key, size_t key_len,
                    const uint8_t *m, size_t n, uint8_t *out, size_t out_len)
{
    EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac_of(mac));
    size_t got = 0;
    int ok;
    if (!c) abort();
    ok = EVP_MAC_init(c, key, key_len, params) && EVP_MAC_update(c, m, n);
    if (ok && params && OSSL_PARAM_locate(params, OSSL_MAC_PARAM_XOF))
        ok = EVP_MAC_finalXOF(c, out, out_len);
    else if (ok)
        ok = EVP_MAC_final(c, out, &got, out_len) && got == out_len;
    EVP_MAC_CTX_free(c);
    return ok;
}

static void same_tag(const uint8_t *got, const uint8_t *ref, size_t n, const char *algo, const char *what)
{
    FZ_SAME(got, ref, n, algo, what);
    FZ_CHECK(hb_ct_equal(got, ref, n) == 1, algo, "hb_ct_equal says equal tags differ (%s)", what);
    if (n) {
        uint8_t *t = fz_dup(got, n);
        t[n / 2] ^= 0x80;
        FZ_CHECK(hb_ct_equal(t, ref, n) == 0, algo, "hb_ct_equal says different tags are equal");
        free(t);
    }
}

/* the reference's and the candidate's output: exactly n bytes each */
static void outputs(uint8_t **ref, uint8_t **out, size_t n)
{
    *ref = (uint8_t *)malloc(n ? n : 1);
    *out = (uint8_t *)malloc(n ? n : 1);
    if (!*ref || !*out) abort();
}

/* init, update in two pieces, final, on exact heap blocks; init's code */
static int streamed(const hb_algo *a, const hb_params *p, const uint8_t *m, size_t n, size_t split,
                    uint8_t *out, size_t out_len)
{
    void *ctx = malloc(a->ctx_size);
    uint8_t *piece;
    int rc;
    if (!ctx) abort();
    rc = a->init(ctx, p);
    if (rc == HB_OK) {
        piece = fz_dup(m, split);
        a->update(ctx, piece, split);
        free(piece);
        piece = fz_dup(m + split, n - split);
        a->update(ctx, piece, n - split);
        free(piece);
        a->final(ctx, out, out_len);
    }
    free(ctx);
    return rc;
}

/* HMAC as FIPS 198-1 writes it, over the one-shot hash */
static void hmac_ref(const hb_algo *h, const uint8_t *key, size_t key_len, const uint8_t *m, size_t n,
                     uint8_t *out)
{
    size_t bs = h->block_size, ds = h->digest_size, i;
    uint8_t k0[HB_MAX_BLOCK], inner[128];
    uint8_t *buf = (uint8_t *)malloc(bs + (n > ds ? n : ds));
    if (!buf) abort();
    memset(k0, 0, sizeof k0);
    if (key_len > bs)
        hb_hash(h, NULL, key, key_len, k0, ds);
    else if (key_len)
        memcpy(k0, key, key_len);
    for (i = 0; i < bs; i++) buf[i] = k0[i] ^ 0x36;
    if (n) memcpy(buf + bs, m, n);
    hb_hash(h, NULL, buf, bs + n, inner, ds);
    for (i = 0; i < bs; i++) buf[i] = k0[i] ^ 0x5c;
    memcpy(buf + bs, inner, ds);
    hb_hash(h, NULL, buf, bs + ds, out, ds);
    free(buf);
}

static void fuzz_hmac(const hb_algo *h, const uint8_t *key, size_t key_len, const uint8_t *m, size_t n,
                      size_t split, unsigned opts)
{
    int fixed = !(h->flags & (HB_XOF | HB_KEYED)) && h->digest_size > 0;
    size_t ds = h->digest_size, i;
    uint8_t ref[128], one[128], out[128];
    hb_hmac_ctx *c = (hb_hmac_ctx *)malloc(sizeof *c);
    const char *od = ossl_digest(h->name);
    char hname[64];
    const hb_algo *entry;
    int rc;
    if (!c) abort();
    FZ_CHECK(ds <= sizeof ref, h->name, "digest of %zu bytes", ds);

    rc = hb_hmac(h, key, key_len, m, n, one);
    if (!fixed) {
        /* XOFs and keyed hashes have no HMAC */
        FZ_CHECK(rc == HB_ERR_PARAM, h->name, "hb_hmac over it returned %d", rc);
        FZ_CHECK(hb_hmac_init(c, h, key, key_len) == HB_ERR_PARAM, h->name, "hb_hmac_init accepted it");
        free(c);
        return;
    }
    FZ_CHECK(rc == HB_OK, h->name, "hb_hmac returned %d", rc);
    if (opts & 1) {
        FZ_CHECK(hb_hmac(h, NULL, 0, m, n, out) == HB_ERR_KEY, h->name, "HMAC without a key accepted");
    }
    hmac_ref(h, key, key_len, m, n, ref);
    same_tag(one, ref, ds, h->name, "hb_hmac against FIPS 198-1");

    FZ_CHECK(hb_hmac_init(c, h, key, key_len) == HB_OK, h->name, "hb_hmac_init failed");
    {
        uint8_t *piece = fz_dup(m, split);
        hb_hmac_update(c, piece, split);
        free(piece);
        piece = fz_dup(m + split, n - split);
        hb_hmac_update(c, piece, n - split);
        free(piece);
    }
    hb_hmac_final(c, out);
    same_tag(out, ref, ds, h->name, "hb_hmac_init/update/final");
    free(c);

    if (od) {
        OSSL_PARAM prm[2];
        prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)od, 0);
        prm[1] = OSSL_PARAM_construct_end();
        FZ_CHECK(ossl_mac("HMAC", prm, key, key_len, m, n, out, ds), od, "OpenSSL HMAC failed");
        same_tag(ref, out, ds, h->name, "HMAC against OpenSSL");
    }

    /* the registry's own hmac_<hash> entry, where there is one */
    for (i = 0; h->name[i] && i < sizeof hname - 6; i++) hname[5 + i] = h->name[i];
    memcpy(hname, "hmac_", 5);
    hname[5 + i] = 0;
    entry = hb_find(hname);
    if (entry) {
        hb_params p = HB_PARAMS_INIT;
        p.key = key;
        p.key_len = key_len;
        FZ_CHECK(streamed(entry, &p, m, n, split, out, ds) == HB_OK, entry->name, "init failed");
        same_tag(out, ref, ds, entry->name, "registry entry against the reference");
        p.key = NULL;
        p.key_len = 0;
        FZ_CHECK(hb_hash(entry, &p, m, n, out, ds) == HB_ERR_KEY, entry->name, "no key accepted");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t EMPTY[1] = {0};
    fz_reader r = {data, size};
    unsigned which = fz_u8(&r) % 4, sel = fz_u8(&r), opts;
    size_t key_len = fz_u16(&r) & 0x3ff, custom_len, salt_len, pers_len, out_len, split, n;
    const uint8_t *key, *custom, *salt, *pers, *m;
    hb_params p = HB_PARAMS_INIT;
    const hb_algo *a;
    uint8_t *ref, *out;
    int rc;

    key = fz_bytes(&r, key_len, &key_len);
    custom = fz_bytes(&r, fz_u8(&r), &custom_len);
    salt = fz_bytes(&r, fz_u8(&r) & 0x1f, &salt_len);
    pers = fz_bytes(&r, fz_u8(&r) & 0x1f, &pers_len);
    out_len = fz_u16(&r) & 0x7ff;
    split = fz_u16(&r);
    opts = fz_u8(&r);
    m = r.p;
    n = r.n;
    if (split > n) split = n;
    if (!key_len) key = EMPTY; /* an empty key, not none */

    if (which == 0) {
        fuzz_hmac(hb_at(sel % hb_count()), key, key_len, m, n, split, opts);
        return 0;
    }

    ref = out = NULL;
    p.key = key;
    p.key_len = key_len;

    if (which == 1) { /* KMAC */
        int xof;
        size_t ol;
        a = hb_find(KMACS[sel % 4]);
        xof = (a->flags & HB_XOF) != 0;
        if (!xof) p.out_len = out_len;
        ol = xof ? out_len : (out_len ? out_len : a->digest_size);
        outputs(&ref, &out, ol);
        if (custom_len) {
            p.custom = custom;
            p.custom_len = custom_len;
        }
        rc = hb_hash(a, &p, m, n, ref, ol);
        FZ_CHECK(rc == HB_OK, a->name, "key of %zu bytes refused (%d)", key_len, rc);
        FZ_CHECK(streamed(a, &p, m, n, split, out, ol) == HB_OK, a->name, "init failed");
        FZ_SAME(out, ref, ol, a->name, "streamed result");
        if (ol) {
            OSSL_PARAM prm[4];
            size_t size = ol;
            int one = 1, k = 0;
            const char *mac = (sel % 2) ? "KMAC256" : "KMAC128";
            prm[k++] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size);
            prm[k++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, (void *)custom, custom_len);
            if (xof) prm[k++] = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_XOF, &one);
            prm[k] = OSSL_PARAM_construct_end();
            if (ossl_mac(mac, prm, key, key_len, m, n, out, ol))
                same_tag(ref, out, ol, a->name, "KMAC against OpenSSL");
            else
                FZ_CHECK(key_len < 4 || key_len > 512 || custom_len > 512, mac,
                         "OpenSSL refused key %zu, custom %zu, size %zu", key_len, custom_len, ol);
        }
        p.key = NULL;
        p.key_len = 0;
        FZ_CHECK(hb_hash(a, &p, m, n, ref, ol) == HB_ERR_KEY, a->name, "no key accepted");
    } else if (which == 2) { /* keyed, salted, personalised BLAKE2 */
        size_t ol;
        int big;
        a = hb_find(BLAKE2S[sel % 5]);
        big = a->max_key == 64;
        if (a->flags & HB_VAROUT) p.out_len = out_len % (a->max_key + 1u);
        ol = p.out_len ? p.out_len : a->digest_size;
        outputs(&ref, &out, ol);
        p.salt = salt;
        p.salt_len = salt_len;
        p.pers = pers;
        p.pers_len = pers_len;
        rc = hb_hash(a, &p, m, n, ref, ol);
        if (salt_len > a->max_key / 4u || pers_len > a->max_key / 4u) {
            FZ_CHECK(rc == HB_ERR_PARAM || (rc == HB_ERR_KEY && key_len > a->max_key), a->name,
                     "salt %zu / pers %zu bytes: %d", salt_len, pers_len, rc);
        } else if (key_len > a->max_key) {
            FZ_CHECK(rc == HB_ERR_KEY, a->name, "key of %zu bytes: %d", key_len, rc);
        } else {
            FZ_CHECK(rc == HB_OK, a->name, "key %zu, salt %zu, pers %zu refused (%d)", key_len,
                     salt_len, pers_len, rc);
            FZ_CHECK(streamed(a, &p, m, n, split, out, ol) == HB_OK, a->name, "init failed");
            FZ_SAME(out, ref, ol, a->name, "streamed result");
            if (key_len) {
                OSSL_PARAM prm[4];
                size_t size = ol;
                prm[0] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size);
                prm[1] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_SALT, (void *)salt, salt_len);
                prm[2] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, (void *)pers, pers_len);
                prm[3] = OSSL_PARAM_construct_end();
                FZ_CHECK(ossl_mac(big ? "BLAKE2BMAC" : "BLAKE2SMAC", prm, key, key_len, m, n, out, ol),
                         a->name, "OpenSSL refused key %zu, salt %zu, pers %zu, size %zu", key_len,
                         salt_len, pers_len, ol);
                same_tag(ref, out, ol, a->name, "keyed BLAKE2 against OpenSSL");
            }
        }
    } else { /* keyed BLAKE3 and Skein-MAC */
        int blake3 = sel & 1;
        size_t ol = out_len;
        a = hb_find(blake3 ? "blake3" : SKEINS[(sel >> 1) % 6]);
        if (!blake3) {
            p.out_len = out_len;
            ol = out_len ? out_len : a->digest_size;
        }
        outputs(&ref, &out, ol);
        rc = hb_hash(a, &p, m, n, ref, ol);
        if (blake3 && key_len != 32 && key_len != 0) {
            FZ_CHECK(rc == HB_ERR_KEY, a->name, "key of %zu bytes: %d", key_len, rc);
        } else {
            FZ_CHECK(rc == HB_OK, a->name, "key of %zu bytes refused (%d)", key_len, rc);
            FZ_CHECK(streamed(a, &p, m, n, split, out, ol) == HB_OK, a->name, "init failed");
            same_tag(out, ref, ol, a->name, "streamed result");
            if (key_len == 0) { /* an empty key is no key */
                p.key = NULL;
                FZ_CHECK(hb_hash(a, &p, m, n, out, ol) == HB_OK, a->name, "unkeyed refused");
                FZ_SAME(out, ref, ol, a->name, "empty key against no key");
            }
        }
    }
    free(out);
    free(ref);
    return 0;
}
