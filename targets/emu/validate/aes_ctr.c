/*
 * Times the AES key expansion and CTR encryption of 4096 bytes of a
 * published assembly implementation (Schwabe and Stoffelen, "All the AES
 * You Need on Cortex-M3 and M4", SAC 2016: github.com/Ko-/aes-armcortexm,
 * fetched by the user, never part of hashbench), the way the paper's
 * examples bracket them.  Before timing, the FIPS-197 appendix C example
 * is computed through the CTR function: with the counter block set to the
 * example plaintext, the key stream is the example ciphertext.
 *   HB_AES_BITS = 128 or 256; HB_AES_BS selects the bitsliced AES-128
 *   (round keys twice the size, blocks processed in pairs).
 */
#include <stdint.h>
#include <string.h>
#include "report.h"

#if HB_AES_BITS == 128
#define ROUNDS 10
#define KEYSCHEDULE AES_128_keyschedule
#define ENCRYPT AES_128_encrypt_ctr
/* FIPS-197 C.1 */
static const uint8_t kat_ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                   0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
#else
#define ROUNDS 14
#define KEYSCHEDULE AES_256_keyschedule
#define ENCRYPT AES_256_encrypt_ctr
/* FIPS-197 C.3 */
static const uint8_t kat_ct[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                   0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};
#endif
#define KEYBYTES (HB_AES_BITS / 8)
#ifdef HB_AES_BS
#define RKBYTES (2 * (ROUNDS + 1) * 16)
#define ROUND_TO 32
#else
#define RKBYTES ((ROUNDS + 1) * 16)
#define ROUND_TO 16
#endif

/* the layout the assembly reads: the 16-byte counter block, then the
 * round keys (the first KEYBYTES of them being the key itself in the
 * table-based versions) */
typedef struct {
    uint32_t ctr;
    uint8_t nonce[12];
    uint8_t rk[RKBYTES];
} param;

void KEYSCHEDULE(const uint8_t *key, uint8_t *rk);
void ENCRYPT(param const *p, const uint8_t *in, uint8_t *out, uint32_t len);

static void setup(param *p, const uint8_t *key, uint32_t ctr, const uint8_t *nonce)
{
    memset(p, 0, sizeof *p);
    p->ctr = ctr;
    memcpy(p->nonce, nonce, 12);
#ifdef HB_AES_BS
    KEYSCHEDULE(key, p->rk);
#else
    memcpy(p->rk, key, KEYBYTES);
    KEYSCHEDULE(key, p->rk + KEYBYTES);
#endif
}

#define LEN 4096u

int main(void)
{
    static param p;
    static uint8_t in[LEN], out[LEN], back[LEN], zero[ROUND_TO], ks[ROUND_TO];
    static const uint8_t nonce[12] = {1, 2, 3, 1, 2, 4, 1, 2, 5, 1, 2, 6};
    uint8_t key[KEYBYTES], block[16];
    uint64_t overhead = hb_bracket_overhead(), t0, t1;
    unsigned i;
    int ok;

    /* known answer: counter block = 00 11 22 ... ff, key = 00 01 02 ... */
    for (i = 0; i < 16; i++) {
        block[i] = (uint8_t)(0x11 * i);
    }
    for (i = 0; i < KEYBYTES; i++) {
        key[i] = (uint8_t)i;
    }
    {
        uint32_t ctr;
        memcpy(&ctr, block, 4); /* the counter word as it lies in memory */
        setup(&p, key, ctr, block + 4);
    }
    ENCRYPT(&p, zero, ks, ROUND_TO);
    ok = memcmp(ks, kat_ct, 16) == 0;

    /* the measurement of the paper's examples: a fixed key and nonce */
    for (i = 0; i < KEYBYTES; i++) {
        key[i] = (uint8_t)(4 + (i & 3) + ((i & 3) == 3 ? (i >> 2) : 0));
    }
    for (i = 0; i < LEN; i++) {
        in[i] = (uint8_t)i;
    }
    memset(&p, 0, sizeof p);
    memcpy(p.nonce, nonce, 12);
#ifdef HB_AES_BS
    t0 = hal_cycles();
    KEYSCHEDULE(key, p.rk);
    t1 = hal_cycles();
#else
    memcpy(p.rk, key, KEYBYTES);
    t0 = hal_cycles();
    KEYSCHEDULE(key, p.rk + KEYBYTES);
    t1 = hal_cycles();
#endif
    hb_report("keyschedule", t1 - t0 - overhead, overhead, ok);
    t0 = hal_cycles();
    ENCRYPT(&p, in, out, LEN);
    t1 = hal_cycles();
    /* decrypting (the same function, from a fresh state: the functions
     * leave the counter where they stopped) must give the plaintext back */
    setup(&p, key, 0, nonce);
    ENCRYPT(&p, out, back, LEN);
    return hb_report("ctr4096", t1 - t0 - overhead, overhead, ok && memcmp(back, in, LEN) == 0);
}
