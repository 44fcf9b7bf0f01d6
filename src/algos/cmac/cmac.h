/*
 * cmac.h -- AES-128 (FIPS 197, encryption only) and CMAC over it
 * (NIST SP 800-38B; the same function as RFC 4493's AES-CMAC).
 *
 * aes128_cmac: key exactly 16 bytes (HB_ERR_KEY otherwise), 16-byte tag;
 * a shorter tag is the leading bytes of the full one (SP 800-38B sec. 6.2
 * MSB_Tlen), which callers take themselves: final() writes 16 bytes only.
 *
 * The portable block cipher (portable/) uses the AES round of aes_round.h
 * (so the aes selection picks 4 KiB, 1 KiB or S-box-only tables as for
 * ECHO and the others) on the same state convention: column words little-endian, state byte
 * 4c + r = input byte 4c + r (FIPS 197 sec. 3.4).
 *
 * The last block is held back in buf until final(), which alone knows
 * whether it is complete (XOR K1) or must be padded (10*, XOR K2).
 */
#ifndef HB_CMAC_H
#define HB_CMAC_H

#include "hashbench.h"

typedef struct hb_aes128_key {
    uint32_t rk[44]; /* FIPS 197 sec. 5.2 w[0..43], little-endian words */
} hb_aes128_key;

/* The block cipher: a form of impls.toml (portable/ everywhere, aesni/ on
 * x86, dispatch/ choosing on the host), every one writing and reading the
 * schedule above byte for byte alike. */
void hb_aes128_expand(hb_aes128_key *k, const uint8_t key[16]) HB_REENTRANT;
/* out may equal in */
void hb_aes128_encrypt(const hb_aes128_key *k, const uint8_t in[16], uint8_t out[16]) HB_REENTRANT;
/* the CBC-MAC chain over nblocks whole blocks: for each, x = E_k(x ^ block);
 * one call per run of blocks lets a kernel keep x and the round keys in
 * registers */
void hb_aes128_cbcmac(const hb_aes128_key *k, uint8_t x[16], const uint8_t *in, size_t nblocks) HB_REENTRANT;

typedef struct hb_cmac_ctx {
    hb_aes128_key k;
    uint8_t k1[16];  /* SP 800-38B subkey K1; K2 = dbl(K1) at final */
    uint8_t x[16];   /* CBC chaining value                           */
    uint8_t buf[16]; /* unprocessed tail, 0..16 bytes                */
    uint8_t n;
} hb_cmac_ctx;

int hb_aes128_cmac_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_aes128_cmac_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_aes128_cmac_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

#endif
