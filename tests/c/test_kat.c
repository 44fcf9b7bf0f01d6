/*
 * test_kat.c -- run every known-answer vector of tests/vectors/ against the
 * C library: for each registry entry, tests/vectors/<name>.kat if present.
 * Usage: test_kat [vector-dir] [name ...]       Exit 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"

#define MAXLINE (1u << 22)

typedef struct { char id[17]; uint8_t *msg; size_t len; } pool_ent;
static pool_ent *pool;
static size_t npool;

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* decode hex of length n into a fresh buffer (NULL-safe for n = 0) */
static uint8_t *unhex(const char *s, size_t n, size_t *out_len)
{
    uint8_t *b = (uint8_t *)malloc(n / 2 + 1);
    size_t i;
    for (i = 0; i + 1 < n + 1 && i < n / 2 * 2; i += 2)
        b[i / 2] = (uint8_t)(hexval(s[i]) << 4 | hexval(s[i + 1]));
    *out_len = n / 2;
    return b;
}

static int cmp_pool(const void *a, const void *b)
{
    return strcmp(((const pool_ent *)a)->id, ((const pool_ent *)b)->id);
}

static void load_pool(const char *dir)
{
    char path[1024], *line = (char *)malloc(MAXLINE);
    size_t cap = 0;
    FILE *f;
    snprintf(path, sizeof path, "%s/msgpool.txt", dir);
    f = fopen(path, "r");
    if (!f) { free(line); return; }
    while (fgets(line, MAXLINE, f)) {
        char *sp = strchr(line, ' ');
        size_t n;
        if (line[0] == '#' || !sp) continue;
        if (npool == cap) {
            cap = cap ? 2 * cap : 256;
            pool = (pool_ent *)realloc(pool, cap * sizeof *pool);
        }
        memcpy(pool[npool].id, line, 16);
        pool[npool].id[16] = 0;
        n = strcspn(sp + 1, "\r\n");
        pool[npool].msg = unhex(sp + 1, n, &pool[npool].len);
        npool++;
    }
    fclose(f);
    free(line);
    qsort(pool, npool, sizeof *pool, cmp_pool);
}

typedef struct { const char *p; size_t n; } field;
typedef struct { field msg, md, key, custom, salt, pers, mc, seed, minout, maxout, trunc, skip; } record;

static void parse(char *line, record *r)
{
    char *tok = strtok(line, " \r\n");
    memset(r, 0, sizeof *r);
    while (tok) {
        char *eq = strchr(tok, '=');
        if (eq) {
            field v;
            v.p = eq + 1;
            v.n = strlen(eq + 1);
            *eq = 0;
            if (!strcmp(tok, "msg")) r->msg = v;
            else if (!strcmp(tok, "md")) r->md = v;
            else if (!strcmp(tok, "key")) r->key = v;
            else if (!strcmp(tok, "custom")) r->custom = v;
            else if (!strcmp(tok, "salt")) r->salt = v;
            else if (!strcmp(tok, "pers")) r->pers = v;
            else if (!strcmp(tok, "mc")) r->mc = v;
            else if (!strcmp(tok, "seed")) r->seed = v;
            else if (!strcmp(tok, "minout")) r->minout = v;
            else if (!strcmp(tok, "maxout")) r->maxout = v;
            else if (!strcmp(tok, "trunc")) r->trunc = v;
            else if (!strcmp(tok, "skip")) r->skip = v;
        }
        tok = strtok(NULL, " \r\n");
    }
}

/* hex, or ptn:<n> = the n bytes i mod 251 (RFC 9861 / BLAKE3 pattern) */
static uint8_t *get_bytes(field f, size_t *len)
{
    if (f.n > 4 && !strncmp(f.p, "ptn:", 4)) {
        size_t n = strtoul(f.p + 4, NULL, 10), i;
        uint8_t *b = (uint8_t *)malloc(n + 1);
        for (i = 0; i < n; i++) b[i] = (uint8_t)(i % 251);
        *len = n;
        return b;
    }
    return unhex(f.p, f.n, len);
}

static uint8_t *get_msg(field f, size_t *len)
{
    if (f.n && f.p[0] == '@') {
        pool_ent key, *e;
        memcpy(key.id, f.p + 1, 16);
        key.id[16] = 0;
        e = (pool_ent *)bsearch(&key, pool, npool, sizeof *pool, cmp_pool);
        if (!e) { *len = 0; return NULL; }
        *len = e->len;
        return e->msg;
    }
    return get_bytes(f, len);
}

/* one hash with the record's parameters */
static int run1(const hb_algo *a, hb_params *p, const uint8_t *m, size_t n, uint8_t *out, size_t outlen)
{
    p->out_len = (a->flags & HB_VAROUT) ? outlen : 0;
    return hb_hash(a, p, m, n, out, outlen);
}

