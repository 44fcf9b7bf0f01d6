/* hb-peers: the host library beside OpenSSL's libcrypto, libsodium and the
 * Rust crates of tools/peers-rs, in C, one process, interleaved
 * (python/hashbench/peers.py reads the output).
 *
 *     hb-peers [-r RUNS] [-s SIZES] [-t MS] [-R LIBHB_PEERS_RS] [ALGO ...]
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
typedef long (*rs_find_fn)(const char *);
typedef size_t (*rs_hash_fn)(size_t, const uint8_t *, size_t, uint8_t *, size_t);
typedef const char *(*rs_str_fn)(size_t);

static evp_init_fn evp_init;
static evp_update_fn evp_update;
static evp_final_fn evp_final;
static void *evp_md, *evp_ctx;
static sodium_gh_fn sodium_gh;
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
    hb_hash(ours, NULL, m, n, out, out_len);
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

static void compare(const char *algo, const char *peer, call_fn *f, const uint8_t *m,
                    const size_t *sizes, int nsizes, int runs, double ms)
{
    int r, s;
    uint8_t a[128], b[128];
    for (s = 0; s < nsizes; s++) {
        /* the same digest, or the comparison is of different work */
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        call_ours(m, sizes[s], a);
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
            long reps = calibrate(call_ours, m, n, ms);
            double to, tp;
            if (r & 1) {
                tp = time_calls(f, m, n, reps);
                to = time_calls(call_ours, m, n, reps);
            } else {
                to = time_calls(call_ours, m, n, reps);
                tp = time_calls(f, m, n, reps);
            }
            printf("algo=%s peer=%s run=%d size=%zu ours_ns=%.1f peer_ns=%.1f\n", algo, peer, r, n, to, tp);
            fflush(stdout);
        }
}

/* hashbench name, OpenSSL name, digest bytes */
static const struct { const char *name, *ossl; size_t out; } ALGOS[] = {
    {"sha256", "SHA256", 32},     {"sha512", "SHA512", 64},         {"sha3_256", "SHA3-256", 32},
    {"sha3_512", "SHA3-512", 64}, {"blake2b", "BLAKE2B-512", 64}, {"blake2s", "BLAKE2S-256", 32},
    {"sha384", "SHA384", 48},     {"sha512_224", "SHA512-224", 28}, {"sha512_256", "SHA512-256", 32}};

#define NALGOS (sizeof ALGOS / sizeof ALGOS[0])

static const char *ossl_name(const char *name)
{
    size_t k;
    for (k = 0; k < NALGOS; k++)
        if (strcmp(ALGOS[k].name, name) == 0)
            return ALGOS[k].ossl;
    return NULL;
}

static evp_fetch_fn evp_fetch;
static void *rs_lib;
static rs_find_fn rs_find;
static rs_str_fn rs_name, rs_crate;

/* ours beside every peer this machine has for `name` (asked: a name
 * the user gave, which must exist; else one from a peer's list, which may
 * hold variants hashbench does not have) */
static void bench_algo(const char *name, int asked, const uint8_t *m, const size_t *sizes, int nsizes,
                       int runs, double ms)
{
    const char *ossl = ossl_name(name);
    long k;
    if (!(ours = hb_find(name))) {
        if (asked) {
            fprintf(stderr, "hb-peers: no algorithm %s\n", name);
            failed = 1;
        }
        return;
    }
    /* an XOF: 32 bytes of output, on both sides */
    out_len = ours->digest_size ? ours->digest_size : 32;
    if (ossl && evp_ctx && evp_fetch && (evp_md = evp_fetch(NULL, ossl, NULL)) != NULL)
        compare(name, "openssl", call_openssl, m, sizes, nsizes, runs, ms);
    if (sodium_gh && strcmp(name, "blake2b") == 0)
        compare(name, "libsodium", call_sodium, m, sizes, nsizes, runs, ms);
    if (rs_lib && (k = rs_find(name)) >= 0) {
        char label[64];
        rs_index = (size_t)k;
        snprintf(label, sizeof label, "rust:%s", rs_crate(rs_index));
        compare(name, label, call_rust, m, sizes, nsizes, runs, ms);
    }
}

int main(int argc, char **argv)
{
    size_t sizes[16] = {64, 1024, 1048576};
    int nsizes = 3, runs = 3, i, a;
    double ms = 20;
    void *crypto = dlopen("libcrypto.so.3", RTLD_NOW), *sodium = dlopen("libsodium.so.23", RTLD_NOW);
    uint8_t *m;
    for (i = 1; i < argc && argv[i][0] == '-'; i += 2) {
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
    if (crypto) {
        /* an explicitly fetched MD and one reused context: OpenSSL 3's
         * fastest path (EVP_Digest looks the algorithm up on every call) */
        evp_ctx_new_fn ctx_new = (evp_ctx_new_fn)(size_t)dlsym(crypto, "EVP_MD_CTX_new");
        evp_fetch = (evp_fetch_fn)(size_t)dlsym(crypto, "EVP_MD_fetch");
        evp_init = (evp_init_fn)(size_t)dlsym(crypto, "EVP_DigestInit_ex");
        evp_update = (evp_update_fn)(size_t)dlsym(crypto, "EVP_DigestUpdate");
        evp_final = (evp_final_fn)(size_t)dlsym(crypto, "EVP_DigestFinal_ex");
        evp_ctx = ctx_new && evp_init && evp_update && evp_final ? ctx_new() : NULL;
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
            sodium_gh = NULL;
    }
    for (a = 0; a < (int)NALGOS; a++)
        if (i >= argc)
            bench_algo(ALGOS[a].name, 0, m, sizes, nsizes, runs, ms);
    for (a = 0; rs_lib && i >= argc && rs_name(a); a++)
        if (!ossl_name(rs_name(a)))
            bench_algo(rs_name(a), 0, m, sizes, nsizes, runs, ms);
    for (a = i; a < argc; a++)
        bench_algo(argv[a], 1, m, sizes, nsizes, runs, ms);
    free(m);
    return failed ? 3 : 0;
}
