/* The SHA-256 compression (FIPS 180-4 6.2.2) with the x86 SHA extensions:
 * see ../impls.toml.  Compiled with a per-function target attribute, so the
 * library builds with plain -O2; only a CPU with SHA, SSSE3 and SSE4.1 may
 * call it (the host's dispatch checks, src/common/hb_dispatch.h).
 *
 * sha256rnds2 does two rounds on the state split as ABEF and CDGH (one
 * register each, A in the top lane) with W+K of the two rounds in the low
 * 64 bits; after it the old ABEF is the new CDGH, so the two registers
 * swap roles every call.  sha256msg1/msg2 compute four schedule words from
 * the sixteen before them, the W[t-7] term added in between. */
#include "../sha256_core.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define HB_SHANI __attribute__((target("sha,ssse3,sse4.1")))

/* four rounds 4j..4j+3 with schedule words w; s0 = ABEF, s1 = CDGH */
#define SHANI_4(j, w)                                                                    \
    do {                                                                                 \
        __m128i wk = _mm_add_epi32(w, _mm_loadu_si128((const __m128i *)(K + 4 * (j)))); \
        s1 = _mm_sha256rnds2_epu32(s1, s0, wk);                                          \
        s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(wk, 0x0e));                 \
    } while (0)
/* a = W[t-16..t-13] becomes W[t..t+3] */
#define SHANI_NEXT(a, b, c, d) \
    (a = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(a, b), _mm_alignr_epi8(d, c, 4)), d))
/* sixteen rounds from 16j, the schedule advanced first */
#define SHANI_16(j)                                  \
    do {                                             \
        SHANI_NEXT(m0, m1, m2, m3); SHANI_4(4 * (j), m0);     \
        SHANI_NEXT(m1, m2, m3, m0); SHANI_4(4 * (j) + 1, m1); \
        SHANI_NEXT(m2, m3, m0, m1); SHANI_4(4 * (j) + 2, m2); \
        SHANI_NEXT(m3, m0, m1, m2); SHANI_4(4 * (j) + 3, m3); \
    } while (0)

HB_SHANI void hb_sha256_compress(void *H, const uint8_t *blk, size_t n)
{
    /* the bytes of each big-endian word reversed */
    const __m128i bswap = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    uint32_t *h = (uint32_t *)H;
    __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0xb1);      /* b a d c */
    __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(h + 4)), 0x1b); /* h g f e */
    __m128i s0 = _mm_alignr_epi8(dcba, hgfe, 8);    /* lanes f e b a: ABEF */
    __m128i s1 = _mm_blend_epi16(hgfe, dcba, 0xf0); /* lanes h g d c: CDGH */
    for (; n; n--, blk += 64) {
        __m128i a0 = s0, c0 = s1, m0, m1, m2, m3;
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)blk), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blk + 48)), bswap);
        SHANI_4(0, m0);
        SHANI_4(1, m1);
        SHANI_4(2, m2);
        SHANI_4(3, m3);
        SHANI_16(1);
        SHANI_16(2);
        SHANI_16(3);
        s0 = _mm_add_epi32(s0, a0);
        s1 = _mm_add_epi32(s1, c0);
    }
    dcba = _mm_shuffle_epi32(s0, 0x1b);                                      /* a b e f */
    hgfe = _mm_shuffle_epi32(s1, 0xb1);                                      /* g h c d */
    _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(dcba, hgfe, 0xf0));       /* a b c d */
    _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(hgfe, dcba, 8));    /* e f g h */
}
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_sha2_shani_unused;
#endif
