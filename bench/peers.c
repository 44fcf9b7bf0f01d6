/* hb-peers: the host library beside OpenSSL's libcrypto, libsodium and the
 * Rust crates of tools/peers-rs, in C, one process, interleaved
 * (python/hashbench/peers.py reads the output).
 *
 *     hb-peers [-r RUNS] [-s SIZES] [-t MS] [-R LIBHB_PEERS_RS] [-W] [ALGO ...]
 *
 * -W gives every keyed peer a key one bit off ours: the digest check must
 * then refuse each pair (the check's own test, tests/python/test_peers_mac.py).
 *
 * A MAC is keyed with the same 32 bytes on both sides (ALGO may also be
 * blake2b_keyed or blake2s_keyed: our BLAKE2 with that key).  OpenSSL's
 * HMAC runs two ways: `openssl-per-message` takes the key on every message
 * (EVP_MAC_init with the key, as a one-shot HMAC() does), beside our
 * hb_hash with the key; `openssl-keyed` reuses one EVP_MAC_CTX that keeps
 * the key's precomputed inner and outer states (EVP_MAC_init without a
 * key: OpenSSL's fastest path, for many messages under one key), beside
 * ours copying a context keyed once (caller-owned contexts copy by value).
 *
 * For each algorithm with a peer library on this machine, each run and each
 * size: time ours, then the peer (the order swapped every run, so a drift
 * of the clock or of another job's load does not favour one side), each as
 * the best of eleven bursts of calls lasting about MS milliseconds together.
 * A line per pair: algo= peer= run= size= ours_ns= peer_ns= (per call).
 * Before timing, both sides hash every size and must give the same digest:
 * a pair that differs is reported on stderr, not timed, and makes the exit
 * status 3.
 *
 * The peers are loaded with dlopen: no headers or link-time dependency, and
 * a machine without one simply has no such lines (-R names the Rust
 * cdylib, which has no system location).  Both sides are one-shot
 * calls on the same buffer; ours is hb_hash through the registry, as a
 * user calls it. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hashbench.h"

typedef void *(*evp_fetch_fn)(void *, const char *, const char *);
typedef void *(*evp_ctx_new_fn)(void);
typedef int (*evp_init_fn)(void *, const void *, void *);
typedef int (*evp_update_fn)(void *, const void *, size_t);
typedef int (*evp_final_fn)(void *, unsigned char *, unsigned int *);
typedef int (*sodium_gh_fn)(unsigned char *, size_t, const unsigned char *, unsigned long long,
                            const unsigned char *, size_t);
typedef int (*sodium_auth_fn)(unsigned char *, const unsigned char *, unsigned long long,
                              const unsigned char *);
/* libb2's one-shot call: out, in, key, outlen, inlen, keylen */
typedef int (*b2_fn)(uint8_t *, const void *, const void *, size_t, size_t, size_t);
/* OSSL_PARAM of OpenSSL 3's public <openssl/core.h>, filled by its own
 * OSSL_PARAM_construct_* functions */
typedef struct {
    const char *key;
    unsigned int data_type;
    void *data;
    size_t data_size, return_size;
} ossl_param;
typedef ossl_param (*ossl_param_str_fn)(const char *, char *, size_t);
typedef ossl_param (*ossl_param_end_fn)(void);
typedef ossl_param (*ossl_param_int_fn)(const char *, int *);
typedef ossl_param (*ossl_param_size_fn)(const char *, size_t *);
typedef void *(*mac_fetch_fn)(void *, const char *, const char *);
typedef void *(*mac_ctx_new_fn)(void *);
typedef int (*mac_init_fn)(void *, const unsigned char *, size_t, const ossl_param *);
typedef int (*mac_update_fn)(void *, const unsigned char *, size_t);
typedef int (*mac_final_fn)(void *, unsigned char *, size_t *, size_t);
typedef long (*rs_find_fn)(const char *);
typedef size_t (*rs_hash_fn)(size_t, const uint8_t *, size_t, uint8_t *, size_t);
typedef const char *(*rs_str_fn)(size_t);

