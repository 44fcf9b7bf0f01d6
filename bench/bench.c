/*
 * bench.c -- the host measuring harness.  Times init+update+final of one
 * message per repetition with the HAL's cycle counter, after warm-up, and
 * prints one line per (algorithm, size) for the Python side to parse:
 *
 *   # hb-bench 0.1.0 source=rdtsc hz=2999873412 overhead=24
 *   algo=sha256 size=64 reps=2001 out=32 min=.. q1=.. median=.. q3=.. max=..
 *
 * Counts have the timer overhead (median of back-to-back reads) removed.
 * Usage: hb-bench -a NAME[,NAME] [-s SIZES] [-b K] [-g BYTES] [-t SECONDS] [-r REPS]
 *   -s  comma-separated message sizes in bytes
 *   -b  also measure 1..K whole blocks (for the HTime(N) fit); prints
 *       lines with kind=blocks
 *   -g  also measure whole blocks N = 1, 2, 4, ... up to the first N
 *       whose message reaches BYTES (kind=blocks): a fit over a span
 *       this long keeps a few thousand cycles of noise from swamping
 *       the per-block slope on a busy machine
 *   -t  target seconds per (algorithm, size) (default 0.05)
 *   -r  minimum repetitions (default 31)
 *   -l  list the registry and exit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "hal_host.h"  /* targets/host/: the host timer (bench/hal.h is the firmware HAL) */
#include "stats.h"

#define MAX_REPS 20001

static uint64_t overhead;
static uint64_t samples[MAX_REPS];

static void fill(uint8_t *m, size_t n)
{
    uint32_t x = 0x12345678u;
    size_t i;
    for (i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        m[i] = (uint8_t)x;
    }
}

static uint64_t once(const hb_algo *a, const hb_params *p, void *ctx, const uint8_t *m, size_t n,
                     uint8_t *out, size_t outlen)
{
    uint64_t t0, t1;
    t0 = hal_cycles();
    a->init(ctx, p);
    a->update(ctx, m, n);
    a->final(ctx, out, outlen);
    t1 = hal_cycles();
    return t1 - t0 > overhead ? t1 - t0 - overhead : 0;
}

static void measure(const hb_algo *a, const uint8_t *m, size_t n, const char *kind, double seconds,
                    unsigned min_reps)
{
    static uint8_t key[64];
    hb_params p = HB_PARAMS_INIT;
    uint8_t out[64];
    size_t outlen = a->digest_size ? a->digest_size : 32;
    void *ctx = calloc(1, a->ctx_size + 64);
    uint64_t est, budget;
    unsigned reps, i;
    hb_summary s;

    if (a->flags & HB_KEYED) {
        fill(key, sizeof key);
        p.key = key;
        p.key_len = a->max_key < 32 ? a->max_key : 32;
    }
    /* warm-up: caches, branch predictors, frequency ramp */
    est = once(a, &p, ctx, m, n, out, outlen);
    for (i = 0; i < 5; i++) est = once(a, &p, ctx, m, n, out, outlen);
    budget = (uint64_t)(seconds * hal_cycle_hz());
    reps = est ? (unsigned)(budget / (est + 1)) : MAX_REPS;
    if (reps < min_reps) reps = min_reps;
    if (reps > MAX_REPS) reps = MAX_REPS;
    for (i = 0; i < reps; i++) samples[i] = once(a, &p, ctx, m, n, out, outlen);
    s = hb_summarise(samples, reps);
    printf("algo=%s kind=%s size=%lu reps=%u out=%lu min=%llu q1=%llu median=%llu q3=%llu max=%llu\n",
           a->name, kind, (unsigned long)n, reps, (unsigned long)outlen, (unsigned long long)s.min,
           (unsigned long long)s.q1, (unsigned long long)s.median, (unsigned long long)s.q3,
           (unsigned long long)s.max);
    fflush(stdout);
    free(ctx);
}

static int parse_sizes(const char *s, size_t *v, size_t cap)
{
    size_t n = 0;
    while (*s && n < cap) {
        char *end;
        long long x = strtoll(s, &end, 10);
        if (end == s || x < 0 || x > (1LL << 30)) return -1;
        v[n++] = (size_t)x;
        s = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return -1;
    }
    return (int)n;
}

