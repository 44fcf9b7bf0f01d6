/*
 * ct_dudect.c -- a timing test of hb_ct_equal in the manner of dudect
 * (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?", 2017):
 * time many calls on two classes of inputs picked at random, class 0 equal
 * tags (the whole tag must be read), class 1 a random second tag (an
 * early-exit compare stops at the first byte), and apply Welch's t-test to
 * the two sets of times, raw and cropped at several percentiles (the tail
 * of a timing distribution is mostly interrupts).  |t| above 4.5 says the
 * classes are told apart by time.  An early-exit compare is measured the
 * same way as a control, to show the test can tell.
 *
 *   ct-dudect [samples] [tag_len]        (defaults 1000000, 32)
 *
 * Exit status 1 when hb_ct_equal's |t| passes the threshold.  A benchmark,
 * not a test: a loaded machine makes the figure noisy.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hal_host.h"  /* targets/host/: the host timer (bench/hal.h is the firmware HAL) */
#include "hashbench.h"

#define THRESHOLD 4.5
#define NCROP 5

typedef int (*cmp_fn)(const uint8_t *, const uint8_t *, size_t);

static int early_exit_equal(const uint8_t *a, const uint8_t *b, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static uint64_t rng_state = 0x243f6a8885a308d3u;
static uint64_t rng(void) /* xorshift64: reproducible, and cheap to prepare inputs with */
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Welch's t over the samples at or below cut (cut 0: all) */
static double welch(const uint64_t *t, const uint8_t *cls, size_t n, uint64_t cut, size_t *used)
{
    double mean[2] = {0, 0}, m2[2] = {0, 0}, cnt[2] = {0, 0}, d, var0, var1;
    size_t i;
    *used = 0;
    for (i = 0; i < n; i++) {
        int c = cls[i];
        if (cut && t[i] > cut) continue;
        cnt[c] += 1;
        d = (double)t[i] - mean[c];
        mean[c] += d / cnt[c];
        m2[c] += d * ((double)t[i] - mean[c]);
        (*used)++;
    }
    if (cnt[0] < 2 || cnt[1] < 2) return 0;
    var0 = m2[0] / (cnt[0] - 1);
    var1 = m2[1] / (cnt[1] - 1);
    if (var0 + var1 == 0) return mean[0] == mean[1] ? 0 : INFINITY;
    return (mean[0] - mean[1]) / sqrt(var0 / cnt[0] + var1 / cnt[1]);
}

static double measure(const char *name, cmp_fn volatile f, size_t n, size_t len)
{
    static const double PCT[NCROP] = {0, 0.5, 0.75, 0.9, 0.99}; /* 0: no cropping */
    uint8_t *a = malloc(n * len), *b = malloc(n * len), *cls = malloc(n);
    uint64_t *t = malloc(n * sizeof *t), *sorted = malloc(n * sizeof *t);
    double worst = 0, tv;
    size_t i, j, used;
    volatile int sink = 0;
    if (!a || !b || !cls || !t || !sorted) { fprintf(stderr, "out of memory\n"); exit(2); }
    for (i = 0; i < n; i++) {
        cls[i] = (uint8_t)(rng() & 1);
        for (j = 0; j < len; j++) a[i * len + j] = (uint8_t)rng();
        for (j = 0; j < len; j++) b[i * len + j] = cls[i] ? (uint8_t)rng() : a[i * len + j];
    }
    for (i = 0; i < n; i++) {
        uint64_t t0 = hal_cycles();
        sink += f(a + i * len, b + i * len, len);
        t[i] = hal_cycles() - t0;
    }
    memcpy(sorted, t, n * sizeof *t);
    qsort(sorted, n, sizeof *t, cmp_u64);
    printf("%-18s len %zu  median %llu %s (class 0 and 1 mixed)\n", name, len,
           (unsigned long long)sorted[n / 2], hal_cycle_source());
    for (i = 0; i < NCROP; i++) {
        uint64_t cut = PCT[i] > 0 ? sorted[(size_t)(PCT[i] * (double)(n - 1))] : 0;
        tv = welch(t, cls, n, cut, &used);
        if (i)
            printf("    <= p%-7.0f %9zu samples  t = %8.2f\n", PCT[i] * 100, used, tv);
        else
            printf("    all        %9zu samples  t = %8.2f\n", used, tv);
        if (fabs(tv) > worst) worst = fabs(tv);
    }
    printf("    max |t| = %.2f: %s\n", worst,
           worst > THRESHOLD ? "the classes are told apart by time" : "no timing difference found");
    free(a); free(b); free(cls); free(t); free(sorted);
    (void)sink;
    return worst;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    size_t len = argc > 2 ? strtoul(argv[2], NULL, 10) : 32;
    double t_ct, t_ctl;
    if (n < 100 || len == 0) { fprintf(stderr, "usage: ct-dudect [samples>=100] [tag_len>0]\n"); return 2; }
    hal_setup();
    t_ct = measure("hb_ct_equal", hb_ct_equal, n, len);
    t_ctl = measure("early-exit control", early_exit_equal, n, len);
    printf("hb_ct_equal max |t| %.2f, control %.2f (threshold %.1f)\n", t_ct, t_ctl, THRESHOLD);
    return t_ct > THRESHOLD;
}
