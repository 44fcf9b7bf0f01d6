/*
 * fuzz_openssl.c -- differential: SHA-2, SHA-3, SHAKE and BLAKE2b-512 /
 * BLAKE2s-256 of hashbench against OpenSSL's libcrypto (EVP), a second,
 * independently written implementation.  hashbench is fed in two pieces
 * split where the input says, OpenSSL in one.
 *
 * Input: [which] [split:2] [xof_len:2] then the message (the rest).
 */
#include <openssl/evp.h>
#include "fuzz.h"

static const struct {
    const char *hb, *ossl;
} PAIRS[] = {
    {"sha224", "SHA224"},         {"sha256", "SHA256"},          {"sha384", "SHA384"},
    {"sha512", "SHA512"},         {"sha512_224", "SHA512-224"},  {"sha512_256", "SHA512-256"},
    {"sha3_224", "SHA3-224"},     {"sha3_256", "SHA3-256"},      {"sha3_384", "SHA3-384"},
    {"sha3_512", "SHA3-512"},     {"shake_128", "SHAKE128"},     {"shake_256", "SHAKE256"},
    {"blake2b", "BLAKE2B-512"},   {"blake2s", "BLAKE2S-256"},
};
#define NPAIRS (sizeof PAIRS / sizeof PAIRS[0])

/* fetched once: a fetch per input would dominate the run time */
static EVP_MD *md_of(size_t i)
{
    static EVP_MD *cache[NPAIRS];
    if (!cache[i]) {
        cache[i] = EVP_MD_fetch(NULL, PAIRS[i].ossl, NULL);
        if (!cache[i]) {
            fprintf(stderr, "OpenSSL has no %s\n", PAIRS[i].ossl);
            abort();
        }
    }
    return cache[i];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size};
    size_t which = fz_u8(&r) % NPAIRS, split = fz_u16(&r), out_len, n;
    unsigned xof_len = fz_u16(&r) & 0x7ff;
    const hb_algo *a = hb_find(PAIRS[which].hb);
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    const uint8_t *m = r.p;
    uint8_t *ref, *out, *piece;
    void *ctx;
    unsigned got = 0;
    int ok;

    FZ_CHECK(a != NULL && mc != NULL, PAIRS[which].hb, "missing in the registry");
    n = r.n;
    out_len = (a->flags & HB_XOF) ? xof_len : a->digest_size;
    if (split > n) split = n;
    ref = (uint8_t *)malloc(out_len ? out_len : 1);
    out = (uint8_t *)malloc(out_len ? out_len : 1);
    ctx = malloc(a->ctx_size);
    if (!ref || !out || !ctx) abort();

    ok = EVP_DigestInit_ex(mc, md_of(which), NULL) && EVP_DigestUpdate(mc, m, n);
    if (a->flags & HB_XOF)
        ok = ok && EVP_DigestFinalXOF(mc, ref, out_len);
    else
        ok = ok && EVP_DigestFinal_ex(mc, ref, &got) && got == out_len;
    FZ_CHECK(ok, PAIRS[which].ossl, "OpenSSL failed");

    FZ_CHECK(a->init(ctx, NULL) == HB_OK, a->name, "init failed");
    piece = fz_dup(m, split);
    a->update(ctx, piece, split);
    free(piece);
    piece = fz_dup(m + split, n - split);
    a->update(ctx, piece, n - split);
    free(piece);
    a->final(ctx, out, out_len);
    FZ_SAME(out, ref, out_len, a->name, "result against OpenSSL");

    EVP_MD_CTX_free(mc);
    free(ctx);
    free(out);
    free(ref);
    return 0;
}