static evp_init_fn evp_init;
static evp_update_fn evp_update;
static evp_final_fn evp_final;
static void *evp_md, *evp_ctx;
static sodium_gh_fn sodium_gh;
static sodium_auth_fn sodium_hmac;
static b2_fn b2b, b2s, b2;
static mac_init_fn mac_init;
static mac_update_fn mac_update;
static mac_final_fn mac_final;
static void *mac_ctx;
/* the MAC key: ours, and the peers' (one bit off under -W) */
#define KEY_LEN 32
static uint8_t key[KEY_LEN], peer_key[KEY_LEN];
static hb_params keyed;
/* ours keyed once, copied per message (ctx_tmpl: ours->ctx_size bytes) */
static void *ctx_tmpl, *ctx_work;
static rs_hash_fn rs_hash;
static size_t rs_index;
static const hb_algo *ours;
static size_t out_len;
static int failed;

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void call_ours(const uint8_t *m, size_t n, uint8_t *out)
{
    hb_hash(ours, keyed.key ? &keyed : NULL, m, n, out, out_len);
}

static void call_ours_keyed(const uint8_t *m, size_t n, uint8_t *out)
{
    memcpy(ctx_work, ctx_tmpl, ours->ctx_size);
    ours->update(ctx_work, m, n);
    ours->final(ctx_work, out, out_len);
}

/* the key on every message */
static void call_openssl_mac(const uint8_t *m, size_t n, uint8_t *out)
{
    size_t len = 0;
    mac_init(mac_ctx, peer_key, KEY_LEN, NULL);
    mac_update(mac_ctx, m, n);
    mac_final(mac_ctx, out, &len, out_len);
}

/* the context keeps the key's states from the last init with a key */
static void call_openssl_mac_kept(const uint8_t *m, size_t n, uint8_t *out)
{
    size_t len = 0;
    mac_init(mac_ctx, NULL, 0, NULL);
    mac_update(mac_ctx, m, n);
    mac_final(mac_ctx, out, &len, out_len);
}

static void call_sodium_hmac(const uint8_t *m, size_t n, uint8_t *out)
{
    sodium_hmac(out, m, n, peer_key);
}

static void call_sodium_keyed(const uint8_t *m, size_t n, uint8_t *out)
{
    sodium_gh(out, out_len, m, n, peer_key, KEY_LEN);
}

static void call_b2(const uint8_t *m, size_t n, uint8_t *out)
{
    b2(out, m, keyed.key ? peer_key : NULL, out_len, n, keyed.key ? KEY_LEN : 0);
}

static void call_openssl(const uint8_t *m, size_t n, uint8_t *out)
{
    unsigned int len = 0;
    evp_init(evp_ctx, evp_md, NULL);
    evp_update(evp_ctx, m, n);
    evp_final(evp_ctx, out, &len);
}

static void call_sodium(const uint8_t *m, size_t n, uint8_t *out)
{
    sodium_gh(out, out_len, m, n, NULL, 0);
}

static void call_rust(const uint8_t *m, size_t n, uint8_t *out)
{
    rs_hash(rs_index, m, n, out, out_len);
}

typedef void call_fn(const uint8_t *, size_t, uint8_t *);

#define BURSTS 11
/* ns per call: best of BURSTS bursts of `reps` calls (the machine is
 * shared: the fastest burst is the one least disturbed) */
static double time_calls(call_fn *f, const uint8_t *m, size_t n, long reps)
{
    uint8_t out[128];
    double best = 1e30;
    int b;
    long i;
    for (b = 0; b < BURSTS; b++) {
        double t = now_ns();
        for (i = 0; i < reps; i++)
            f(m, n, out);
        t = (now_ns() - t) / reps;
        if (t < best)
            best = t;
    }
    return best;
}

/* calls per burst so that the bursts take about ms milliseconds */
static long calibrate(call_fn *f, const uint8_t *m, size_t n, double ms)
{
    double t = time_calls(f, m, n, 1);
    long reps = (long)(ms * 1e6 / BURSTS / (t > 1 ? t : 1));
    return reps < 1 ? 1 : reps;
}

