/*
 * peer_host.c -- side by side on the host: hashbench's portable C against a
 * peer library's portable C (sphlib 3.0), both linked into this one program
 * so that they run on the same core, with the same message buffers, timer
 * and warm-up.  The peer's sources are not part of hashbench: the person
 * running python/hashbench/peer_c.py names the directory they fetched, and
 * this file is compiled with -DHB_PEER_SPHLIB -I<that directory>.
 *
 * For every algorithm named on the command line it first compares the
 * peer's digest with ours at a set of lengths (a peer that computes
 * something else is not measured), then for each run and each size it
 * times ours and the peer alternately, BATCHES batches each, and prints the
 * fastest batch's cycles per message of both (on a machine shared with
 * other jobs the fastest batch is the one least disturbed; the median let
 * one slow stretch at 1 MiB turn a ratio by 10x):
 *
 *   check algo=sha256 peer=sph_sha256 ok=1
 *   time algo=sha256 size=64 run=0 ours=812.0 peer=655.0
 *
 * Usage: hb-peer-host [-r RUNS] [-s SIZES] NAME...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "hal_host.h"

#ifdef HB_PEER_SPHLIB
#include "sph_blake.h"
#include "sph_bmw.h"
#include "sph_cubehash.h"
#include "sph_echo.h"
#include "sph_fugue.h"
#include "sph_groestl.h"
#include "sph_hamsi.h"
#include "sph_jh.h"
#include "sph_keccak.h"
#include "sph_luffa.h"
#include "sph_sha2.h"
#include "sph_shabal.h"
#include "sph_shavite.h"
#include "sph_simd.h"
#include "sph_skein.h"
#endif

typedef struct peer {
    const char *ours;                 /* registry name */
    const char *label;
    size_t ctx_size;
    void (*init)(void *cc);
    void (*update)(void *cc, const void *data, size_t len);
    void (*close)(void *cc, void *dst);
} peer;

#ifdef HB_PEER_SPHLIB
/* sphlib's Skein is Skein-512 with an n-bit output, and its SHAvite-3 is
 * spelled without the 3; every other family uses our name without '_'. */
#define SPH(ours, s) { #ours, "sph_" #s, sizeof(sph_##s##_context), sph_##s##_init, sph_##s, sph_##s##_close }
#define SPH4(fam, s) SPH(fam##_224, s##224), SPH(fam##_256, s##256), SPH(fam##_384, s##384), SPH(fam##_512, s##512)
static const peer peers[] = {
    SPH(sha224, sha224), SPH(sha256, sha256), SPH(sha384, sha384), SPH(sha512, sha512),
    SPH4(blake, blake), SPH4(bmw, bmw), SPH4(cubehash, cubehash), SPH4(echo, echo),
    SPH4(fugue, fugue), SPH4(groestl, groestl), SPH4(hamsi, hamsi), SPH4(jh, jh),
    SPH4(keccak, keccak), SPH4(luffa, luffa), SPH4(shabal, shabal), SPH4(shavite3, shavite),
    SPH4(simd, simd), SPH4(skein512, skein),
};
#else
#error "no peer selected (compile with -DHB_PEER_SPHLIB)"
#endif

#define BATCHES 15
#define CHECK_MAX 4096

static uint8_t *msg;
static uint64_t tbuf[BATCHES];

