/* One BLAKE3 compression (spec 2.2) with the state as four rows of four
 * words in 128-bit vectors: the column step is one G on all four columns,
 * the diagonal step the same after rotating rows 0, 2 and 3 by -1, 1 and 2
 * lanes.
 * Included by blake3_x86.h once per instruction set, without a guard: it
 * expects HB3_ROWS_NAME, HB3_ROWS_CORE, HB3_ROWS_CHAIN, HB3_ROWS_TARGET
 * and HB3_R16/R12/R8/R7 (rotate each 32-bit lane right). */

/* four-word vectors as the float shuffle sees them: lanes 0-1 of the
 * result from a, lanes 2-3 from b */
#ifndef HB3_SHUF2
#define HB3_SHUF2(a, b, i0, i1, i2, i3) \
    _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b), _MM_SHUFFLE(i3, i2, i1, i0)))
#endif

/* The rounds: the chaining value in c0, c1, the message words at m (16
 * little-endian words, so on x86 the block's bytes as they are); the
 * state before the feed-forward left in st[0..4).  Inlined, the chaining
 * value stays in registers from one block to the next. */
static HB3_INLINE HB3_ROWS_TARGET void HB3_ROWS_CORE(__m128i c0, __m128i c1, const void *m,
                                                     uint64_t counter, uint32_t block_len,
                                                     uint32_t flags, __m128i *st)
{
    __m128i r0 = c0, r1 = c1;
    __m128i r2 = _mm_setr_epi32((int)hb_blake3_iv[0], (int)hb_blake3_iv[1], (int)hb_blake3_iv[2],
                                (int)hb_blake3_iv[3]);
    __m128i r3 = _mm_setr_epi32((int)(uint32_t)counter, (int)(uint32_t)(counter >> 32), (int)block_len,
                                (int)flags);
    const __m128i *mv = (const __m128i *)m;
    __m128i a = _mm_loadu_si128(mv), b = _mm_loadu_si128(mv + 1);
    __m128i c = _mm_loadu_si128(mv + 2), d = _mm_loadu_si128(mv + 3);
    /* this round's message words w = m[schedule]: x0 = w0 w2 w4 w6 and
     * y0 = w1 w3 w5 w7 feed the columns, x1 = w8 .. w14, y1 = w9 .. w15
     * the diagonals */
    __m128i x0 = HB3_SHUF2(a, b, 0, 2, 0, 2), y0 = HB3_SHUF2(a, b, 1, 3, 1, 3);
    __m128i x1 = HB3_SHUF2(c, d, 0, 2, 0, 2), y1 = HB3_SHUF2(c, d, 1, 3, 1, 3);
    __m128i t, s;
    int r;
    for (r = 0; r < 7; r++) {
        /* a + x first, b last: b is the previous step's result, so the
         * add waiting for it is one, not two */
        r0 = _mm_add_epi32(_mm_add_epi32(r0, x0), r1); r3 = HB3_R16(_mm_xor_si128(r3, r0));
        r2 = _mm_add_epi32(r2, r3);                    r1 = HB3_R12(_mm_xor_si128(r1, r2));
        r0 = _mm_add_epi32(_mm_add_epi32(r0, y0), r1); r3 = HB3_R8(_mm_xor_si128(r3, r0));
        r2 = _mm_add_epi32(r2, r3);                    r1 = HB3_R7(_mm_xor_si128(r1, r2));
        /* diagonals into columns, row 1 (the last one computed) left in
         * place: lane j then holds diagonal j - 1, so do its words */
        r0 = _mm_shuffle_epi32(r0, _MM_SHUFFLE(2, 1, 0, 3));
        r2 = _mm_shuffle_epi32(r2, _MM_SHUFFLE(0, 3, 2, 1));
        r3 = _mm_shuffle_epi32(r3, _MM_SHUFFLE(1, 0, 3, 2));
        t = _mm_shuffle_epi32(x1, _MM_SHUFFLE(2, 1, 0, 3));
        s = _mm_shuffle_epi32(y1, _MM_SHUFFLE(2, 1, 0, 3));
        r0 = _mm_add_epi32(_mm_add_epi32(r0, t), r1);  r3 = HB3_R16(_mm_xor_si128(r3, r0));
        r2 = _mm_add_epi32(r2, r3);                    r1 = HB3_R12(_mm_xor_si128(r1, r2));
        r0 = _mm_add_epi32(_mm_add_epi32(r0, s), r1);  r3 = HB3_R8(_mm_xor_si128(r3, r0));
        r2 = _mm_add_epi32(r2, r3);                    r1 = HB3_R7(_mm_xor_si128(r1, r2));
        r0 = _mm_shuffle_epi32(r0, _MM_SHUFFLE(0, 3, 2, 1));
        r2 = _mm_shuffle_epi32(r2, _MM_SHUFFLE(2, 1, 0, 3));
        r3 = _mm_shuffle_epi32(r3, _MM_SHUFFLE(1, 0, 3, 2));
        if (r == 6)
            break;
        /* the next round's words: w'k = w[P[k]], P the spec 2.2 permutation
         * (2,6,3,10,7,0,4,13,1,11,12,5,9,14,15,8), so x0' = w2 w3 w7 w4,
         * y0' = w6 w10 w0 w13, x1' = w1 w12 w9 w15, y1' = w11 w5 w14 w8 */
        t = HB3_SHUF2(x0, y0, 1, 2, 1, 3);                    /* w2 w4 w3 w7 */
        a = _mm_shuffle_epi32(t, _MM_SHUFFLE(1, 3, 2, 0));   /* x0' */
        t = HB3_SHUF2(x0, x1, 3, 3, 1, 1);                    /* w6 w6 w10 w10 */
        s = HB3_SHUF2(x0, y1, 0, 0, 2, 2);                    /* w0 w0 w13 w13 */
        b = HB3_SHUF2(t, s, 0, 2, 0, 2);                      /* y0' */
        t = HB3_SHUF2(y0, x1, 0, 0, 2, 2);                    /* w1 w1 w12 w12 */
        c = HB3_SHUF2(t, y1, 0, 2, 0, 3);                     /* x1' */
        t = HB3_SHUF2(y1, y0, 1, 1, 2, 2);                    /* w11 w11 w5 w5 */
        s = HB3_SHUF2(x1, x1, 3, 0, 3, 0);                    /* w14 w8 w14 w8 */
        d = HB3_SHUF2(t, s, 0, 2, 0, 1);                      /* y1' */
        x0 = a; y0 = b; x1 = c; y1 = d;
    }
    st[0] = r0;
    st[1] = r1;
    st[2] = r2;
    st[3] = r3;
}