static void compare(const char *algo, const char *peer, call_fn *mine, call_fn *f, const uint8_t *m,
                    const size_t *sizes, int nsizes, int runs, double ms)
{
    int r, s;
    uint8_t a[128], b[128];
    for (s = 0; s < nsizes; s++) {
        /* the same digest, or the comparison is of different work */
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        mine(m, sizes[s], a);
        f(m, sizes[s], b);
        if (memcmp(a, b, out_len) != 0) {
            fprintf(stderr, "hb-peers: %s and %s differ at %zu bytes: not timed\n", algo, peer, sizes[s]);
            failed = 1;
            return;
        }
    }
    for (r = 0; r < runs; r++)
        for (s = 0; s < nsizes; s++) {
            size_t n = sizes[s];
            long reps = calibrate(mine, m, n, ms);
            double to, tp;
            if (r & 1) {
                tp = time_calls(f, m, n, reps);
                to = time_calls(mine, m, n, reps);
            } else {
                to = time_calls(mine, m, n, reps);
                tp = time_calls(f, m, n, reps);
            }
            printf("algo=%s peer=%s run=%d size=%zu ours_ns=%.1f peer_ns=%.1f\n", algo, peer, r, n, to, tp);
            fflush(stdout);
        }
}

/* hashbench name, OpenSSL name, digest bytes */
static const struct ossl_algo { const char *name, *ossl; size_t out; } ALGOS[] = {
    {"sha256", "SHA256", 32},     {"sha512", "SHA512", 64},         {"sha3_256", "SHA3-256", 32},
    {"sha3_512", "SHA3-512", 64}, {"blake2b", "BLAKE2B-512", 64}, {"blake2s", "BLAKE2S-256", 32},
    {"sha384", "SHA384", 48},     {"sha512_224", "SHA512-224", 28}, {"sha512_256", "SHA512-256", 32},
    {"sha224", "SHA224", 28},     {"sha3_224", "SHA3-224", 28},     {"sha3_384", "SHA3-384", 48},
    /* EVP_DigestFinal_ex gives a SHAKE's default length: 16 and 32 bytes */
    {"shake_128", "SHAKE128", 16}, {"shake_256", "SHAKE256", 32}};

#define NALGOS (sizeof ALGOS / sizeof ALGOS[0])

/* the MACs: hashbench name, our algorithm, OpenSSL's HMAC digest (NULL:
 * no OpenSSL HMAC peer), libsodium's name (NULL: none), OpenSSL's KMAC
 * (NULL: none) and whether it runs as an XOF (32 bytes of output) */
static const struct { const char *name, *algo, *hmac, *sodium, *kmac; int xof; } MACS[] = {
    {"hmac_sha256", "hmac_sha256", "SHA256", "crypto_auth_hmacsha256", NULL, 0},
    {"hmac_sha224", "hmac_sha224", "SHA224", NULL, NULL, 0},
    {"hmac_sha384", "hmac_sha384", "SHA384", NULL, NULL, 0},
    {"hmac_sha3_256", "hmac_sha3_256", "SHA3-256", NULL, NULL, 0},
    {"hmac_sha3_512", "hmac_sha3_512", "SHA3-512", NULL, NULL, 0},
    {"hmac_sha512", "hmac_sha512", "SHA512", "crypto_auth_hmacsha512", NULL, 0},
    {"kmac128", "kmac128", NULL, NULL, "KMAC128", 0},
    {"kmac256", "kmac256", NULL, NULL, "KMAC256", 0},
    {"kmacxof128", "kmacxof128", NULL, NULL, "KMAC128", 1},
    {"kmacxof256", "kmacxof256", NULL, NULL, "KMAC256", 1},
    {"blake2b_keyed", "blake2b", NULL, "crypto_generichash", NULL, 0},
    {"blake2s_keyed", "blake2s", NULL, NULL, NULL, 0}};

#define NMACS (sizeof MACS / sizeof MACS[0])

