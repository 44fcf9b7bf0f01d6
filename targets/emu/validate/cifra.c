/*
 * Times one operation of the cifra library (github.com/ctz/cifra, fetched
 * by the user, never part of hashbench) as its on-target benchmark
 * (src/arm/main.c) defines it, for the Cortex-M0/M3/M4 figures of its
 * README.  One operation per build, chosen by HB_CIFRA_<NAME>.  The
 * outputs' checksum is printed; built for the host (HB_HOST) the same
 * operation prints the checksum the emulated run must reproduce (on the
 * host, cifra's Curve25519 is its portable TweetNaCl code, on Cortex-M the
 * muNaCl assembly: the two must agree).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aes.h"
#include "chash.h"
#include "curve25519.h"
#include "hmac.h"
#include "salsa20.h"
#include "sha2.h"
#include "sha3.h"

#ifndef HB_HOST
#include "report.h"
#endif

static uint8_t out[64];

static void op(void)
{
#if defined(HB_CIFRA_SHA256)
    cf_sha256_context ctx;
    cf_sha256_init(&ctx);
    cf_sha256_update(&ctx, "", 0);
    cf_sha256_digest_final(&ctx, out);
#elif defined(HB_CIFRA_SHA512)
    cf_sha512_context ctx;
    cf_sha512_init(&ctx);
    cf_sha512_update(&ctx, "", 0);
    cf_sha512_digest_final(&ctx, out);
#elif defined(HB_CIFRA_SHA3_256)
    cf_sha3_context ctx;
    cf_sha3_256_init(&ctx);
    cf_sha3_256_update(&ctx, "", 0);
    cf_sha3_256_digest_final(&ctx, out);
#elif defined(HB_CIFRA_AES128BLOCK)
    uint8_t key[16] = {0};
    cf_aes_context ctx;
    memset(out, 0, 16);
    cf_aes_init(&ctx, key, sizeof key);
    cf_aes_encrypt(&ctx, out, out);
#elif defined(HB_CIFRA_CHACHA20)
    uint8_t key[32] = {0}, nonce[8] = {0}, msg[64] = {0};
    cf_chacha20_ctx ctx;
    cf_chacha20_init(&ctx, key, sizeof key, nonce);
    cf_chacha20_cipher(&ctx, msg, out, sizeof msg);
#elif defined(HB_CIFRA_HMACSHA256)
    uint8_t key[32] = {0};
    cf_hmac_ctx ctx;
    cf_hmac_init(&ctx, &cf_sha256, key, sizeof key);
    cf_hmac_update(&ctx, (const uint8_t *)"hello world", 11);
    cf_hmac_finish(&ctx, out);
#elif defined(HB_CIFRA_CURVE25519)
    uint8_t secret[32] = {1};
    cf_curve25519_mul_base(out, secret);
#else
#error "define one HB_CIFRA_<operation>"
#endif
}

static uint32_t checksum(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    while (n--) {
        h = (h ^ *p++) * 16777619u;
    }
    return h;
}

#ifndef HB_HOST
/* cifra calls abort() on failed internal checks; the C library's would
 * need an operating system */
void abort(void)
{
    hal_puts("abort\n");
    hal_exit(3);
    for (;;) {
    }
}
#endif

int main(void)
{
#ifdef HB_HOST
    op();
    printf("%08lx\n", (unsigned long)checksum(out, sizeof out));
    return 0;
#else
    uint64_t overhead = hb_bracket_overhead(), t0, t1;
    t0 = hal_cycles();
    op();
    t1 = hal_cycles();
    return hb_report("op", t1 - t0 - overhead, overhead, checksum(out, sizeof out) == HB_CHECKSUM);
#endif
}