/* Monte Carlo chains (see tools/katfmt/nist.py for the definitions) */
static int monte(const hb_algo *a, hb_params *p, const record *r)
{
    size_t slen, dlen = a->digest_size, i, j, off = 0;
    uint8_t *seed = unhex(r->seed.p, r->seed.n, &slen);
    uint8_t buf[1024], md[256], msg[256];
    int ok = 1;
    size_t outlen = 0, lo = 0, hi = 0;

    if (r->mc.n == 5 && !strncmp(r->mc.p, "shake", 5)) {
        lo = strtoul(r->minout.p, NULL, 16);
        hi = strtoul(r->maxout.p, NULL, 16);
        outlen = hi;
        memcpy(md, seed, slen);
        dlen = slen;
    }
    for (j = 0; j < 100 && ok; j++) {
        size_t want_len;
        uint8_t *want;
        const char *comma;
        if (!strncmp(r->mc.p, "comp", 4)) {
            if (j == 0) memcpy(msg, seed, 128);
            for (i = 0; i < 1000; i++) {
                run1(a, p, msg, 128, md, dlen);
                memmove(msg + dlen, msg, 128 - dlen);
                memcpy(msg, md, dlen);
            }
        } else if (!strncmp(r->mc.p, "sha2", 4)) {
            if (j == 0) memcpy(md, seed, dlen);
            memcpy(buf, md, dlen);
            memcpy(buf + dlen, md, dlen);
            memcpy(buf + 2 * dlen, md, dlen);
            for (i = 0; i < 1000; i++) {
                run1(a, p, buf, 3 * dlen, md, dlen);
                memmove(buf, buf + dlen, 2 * dlen);
                memcpy(buf + 2 * dlen, md, dlen);
            }
        } else if (!strncmp(r->mc.p, "sha3", 4)) {
            if (j == 0) memcpy(md, seed, dlen);
            for (i = 0; i < 1000; i++) {
                memcpy(buf, md, dlen);
                run1(a, p, buf, dlen, md, dlen);
            }
        } else { /* shake */
            for (i = 0; i < 1000; i++) {
                size_t k = dlen < 16 ? dlen : 16;
                memset(msg, 0, 16);
                memcpy(msg, md, k);
                run1(a, p, msg, 16, md, outlen);
                dlen = outlen;
                outlen = lo + (((size_t)md[dlen - 2] << 8 | md[dlen - 1]) % (hi - lo + 1));
            }
        }
        /* j-th checkpoint */
        comma = r->md.p;
        for (i = 0; i < j && comma; i++) {
            comma = strchr(comma, ',');
            if (comma) comma++;
        }
        if (!comma) { ok = 0; break; }
        want = unhex(comma, strcspn(comma, ","), &want_len);
        ok = want_len == dlen && !memcmp(want, md, dlen);
        free(want);
        (void)off;
    }
    free(seed);
    return ok;
}

static void run_file(const hb_algo *a, const char *dir, unsigned *pass, unsigned *fail)
{
    char path[1024], *line = (char *)malloc(MAXLINE);
    FILE *f;
    unsigned p0 = *pass, f0 = *fail;
    snprintf(path, sizeof path, "%s/%s.kat", dir, a->name);
    f = fopen(path, "r");
    if (!f) { free(line); return; }
    while (fgets(line, MAXLINE, f)) {
        record r;
        hb_params p = HB_PARAMS_INIT;
        size_t klen = 0, clen = 0, slen = 0, plen = 0, mlen = 0, dlen = 0, cmp;
        uint8_t *key, *cus, *salt, *pers, *msg = NULL, *md, *out;
        int ok;
        if (line[0] == '#' || line[0] == '\n') continue;
        parse(line, &r);
        key = unhex(r.key.p, r.key.n, &klen);
        cus = get_bytes(r.custom, &clen);
        salt = unhex(r.salt.p, r.salt.n, &slen);
        pers = unhex(r.pers.p, r.pers.n, &plen);
        if (r.key.p) { p.key = key; p.key_len = klen; }
        if (r.custom.p) { p.custom = cus; p.custom_len = clen; }
        if (r.salt.p) { p.salt = salt; p.salt_len = slen; }
        if (r.pers.p) { p.pers = pers; p.pers_len = plen; }
        if (r.mc.p) {
            ok = monte(a, &p, &r);
        } else {
            size_t outlen, skip;
            msg = get_msg(r.msg, &mlen);
            md = unhex(r.md.p, r.md.n, &dlen);
            /* skip=N: md is output bytes [N, N+len(md)) of a longer output */
            skip = r.skip.p ? strtoul(r.skip.p, NULL, 10) : 0;
            outlen = (a->flags & (HB_XOF | HB_VAROUT)) ? skip + dlen : a->digest_size;
            out = (uint8_t *)malloc(outlen + 1);
            cmp = r.trunc.p ? strtoul(r.trunc.p, NULL, 10) : dlen;
            ok = (r.msg.p != NULL || 1) && run1(a, &p, msg, mlen, out, outlen) == HB_OK &&
                 skip + cmp <= outlen && !memcmp(out + skip, md, cmp);
            if (!ok && *fail - f0 < 3)
                fprintf(stderr, "FAIL %s: msg %.40s (%zu bytes) out_len %zu\n", a->name, r.msg.p, mlen, outlen);
            free(md);
            free(out);
            if (!(r.msg.n && r.msg.p[0] == '@')) free(msg);
        }
        if (ok) (*pass)++;
        else (*fail)++;
        free(key); free(cus); free(salt); free(pers);
    }
    fclose(f);
    free(line);
    printf("%-16s %5u passed %3u failed\n", a->name, *pass - p0, *fail - f0);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/vectors";
    unsigned pass = 0, fail = 0;
    size_t i;
    int k;
    load_pool(dir);
    if (argc > 2) {
        for (k = 2; k < argc; k++) {
            const hb_algo *a = hb_find(argv[k]);
            if (!a) { fprintf(stderr, "unknown algorithm %s\n", argv[k]); return 2; }
            run_file(a, dir, &pass, &fail);
        }
    } else {
        for (i = 0; i < hb_count(); i++) run_file(hb_at(i), dir, &pass, &fail);
    }
    for (i = 0; i < npool; i++) free(pool[i].msg);
    free(pool);
    printf("kat: %u passed, %u failed\n", pass, fail);
    return fail ? 1 : 0;
}
