/* ECHO (round-2 version) with the x86 AES instructions: see ../echo.h and
 * ../impls.toml.  Every function of this file is compiled for AES-NI and
 * SSSE3 (a target pragma, so the library still builds with plain -O2);
 * only a CPU with them may call it, which the host's dispatch checks
 * (src/common/hb_dispatch.h).
 *
 * A 128-bit ECHO word, four little-endian column words in s[4i .. 4i+3],
 * has in memory exactly the byte order of an AES state (byte 4c + r is row
 * r of column c), so it loads into an XMM register as it is.  aesenc(x, k)
 * is MixColumns(ShiftRows(SubBytes(x))) ^ k: ECHO's two AES rounds per word
 * (the first keyed by the counter, the second by the salt, zero) are two
 * aesenc. */
#include "../echo.h"
#include "../../../common/hb_util.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,ssse3"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("aes,ssse3")
#endif

/* BIG.SUBWORDS: the counter k (128 bits, least significant word first) is
 * the first round's key and goes up by one after every word.  Unless its
 * low 64 bits wrap within the sixteen words (never, for messages under
 * 2^64 bits), it goes up as a vector, a 64-bit add to its low half; else
 * as two 64-bit halves with the carry. */
static void big_subwords(uint32_t *s, uint32_t *k)
{
    const __m128i zero = _mm_setzero_si128();
    uint64_t lo = k[0] | (uint64_t)k[1] << 32, hi = k[2] | (uint64_t)k[3] << 32;
    unsigned i;
    if (lo <= UINT64_MAX - 16) {
        const __m128i one = _mm_set_epi64x(0, 1);
        __m128i key = _mm_loadu_si128((const __m128i *)k);
        for (i = 0; i < 16; i++) {
            __m128i x = _mm_aesenc_si128(_mm_loadu_si128((const __m128i *)(s + 4 * i)), key);
            _mm_storeu_si128((__m128i *)(s + 4 * i), _mm_aesenc_si128(x, zero));
            key = _mm_add_epi64(key, one);
        }
        _mm_storeu_si128((__m128i *)k, key);
        return;
    }
    for (i = 0; i < 16; i++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(s + 4 * i));
        x = _mm_aesenc_si128(x, _mm_set_epi64x((long long)hi, (long long)lo));
        _mm_storeu_si128((__m128i *)(s + 4 * i), _mm_aesenc_si128(x, zero));
        if (++lo == 0)
            hi++;
    }
    k[0] = (uint32_t)lo; k[1] = (uint32_t)(lo >> 32);
    k[2] = (uint32_t)hi; k[3] = (uint32_t)(hi >> 32);
}

/* each byte times x in GF(2^8) mod the AES polynomial: a byte with its top
 * bit set is negative, so a signed compare with zero picks where 0x1b goes */
static __m128i xtime128(__m128i v)
{
    __m128i carry = _mm_and_si128(_mm_cmpgt_epi8(_mm_setzero_si128(), v), _mm_set1_epi8(0x1b));
    return _mm_xor_si128(_mm_add_epi8(v, v), carry);
}

/* BIG.SHIFTROWS then BIG.MIXCOLUMNS from s into d: row r of output column
 * c comes from column c + r, then AES MixColumns over the four 128-bit
 * words of the column, sixteen byte positions at once (the same
 * factorisation as lanes64: the doubling of D ^ A is the XOR of the other
 * three) */
static void big_shift_mix(uint32_t *d, const uint32_t *s)
{
    unsigned c;
    for (c = 0; c < 4; c++) {
        __m128i A = _mm_loadu_si128((const __m128i *)(s + 4 * (4 * c + 0)));
        __m128i B = _mm_loadu_si128((const __m128i *)(s + 4 * (4 * ((c + 1) & 3) + 1)));
        __m128i C = _mm_loadu_si128((const __m128i *)(s + 4 * (4 * ((c + 2) & 3) + 2)));
        __m128i D = _mm_loadu_si128((const __m128i *)(s + 4 * (4 * ((c + 3) & 3) + 3)));
        __m128i ab = _mm_xor_si128(A, B), bc = _mm_xor_si128(B, C), cd = _mm_xor_si128(C, D);
        __m128i da = _mm_xor_si128(D, A);
        __m128i xab = xtime128(ab), xbc = xtime128(bc), xcd = xtime128(cd);
        uint32_t *o = d + 16 * c;
        _mm_storeu_si128((__m128i *)o, _mm_xor_si128(_mm_xor_si128(xab, B), cd));            /* 2A 3B  C  D */
        _mm_storeu_si128((__m128i *)(o + 4), _mm_xor_si128(_mm_xor_si128(xbc, C), da));      /*  A 2B 3C  D */
        _mm_storeu_si128((__m128i *)(o + 8), _mm_xor_si128(_mm_xor_si128(xcd, D), ab));      /*  A  B 2C 3D */
        _mm_storeu_si128((__m128i *)(o + 12),
                         _mm_xor_si128(_mm_xor_si128(xab, xbc), _mm_xor_si128(xcd, _mm_xor_si128(A, bc)))); /* 3A B C 2D */
    }
}

#include "../echo_big.h"

#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_echo_aesni_unused;
#endif