static void fill(uint8_t *m, size_t n)
{
    uint32_t x = 0x9e3779b9u;
    size_t i;
    for (i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        m[i] = (uint8_t)x;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void hash_ours(const hb_algo *a, void *ctx, size_t n, uint8_t *out)
{
    a->init(ctx, NULL);
    a->update(ctx, msg, n);
    a->final(ctx, out, a->digest_size);
}

static void hash_peer(const peer *p, void *ctx, size_t n, uint8_t *out)
{
    p->init(ctx);
    p->update(ctx, msg, n);
    p->close(ctx, out);
}

static int check(const hb_algo *a, const peer *p, void *c1, void *c2)
{
    static const size_t lens[] = { 0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 200, 1000,
                                   1024, 1537, CHECK_MAX };
    uint8_t o1[64], o2[64];
    size_t i;
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        hash_ours(a, c1, lens[i], o1);
        hash_peer(p, c2, lens[i], o2);
        if (memcmp(o1, o2, a->digest_size) != 0)
            return 0;
    }
    return 1;
}

/* The fastest of BATCHES batches of `reps` messages, in timer counts per
 * message; ours and the peer alternate batch by batch. */
static void timed(const hb_algo *a, const peer *p, void *c1, void *c2, size_t n, unsigned reps,
                  double *ours, double *theirs)
{
    static uint64_t pb[BATCHES];
    uint8_t out[64];
    unsigned b, r;
    for (b = 0; b < BATCHES; b++) {
        uint64_t t0 = hal_cycles();
        for (r = 0; r < reps; r++)
            hash_ours(a, c1, n, out);
        tbuf[b] = hal_cycles() - t0;
        t0 = hal_cycles();
        for (r = 0; r < reps; r++)
            hash_peer(p, c2, n, out);
        pb[b] = hal_cycles() - t0;
    }
    qsort(tbuf, BATCHES, sizeof tbuf[0], cmp_u64);
    qsort(pb, BATCHES, sizeof pb[0], cmp_u64);
    *ours = (double)tbuf[0] / reps;
    *theirs = (double)pb[0] / reps;
}

int main(int argc, char **argv)
{
    size_t sizes[16] = { 64, 1024, 1u << 20 }, nsizes = 3, maxsize = 0, i, k;
    int runs = 3, argi = 1;
    while (argi < argc && argv[argi][0] == '-') {
        if (strcmp(argv[argi], "-r") == 0 && argi + 1 < argc) {
            runs = atoi(argv[argi + 1]);
            argi += 2;
        } else if (strcmp(argv[argi], "-s") == 0 && argi + 1 < argc) {
            char *s = argv[argi + 1], *end;
            nsizes = 0;
            while (*s && nsizes < 16) {
                sizes[nsizes++] = (size_t)strtoul(s, &end, 10);
                s = *end ? end + 1 : end;
            }
            argi += 2;
        } else {
            fprintf(stderr, "usage: %s [-r RUNS] [-s SIZES] NAME...\n", argv[0]);
            return 2;
        }
    }
    for (i = 0; i < nsizes; i++)
        if (sizes[i] > maxsize)
            maxsize = sizes[i];
    msg = malloc(maxsize > CHECK_MAX ? maxsize : CHECK_MAX);
    if (!msg)
        return 1;
    fill(msg, maxsize > CHECK_MAX ? maxsize : CHECK_MAX);
    hal_setup();
    printf("# hb-peer-host source=%s hz=%.0f batches=%d\n", hal_cycle_source(), hal_cycle_hz(), BATCHES);
    for (; argi < argc; argi++) {
        const hb_algo *a = hb_find(argv[argi]);
        const peer *p = NULL;
        void *c1, *c2;
        for (k = 0; k < sizeof peers / sizeof peers[0]; k++)
            if (a && strcmp(peers[k].ours, a->name) == 0)
                p = &peers[k];
        if (!a || !p) {
            printf("check algo=%s peer=none ok=0\n", argv[argi]);
            continue;
        }
        c1 = calloc(1, a->ctx_size + 64);
        c2 = calloc(1, p->ctx_size + 64);
        if (!c1 || !c2)
            return 1;
        if (!check(a, p, c1, c2)) {
            printf("check algo=%s peer=%s ok=0\n", a->name, p->label);
        } else {
            int run;
            printf("check algo=%s peer=%s ok=1\n", a->name, p->label);
            for (run = 0; run < runs; run++)
                for (i = 0; i < nsizes; i++) {
                    /* about 20 KiB hashed per batch: short messages repeat */
                    unsigned reps = sizes[i] >= 20480 ? 1 : (unsigned)(20480 / (sizes[i] + 64));
                    double o, t;
                    timed(a, p, c1, c2, sizes[i], reps, &o, &t);
                    printf("time algo=%s size=%lu run=%d ours=%.1f peer=%.1f\n", a->name,
                           (unsigned long)sizes[i], run, o, t);
                }
        }
        fflush(stdout);
        free(c1);
        free(c2);
    }
    free(msg);
    return 0;
}
