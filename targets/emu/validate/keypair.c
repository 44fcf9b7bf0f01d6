/*
 * Times the key generation of a published signature scheme, or key
 * generation, encapsulation and decapsulation of a published KEM (HB_KEM),
 * each bracketed by two reads of the cycle counter as pqm4's speed driver
 * brackets them.  The scheme's sources are fetched by the user, never part
 * of hashbench.  HB_NS(x) names the scheme's functions, HB_PK/SK/CT/SS the
 * sizes.  randombytes is a fixed stream, so the same sources built for
 * the host (HB_HOST) print the key checksum the emulated run must match.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef HB_HOST
#include "report.h"
#endif

int HB_NS(crypto_sign_keypair)(uint8_t *pk, uint8_t *sk);
int HB_NS(crypto_kem_keypair)(uint8_t *pk, uint8_t *sk);
int HB_NS(crypto_kem_enc)(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
int HB_NS(crypto_kem_dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

/* randombytes of the mupq/PQClean interface (PQClean renamed it
 * PQCLEAN_randombytes in 2022; older trees call randombytes): a fixed
 * xorshift stream */
int PQCLEAN_randombytes(uint8_t *out, size_t n);
int randombytes(uint8_t *out, size_t n);
int PQCLEAN_randombytes(uint8_t *out, size_t n)
{
    static uint32_t x = 0x2545F491u;
    while (n--) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *out++ = (uint8_t)x;
    }
    return 0;
}

int randombytes(uint8_t *out, size_t n)
{
    return PQCLEAN_randombytes(out, n);
}

static uint32_t checksum(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    while (n--) {
        h = (h ^ *p++) * 16777619u;
    }
    return h;
}

#ifdef HB_HOST
#define TIMED(what, call, ok) (void)(call)
#else
#define TIMED(what, call, ok)                                 \
    do {                                                      \
        uint64_t t0_ = hal_cycles();                          \
        (void)(call);                                         \
        uint64_t t1_ = hal_cycles();                          \
        fail |= hb_report(what, t1_ - t0_ - overhead, overhead, ok); \
    } while (0)
#endif

int main(void)
{
    static uint8_t pk[HB_PK], sk[HB_SK];
    uint32_t sum;
    int fail = 0;
#ifndef HB_HOST
    uint64_t overhead = hb_bracket_overhead();
#endif
#ifdef HB_KEM
    static uint8_t ct[HB_CT], ss_a[HB_SS], ss_b[HB_SS];
    TIMED("keypair", HB_NS(crypto_kem_keypair)(pk, sk), 1);
    sum = checksum(pk, sizeof pk) ^ checksum(sk, sizeof sk);
    TIMED("enc", HB_NS(crypto_kem_enc)(ct, ss_a, pk), 1);
    TIMED("dec", HB_NS(crypto_kem_dec)(ss_b, ct, sk), memcmp(ss_a, ss_b, sizeof ss_a) == 0);
    sum ^= checksum(ct, sizeof ct);
#else
    TIMED("keypair", HB_NS(crypto_sign_keypair)(pk, sk), 1);
    sum = checksum(pk, sizeof pk) ^ checksum(sk, sizeof sk);
#endif
#ifdef HB_HOST
    printf("%08lx\n", (unsigned long)sum);
    return fail;
#else
    /* the keys (and ciphertext) must be those of the host build */
    return fail | hb_report("checksum", 0, 0, sum == HB_CHECKSUM);
#endif
}