/* the ALGOS entry of `name`, NULL if OpenSSL is not its peer */
static const struct ossl_algo *ossl_algo(const char *name)
{
    size_t k;
    for (k = 0; k < NALGOS; k++)
        if (strcmp(ALGOS[k].name, name) == 0)
            return &ALGOS[k];
    return NULL;
}

static evp_fetch_fn evp_fetch;
static void *crypto, *sodium, *libb2;
static mac_fetch_fn mac_fetch;
static mac_ctx_new_fn mac_ctx_new;
static ossl_param_str_fn param_str;
static ossl_param_end_fn param_end;
static ossl_param_int_fn param_int;
static ossl_param_size_fn param_size;
static void *rs_lib;
static rs_find_fn rs_find;
static rs_str_fn rs_name, rs_crate;

/* MACS[j], keyed with `key`, beside every peer of it this machine has */
static void bench_mac(size_t j, const uint8_t *m, const size_t *sizes, int nsizes, int runs, double ms)
{
    const char *name = MACS[j].name;
    void *mac;
    if (!(ours = hb_find(MACS[j].algo))) {
        fprintf(stderr, "hb-peers: no algorithm %s\n", MACS[j].algo);
        failed = 1;
        return;
    }
    out_len = ours->digest_size ? ours->digest_size : 32;
    keyed.key = key;
    keyed.key_len = KEY_LEN;
    ctx_tmpl = malloc(ours->ctx_size);
    ctx_work = malloc(ours->ctx_size);
    if (!ctx_tmpl || !ctx_work || ours->init(ctx_tmpl, &keyed) != HB_OK) {
        fprintf(stderr, "hb-peers: %s: cannot key our context\n", name);
        failed = 1;
    } else {
        if (MACS[j].hmac && mac_fetch && mac_ctx_new && param_str && param_end &&
            (mac = mac_fetch(NULL, "HMAC", NULL)) != NULL && (mac_ctx = mac_ctx_new(mac)) != NULL) {
            ossl_param params[2];
            params[0] = param_str("digest", (char *)MACS[j].hmac, 0);
            params[1] = param_end();
            /* the digest stays set for the later inits, which pass none */
            if (mac_init(mac_ctx, peer_key, KEY_LEN, params)) {
                compare(name, "openssl-per-message", call_ours, call_openssl_mac, m, sizes, nsizes, runs, ms);
                compare(name, "openssl-keyed", call_ours_keyed, call_openssl_mac_kept, m, sizes, nsizes, runs, ms);
            }
        }
        if (MACS[j].kmac && mac_fetch && mac_ctx_new && param_int && param_size && param_end &&
            (mac = mac_fetch(NULL, MACS[j].kmac, NULL)) != NULL && (mac_ctx = mac_ctx_new(mac)) != NULL) {
            /* the default output (32 or 64 bytes) is ours; an XOF gives
             * out_len bytes.  The key on every message on both sides */
            ossl_param params[3];
            int xof = MACS[j].xof;
            size_t size = out_len;
            params[0] = param_int("xof", &xof);
            params[1] = param_size("size", &size);
            params[2] = param_end();
            if (mac_init(mac_ctx, peer_key, KEY_LEN, params))
                compare(name, "openssl-per-message", call_ours, call_openssl_mac, m, sizes, nsizes, runs, ms);
        }
        if (sodium && MACS[j].sodium && strcmp(MACS[j].sodium, "crypto_generichash") == 0 && sodium_gh)
            compare(name, "libsodium", call_ours, call_sodium_keyed, m, sizes, nsizes, runs, ms);
        else if (sodium && MACS[j].sodium &&
                 (sodium_hmac = (sodium_auth_fn)(size_t)dlsym(sodium, MACS[j].sodium)) != NULL)
            compare(name, "libsodium", call_ours, call_sodium_hmac, m, sizes, nsizes, runs, ms);
        if ((b2 = strcmp(MACS[j].algo, "blake2b") == 0 ? b2b : strcmp(MACS[j].algo, "blake2s") == 0 ? b2s : NULL) != NULL)
            compare(name, "libb2", call_ours, call_b2, m, sizes, nsizes, runs, ms);
    }
    free(ctx_tmpl);
    free(ctx_work);
    ctx_tmpl = ctx_work = NULL;
    keyed.key = NULL;
    keyed.key_len = 0;
}