int main(int argc, char **argv)
{
    static const size_t defaults[] = {0, 1, 16, 30, 46, 64, 78, 128, 256, 576, 1024, 1536,
                                      4096, 16384, 65536, 1048576};
    size_t sizes[64], nsizes = sizeof defaults / sizeof defaults[0], maxsize = 0, i, j;
    const char *algos = NULL;
    unsigned blocks = 0, min_reps = 31;
    size_t geo_bytes = 0, n;
    double seconds = 0.05;
    uint8_t *msg;
    uint64_t ov[1001];
    char *list, *name;
    int k;

    memcpy(sizes, defaults, sizeof defaults);
    for (k = 1; k < argc; k++) {
        const char *o = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
        if (!strcmp(o, "-l")) {
            for (i = 0; i < hb_count(); i++) {
                const hb_algo *a = hb_at(i);
                printf("%s digest=%u block=%u ctx=%u flags=%u max_key=%u\n", a->name, a->digest_size,
                       a->block_size, a->ctx_size, a->flags, a->max_key);
            }
            return 0;
        }
        if (!v) { fprintf(stderr, "hb-bench: %s needs a value\n", o); return 2; }
        if (!strcmp(o, "-a")) algos = v;
        else if (!strcmp(o, "-s")) {
            int n = parse_sizes(v, sizes, 64);
            if (n < 0) { fprintf(stderr, "hb-bench: bad sizes '%s' (0..2^30, comma-separated)\n", v); return 2; }
            nsizes = (size_t)n;
        } else if (!strcmp(o, "-b")) blocks = (unsigned)atoi(v);
        else if (!strcmp(o, "-g")) {
            long long g = atoll(v);
            if (g < 0 || g > (1LL << 30)) { fprintf(stderr, "hb-bench: bad -g '%s' (0..2^30)\n", v); return 2; }
            geo_bytes = (size_t)g;
        }
        else if (!strcmp(o, "-t")) seconds = atof(v);
        else if (!strcmp(o, "-r")) min_reps = (unsigned)atoi(v);
        else { fprintf(stderr, "hb-bench: unknown option %s\n", o); return 2; }
        k++;
    }
    if (!algos) { fprintf(stderr, "usage: hb-bench -a NAME[,NAME] [-s SIZES] [-b K] [-g BYTES] [-t S] [-r N] | -l\n"); return 2; }
    if (min_reps < 1) min_reps = 1;
    if (min_reps > MAX_REPS) min_reps = MAX_REPS;

    list = (char *)malloc(strlen(algos) + 1);
    strcpy(list, algos);
    for (name = strtok(list, ","); name; name = strtok(NULL, ","))
        if (!hb_find(name)) { fprintf(stderr, "hb-bench: unknown algorithm '%s'\n", name); return 2; }

    for (i = 0; i < nsizes; i++) if (sizes[i] > maxsize) maxsize = sizes[i];
    /* the largest block of the registry is under 256 bytes; the geometric
       series ends below twice geo_bytes */
    maxsize += (size_t)blocks * 256 + 2 * geo_bytes + 256 + 1;
    msg = (uint8_t *)malloc(maxsize);
    fill(msg, maxsize);

    hal_setup();
    for (i = 0; i < 1001; i++) { uint64_t t0 = hal_cycles(); ov[i] = hal_cycles() - t0; }
    overhead = hb_summarise(ov, 1001).median;
    printf("# hb-bench %s source=%s hz=%.0f overhead=%llu\n", HB_VERSION, hal_cycle_source(),
           hal_cycle_hz(), (unsigned long long)overhead);

    strcpy(list, algos);
    for (name = strtok(list, ","); name; name = strtok(NULL, ",")) {
        const hb_algo *a = hb_find(name);
        for (i = 0; i < nsizes; i++) measure(a, msg, sizes[i], "size", seconds, min_reps);
        for (j = 1; j <= blocks; j++) measure(a, msg, j * a->block_size, "blocks", seconds, min_reps);
        if (geo_bytes && a->block_size)
            for (n = 1; ; n *= 2) {
                if (n > blocks) measure(a, msg, n * a->block_size, "blocks", seconds, min_reps);
                if (n * a->block_size >= geo_bytes) break;
            }
    }
    free(list);
    free(msg);
    return 0;
}
