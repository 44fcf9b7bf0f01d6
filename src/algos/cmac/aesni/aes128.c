/* AES-128 encryption with x86 AES-NI for CMAC (../cmac.h, ../impls.toml).
 * The round keys are FIPS 197's w[0..43] in memory order, which on a
 * little-endian x86 is exactly portable/'s hb_aes128_key, so a key
 * expanded by either form encrypts alike under the other.  The CBC-MAC
 * chain is serial (each block needs the last one's output), so the gain
 * over the portable form is the rounds themselves: x and all eleven round
 * keys stay in xmm registers for the whole run of blocks.  Only a CPU with
 * AES-NI may run it: the host dispatch checks (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,sse2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("aes,sse2")
#endif
#include <wmmintrin.h>
#include <emmintrin.h>
#include "../cmac.h"

/* FIPS 197 sec. 5.2, four words at a time: aeskeygenassist gives
 * SubWord(RotWord(w3)) ^ Rcon in its top word, broadcast by the shuffle;
 * the shifts and XORs form the running XOR w[i] = w[i-4] ^ w[i-1].
 * rcon must be a constant: it is the instruction's immediate. */
#define EXPAND(prev, rcon) expand_step((prev), _mm_aeskeygenassist_si128((prev), (rcon)))

static __m128i expand_step(__m128i k, __m128i t)
{
    t = _mm_shuffle_epi32(t, 0xff);
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    return _mm_xor_si128(k, t);
}

void hb_aes128_expand(hb_aes128_key *k, const uint8_t key[16])
{
    __m128i *rk = (__m128i *)(void *)k->rk;
    __m128i r = _mm_loadu_si128((const __m128i *)(const void *)key);
    _mm_storeu_si128(rk + 0, r);
    r = EXPAND(r, 0x01); _mm_storeu_si128(rk + 1, r);
    r = EXPAND(r, 0x02); _mm_storeu_si128(rk + 2, r);
    r = EXPAND(r, 0x04); _mm_storeu_si128(rk + 3, r);
    r = EXPAND(r, 0x08); _mm_storeu_si128(rk + 4, r);
    r = EXPAND(r, 0x10); _mm_storeu_si128(rk + 5, r);
    r = EXPAND(r, 0x20); _mm_storeu_si128(rk + 6, r);
    r = EXPAND(r, 0x40); _mm_storeu_si128(rk + 7, r);
    r = EXPAND(r, 0x80); _mm_storeu_si128(rk + 8, r);
    r = EXPAND(r, 0x1b); _mm_storeu_si128(rk + 9, r);
    r = EXPAND(r, 0x36); _mm_storeu_si128(rk + 10, r);
}

void hb_aes128_cbcmac(const hb_aes128_key *k, uint8_t x[16], const uint8_t *in, size_t nblocks)
{
    const __m128i *rk = (const __m128i *)(const void *)k->rk;
    __m128i k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, s;
    if (!nblocks)
        return;
    k0 = _mm_loadu_si128(rk + 0); k1 = _mm_loadu_si128(rk + 1);
    k2 = _mm_loadu_si128(rk + 2); k3 = _mm_loadu_si128(rk + 3);
    k4 = _mm_loadu_si128(rk + 4); k5 = _mm_loadu_si128(rk + 5);
    k6 = _mm_loadu_si128(rk + 6); k7 = _mm_loadu_si128(rk + 7);
    k8 = _mm_loadu_si128(rk + 8); k9 = _mm_loadu_si128(rk + 9);
    k10 = _mm_loadu_si128(rk + 10);
    s = _mm_loadu_si128((const __m128i *)(const void *)x);
    for (; nblocks; nblocks--, in += 16) {
        /* the message block and k0 are independent of the chain: one XOR
         * of the two leaves a single XOR on the serial path */
        __m128i m = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in), k0);
        s = _mm_xor_si128(s, m);
        s = _mm_aesenc_si128(s, k1);
        s = _mm_aesenc_si128(s, k2);
        s = _mm_aesenc_si128(s, k3);
        s = _mm_aesenc_si128(s, k4);
        s = _mm_aesenc_si128(s, k5);
        s = _mm_aesenc_si128(s, k6);
        s = _mm_aesenc_si128(s, k7);
        s = _mm_aesenc_si128(s, k8);
        s = _mm_aesenc_si128(s, k9);
        s = _mm_aesenclast_si128(s, k10);
    }
    _mm_storeu_si128((__m128i *)(void *)x, s);
}

void hb_aes128_encrypt(const hb_aes128_key *k, const uint8_t in[16], uint8_t out[16])
{
    /* the rounds in registers only: the block is CMAC's subkey L in init */
    const __m128i *rk = (const __m128i *)(const void *)k->rk;
    __m128i s = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in), _mm_loadu_si128(rk));
    unsigned r;
    for (r = 1; r < 10; r++)
        s = _mm_aesenc_si128(s, _mm_loadu_si128(rk + r));
    _mm_storeu_si128((__m128i *)(void *)out, _mm_aesenclast_si128(s, _mm_loadu_si128(rk + 10)));
}
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_cmac_aesni_unused;
#endif