/* ours beside every peer this machine has for `name` (asked: a name
 * the user gave, which must exist; else one from a peer's list, which may
 * hold variants hashbench does not have) */
static void bench_algo(const char *name, int asked, const uint8_t *m, const size_t *sizes, int nsizes,
                       int runs, double ms)
{
    const struct ossl_algo *ossl = ossl_algo(name);
    long k;
    size_t j;
    for (j = 0; j < NMACS; j++)
        if (strcmp(MACS[j].name, name) == 0) {
            bench_mac(j, m, sizes, nsizes, runs, ms);
            return;
        }
    if (!(ours = hb_find(name))) {
        if (asked) {
            fprintf(stderr, "hb-peers: no algorithm %s\n", name);
            failed = 1;
        }
        return;
    }
    /* an XOF: the same length on both sides, what EVP_DigestFinal_ex
     * gives where OpenSSL is the peer, else 32 bytes */
    out_len = ours->digest_size ? ours->digest_size : ossl ? ossl->out : 32;
    if (ossl && evp_ctx && evp_fetch && (evp_md = evp_fetch(NULL, ossl->ossl, NULL)) != NULL)
        compare(name, "openssl", call_ours, call_openssl, m, sizes, nsizes, runs, ms);
    if (sodium_gh && strcmp(name, "blake2b") == 0)
        compare(name, "libsodium", call_ours, call_sodium, m, sizes, nsizes, runs, ms);
    if ((b2 = strcmp(name, "blake2b") == 0 ? b2b : strcmp(name, "blake2s") == 0 ? b2s : NULL) != NULL)
        compare(name, "libb2", call_ours, call_b2, m, sizes, nsizes, runs, ms);
    if (rs_lib && (k = rs_find(name)) >= 0) {
        char label[64];
        rs_index = (size_t)k;
        snprintf(label, sizeof label, "rust:%s", rs_crate(rs_index));
        compare(name, label, call_ours, call_rust, m, sizes, nsizes, runs, ms);
    }
}

