/*
 * test_props.c -- properties every registry entry must have, whatever the
 * algorithm: every split point of a 3-block input equals the one-shot
 * result; chunk sizes 1..n; update(NULL, 0) is legal; a memcpy'd context
 * continues independently; final writes exactly out_len bytes (guard bytes
 * stay untouched); an XOF's short output is a prefix of its long output;
 * bad parameters are refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"

#define GUARD 16
#define MAXOUT 200
static unsigned pass, fail;

static void check(int ok, const hb_algo *a, const char *what, size_t detail)
{
    if (ok) { pass++; return; }
    fail++;
    fprintf(stderr, "FAIL %s: %s (%zu)\n", a->name, what, detail);
}

static const uint8_t KEY[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

static hb_params params_for(const hb_algo *a)
{
    hb_params p = HB_PARAMS_INIT;
    if (a->flags & HB_KEYED) {
        p.key = KEY;
        /* 16 bytes, or the whole max_key when that is at most 32 (some
         * keyed hashes, e.g. BLAKE3, take only keys of exactly max_key) */
        p.key_len = a->max_key <= 32 ? a->max_key : 16;
    }
    return p;
}

static size_t outlen_of(const hb_algo *a) { return a->digest_size ? a->digest_size : 64; }

/* hash msg fed in the pieces given by cuts[] (ascending, ending at len) */
static void hash_pieces(const hb_algo *a, const hb_params *p, const uint8_t *m, size_t len,
                        const size_t *cuts, size_t ncuts, uint8_t *out, size_t outlen, void *ctx)
{
    size_t i, at = 0;
    a->init(ctx, p);
    for (i = 0; i < ncuts; i++) {
        a->update(ctx, m + at, cuts[i] - at);
        a->update(ctx, NULL, 0);
        at = cuts[i];
    }
    a->update(ctx, m + at, len - at);
    a->final(ctx, out, outlen);
}