static inline HB3_ROWS_TARGET void HB3_ROWS_NAME(const uint32_t cv[8], const uint32_t m[16],
                                                 uint64_t counter, uint32_t block_len,
                                                 uint32_t flags, uint32_t *out, int full)
{
    __m128i c0 = _mm_loadu_si128((const __m128i *)cv), c1 = _mm_loadu_si128((const __m128i *)(cv + 4));
    __m128i r[4];
    HB3_ROWS_CORE(c0, c1, m, counter, block_len, flags, r);
    if (full) {
        _mm_storeu_si128((__m128i *)(out + 8), _mm_xor_si128(r[2], c0));
        _mm_storeu_si128((__m128i *)(out + 12), _mm_xor_si128(r[3], c1));
    }
    _mm_storeu_si128((__m128i *)out, _mm_xor_si128(r[0], r[2]));
    _mm_storeu_si128((__m128i *)(out + 4), _mm_xor_si128(r[1], r[3]));
}

/* hash_many's chains (blake3.h) one after another, each block in rows:
 * the chains too few for the lanes, and one chunk's blocks in update.
 * The chaining value never leaves the registers between blocks, where a
 * call of the compression per block would store it and load it back. */
static inline HB3_ROWS_TARGET void HB3_ROWS_CHAIN(const uint8_t *in, size_t n, unsigned blocks,
                                                  const uint32_t key[8], uint64_t counter,
                                                  unsigned step, unsigned flags, unsigned first,
                                                  unsigned last, uint8_t *out)
{
    size_t i;
    unsigned j;
    for (i = 0; i < n; i++, counter += step, out += 32) {
        __m128i c0 = _mm_loadu_si128((const __m128i *)key), c1 = _mm_loadu_si128((const __m128i *)(key + 4));
        __m128i r[4];
        for (j = 0; j < blocks; j++, in += 64) {
            HB3_ROWS_CORE(c0, c1, in, counter, 64, HB3_FLAGS(j), r);
            c0 = _mm_xor_si128(r[0], r[2]);
            c1 = _mm_xor_si128(r[1], r[3]);
        }
        _mm_storeu_si128((__m128i *)out, c0);
        _mm_storeu_si128((__m128i *)(out + 16), c1);
    }
}