int main(int argc, char **argv)
{
    size_t sizes[16] = {64, 1024, 1048576};
    int nsizes = 3, runs = 3, i, a, wrong_key = 0;
    double ms = 20;
    uint8_t *m;
    crypto = dlopen("libcrypto.so.3", RTLD_NOW);
    sodium = dlopen("libsodium.so.23", RTLD_NOW);
    libb2 = dlopen("libb2.so.1", RTLD_NOW);
    for (i = 1; i < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-W") == 0) {
            wrong_key = 1;
            i--;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "hb-peers: %s needs a value\n", argv[i]);
            return 2;
        }
        if (strcmp(argv[i], "-r") == 0) {
            runs = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "-t") == 0) {
            ms = atof(argv[i + 1]);
        } else if (strcmp(argv[i], "-R") == 0) {
            if (!(rs_lib = dlopen(argv[i + 1], RTLD_NOW))) {
                fprintf(stderr, "hb-peers: -R: %s\n", dlerror());
                return 2;
            }
        } else if (strcmp(argv[i], "-s") == 0) {
            char *p = argv[i + 1];
            for (nsizes = 0; *p && nsizes < 16; nsizes++) {
                sizes[nsizes] = strtoul(p, &p, 10);
                if (*p == ',') p++;
            }
        } else {
            fprintf(stderr, "hb-peers: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    m = malloc((size_t)1 << 20);
    for (a = 0; a < nsizes; a++)
        if (sizes[a] > (size_t)1 << 20) {
            fprintf(stderr, "hb-peers: sizes up to 1048576\n");
            return 2;
        }
    if (!m)
        return 1;
    for (a = 0; a < 1 << 20; a++)
        m[a] = (uint8_t)(a * 131 + 7);
    for (a = 0; a < KEY_LEN; a++)
        key[a] = peer_key[a] = (uint8_t)(a * 29 + 101);
    if (wrong_key)
        peer_key[KEY_LEN - 1] ^= 1;
    if (crypto) {
        /* an explicitly fetched MD and one reused context: OpenSSL 3's
         * fastest path (EVP_Digest looks the algorithm up on every call) */
        evp_ctx_new_fn ctx_new = (evp_ctx_new_fn)(size_t)dlsym(crypto, "EVP_MD_CTX_new");
        evp_fetch = (evp_fetch_fn)(size_t)dlsym(crypto, "EVP_MD_fetch");
        evp_init = (evp_init_fn)(size_t)dlsym(crypto, "EVP_DigestInit_ex");
        evp_update = (evp_update_fn)(size_t)dlsym(crypto, "EVP_DigestUpdate");
        evp_final = (evp_final_fn)(size_t)dlsym(crypto, "EVP_DigestFinal_ex");
        evp_ctx = ctx_new && evp_init && evp_update && evp_final ? ctx_new() : NULL;
        mac_fetch = (mac_fetch_fn)(size_t)dlsym(crypto, "EVP_MAC_fetch");
        mac_ctx_new = (mac_ctx_new_fn)(size_t)dlsym(crypto, "EVP_MAC_CTX_new");
        mac_init = (mac_init_fn)(size_t)dlsym(crypto, "EVP_MAC_init");
        mac_update = (mac_update_fn)(size_t)dlsym(crypto, "EVP_MAC_update");
        mac_final = (mac_final_fn)(size_t)dlsym(crypto, "EVP_MAC_final");
        param_str = (ossl_param_str_fn)(size_t)dlsym(crypto, "OSSL_PARAM_construct_utf8_string");
        param_end = (ossl_param_end_fn)(size_t)dlsym(crypto, "OSSL_PARAM_construct_end");
        param_int = (ossl_param_int_fn)(size_t)dlsym(crypto, "OSSL_PARAM_construct_int");
        param_size = (ossl_param_size_fn)(size_t)dlsym(crypto, "OSSL_PARAM_construct_size_t");
        if (!mac_init || !mac_update || !mac_final)
            mac_fetch = NULL;
    }
    if (libb2) {
        b2b = (b2_fn)(size_t)dlsym(libb2, "blake2b");
        b2s = (b2_fn)(size_t)dlsym(libb2, "blake2s");
    }
    if (rs_lib) {
        rs_find = (rs_find_fn)(size_t)dlsym(rs_lib, "hb_rs_find");
        rs_hash = (rs_hash_fn)(size_t)dlsym(rs_lib, "hb_rs_hash");
        rs_name = (rs_str_fn)(size_t)dlsym(rs_lib, "hb_rs_name");
        rs_crate = (rs_str_fn)(size_t)dlsym(rs_lib, "hb_rs_crate");
        if (!rs_find || !rs_hash || !rs_name || !rs_crate) {
            fprintf(stderr, "hb-peers: -R: not a hb-peers-rs library (no hb_rs_* functions)\n");
            return 2;
        }
    }
    if (sodium) {
        int (*init)(void) = (int (*)(void))(size_t)dlsym(sodium, "sodium_init");
        sodium_gh = (sodium_gh_fn)(size_t)dlsym(sodium, "crypto_generichash");
        if (!init || init() < 0)
            sodium = NULL;
        if (!sodium)
            sodium_gh = NULL;
    }
    for (a = 0; a < (int)NALGOS; a++)
        if (i >= argc)
            bench_algo(ALGOS[a].name, 0, m, sizes, nsizes, runs, ms);
    for (a = 0; a < (int)NMACS; a++)
        if (i >= argc)
            bench_algo(MACS[a].name, 0, m, sizes, nsizes, runs, ms);
    for (a = 0; rs_lib && i >= argc && rs_name(a); a++)
        if (!ossl_algo(rs_name(a)))
            bench_algo(rs_name(a), 0, m, sizes, nsizes, runs, ms);
    for (a = i; a < argc; a++)
        bench_algo(argv[a], 1, m, sizes, nsizes, runs, ms);
    free(m);
    return failed ? 3 : 0;
}