static void props(const hb_algo *a, uint8_t *msg, size_t cap)
{
    hb_params p = params_for(a);
    size_t ol = outlen_of(a), bs = a->block_size ? a->block_size : 64;
    size_t len = 3 * bs + 7, i, ch;
    uint8_t ref[MAXOUT], out[MAXOUT + 2 * GUARD];
    void *ctx = calloc(1, a->ctx_size + 64), *ctx2 = calloc(1, a->ctx_size + 64);
    size_t cut[2];

    if (len > cap) len = cap;
    check(a->init(ctx, &p) == HB_OK, a, "init with default params", 0);
    a->final(ctx, ref, ol); /* empty message through the streaming API */
    check(hb_hash(a, &p, NULL, 0, out, ol) == HB_OK && !memcmp(out, ref, ol), a, "empty one-shot", 0);

    hb_hash(a, &p, msg, len, ref, ol);
    /* every single split point, and pairs of split points around block edges */
    for (i = 0; i <= len; i++) {
        cut[0] = i;
        hash_pieces(a, &p, msg, len, cut, 1, out, ol, ctx);
        check(!memcmp(out, ref, ol), a, "split point", i);
    }
    for (i = 0; i + 1 < len; i += bs / 2 ? bs / 2 : 1) {
        cut[0] = i;
        cut[1] = i + 1 + (i % 5);
        if (cut[1] > len) cut[1] = len;
        hash_pieces(a, &p, msg, len, cut, 2, out, ol, ctx);
        check(!memcmp(out, ref, ol), a, "two split points", i);
    }
    /* chunk sizes 1..2*bs */
    for (ch = 1; ch <= 2 * bs; ch++) {
        a->init(ctx, &p);
        for (i = 0; i < len; i += ch) a->update(ctx, msg + i, len - i < ch ? len - i : ch);
        a->final(ctx, out, ol);
        check(!memcmp(out, ref, ol), a, "chunk size", ch);
    }
    /* copy-then-continue: both copies give the one-shot result; the copy
     * made halfway does not disturb the original */
    a->init(ctx, &p);
    a->update(ctx, msg, len / 2);
    memcpy(ctx2, ctx, a->ctx_size);
    a->update(ctx, msg + len / 2, len - len / 2);
    a->final(ctx, out, ol);
    check(!memcmp(out, ref, ol), a, "original after copy", 0);
    a->update(ctx2, msg + len / 2, len - len / 2);
    a->final(ctx2, out, ol);
    check(!memcmp(out, ref, ol), a, "copy continues", 0);
    /* guard bytes around the output */
    memset(out, 0xA5, sizeof out);
    hb_hash(a, &p, msg, len, out + GUARD, ol);
    for (i = 0; i < GUARD; i++) {
        check(out[i] == 0xA5, a, "guard before output", i);
        check(out[GUARD + ol + i] == 0xA5, a, "guard after output", i);
    }
    check(!memcmp(out + GUARD, ref, ol), a, "output between guards", 0);
    /* XOF: outputs are prefixes of each other; squeezing in pieces is the same */
    if (a->flags & HB_XOF) {
        uint8_t big[MAXOUT];
        hb_hash(a, &p, msg, len, big, MAXOUT);
        for (i = 0; i <= MAXOUT; i += 37) {
            hb_hash(a, &p, msg, len, out, i);
            check(!memcmp(out, big, i), a, "xof prefix", i);
        }
        a->init(ctx, &p);
        a->update(ctx, msg, len);
        for (i = 0; i < MAXOUT; i += 13) a->final(ctx, out + i, MAXOUT - i < 13 ? MAXOUT - i : 13);
        check(!memcmp(out, big, MAXOUT), a, "xof squeezed in pieces", 0);
    }
    /* refused parameters */
    {
        hb_params bad = p;
        if (!(a->flags & HB_KEYED)) {
            bad.key = KEY;
            bad.key_len = 16;
            check(a->init(ctx, &bad) == HB_ERR_KEY, a, "key refused on unkeyed", 0);
        } else if (a->max_key != 0xffff) {
            bad.key_len = (size_t)a->max_key + 1;
            check(a->init(ctx, &bad) == HB_ERR_KEY, a, "overlong key refused", 0);
        }
        bad = p;
        if (!(a->flags & (HB_XOF | HB_VAROUT))) {
            bad.out_len = (size_t)a->digest_size + 1;
            check(a->init(ctx, &bad) == HB_ERR_OUTLEN, a, "other digest length refused", 0);
        }
        bad = p;
        if (!(a->flags & HB_CUSTOM)) {
            bad.custom = KEY;
            bad.custom_len = 3;
            check(a->init(ctx, &bad) != HB_OK, a, "customisation refused", 0);
        }
        if (a->flags & HB_KEY_REQUIRED)
            check(a->init(ctx, NULL) == HB_ERR_KEY, a, "MAC without key refused", 0);
    }
    free(ctx);
    free(ctx2);
}

int main(void)
{
    size_t i, j, cap = 4096;
    uint8_t *msg = (uint8_t *)malloc(cap);
    for (i = 0; i < cap; i++) msg[i] = (uint8_t)(i * 131 + 7);
    /* names are unique even with separators ignored (hb_find's fallback) */
    for (i = 0; i < hb_count(); i++) {
        const hb_algo *a = hb_at(i);
        check(hb_find(a->name) == a, a, "hb_find(own name)", i);
        for (j = 0; j < i; j++) {
            const char *x = hb_at(j)->name, *y = a->name;
            char s1[64], s2[64];
            size_t k, n1 = 0, n2 = 0;
            for (k = 0; x[k]; k++) if (x[k] != '_') s1[n1++] = x[k];
            for (k = 0; y[k]; k++) if (y[k] != '_') s2[n2++] = y[k];
            s1[n1] = s2[n2] = 0;
            check(strcmp(s1, s2) != 0, a, "name unique without '_'", j);
        }
        check(a->ctx_size > 0 && (a->digest_size > 0) != !!(a->flags & HB_XOF), a, "descriptor sane", 0);
        props(a, msg, cap);
    }
    check(hb_find("SHA3-256") == hb_find("sha3_256") && hb_find("SHA-256") == hb_find("sha256"),
          hb_at(0), "aliases", 0);
    check(hb_find("no-such-hash") == NULL, hb_at(0), "unknown name", 0);
    {
        uint8_t a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 5};
        check(hb_ct_equal(a, a, 4) == 1 && hb_ct_equal(a, b, 4) == 0 && hb_ct_equal(a, b, 3) == 1,
              hb_at(0), "hb_ct_equal", 0);
    }
    free(msg);
    printf("props: %u passed, %u failed\n", pass, fail);
    return fail ? 1 : 0;
}
