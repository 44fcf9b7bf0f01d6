/*
 * Groestl with the x86 AES instructions: see ../groestl.h and
 * ../impls.toml.  Every function of this file is compiled for AES-NI and
 * SSSE3 (a target pragma, so the library still builds with plain -O2); only
 * a CPU with them may call it, which the host's dispatch checks
 * (src/common/hb_dispatch.h).  The context keeps the state of the column
 * forms (groestl_cols.h), so a context may change form between calls.
 *
 * The rounds work on rows: one XMM register per row of the state, so that
 * each byte position of a register is a column and MixBytes (sec. 3.4), a
 * linear map within each column, is XORs and doublings of whole registers.
 * For the 512-bit permutations a row is 8 bytes, and one register holds row
 * r of P (low half) and row r of Q (high half): one round computes both.
 * For the 1024-bit ones a row is 16 bytes, one register of P or of Q.
 *
 * aesenclast(x, 0) is SubBytes(ShiftRows(x)), ShiftRows being AES's byte
 * permutation of a 4x4 matrix stored by columns.  SubBytes works byte by
 * byte, so a pshufb before it that undoes ShiftRows and applies Groestl's
 * ShiftBytes (sec. 3.3) of the row leaves SubBytes + ShiftBytes.
 */
#include "../groestl_cols.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,ssse3"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("aes,ssse3")
#endif

/* ---- the pshufb masks, computed from the byte permutations ---------------
 * aesenclast takes byte b = 4c + r (AES row r, column c) from byte
 * sr(b) = 4((c + r) mod 4) + r.  With y = pshufb(x, m), y[b] = x[m[b]], the
 * round gives S(x[m[sr(b)]]); for S(x[g(b)]) the mask is m[b] = g(sr^-1(b)),
 * sr^-1(4c + r) = 4((c - r) mod 4) + r. */
#define SR_INV(b) (4 * ((((b) >> 2) - ((b) & 3)) & 3) + ((b) & 3))
/* ShiftBytes on one register of the 512-bit form: column j of P's row
 * (bytes 0-7) from column j + sp, of Q's row (bytes 8-15) from j + sq */
#define G512(b, sp, sq) ((b) < 8 ? (((b) + (sp)) & 7) : 8 + (((b) - 8 + (sq)) & 7))
#define M512(b, sp, sq) G512(SR_INV(b), sp, sq)
/* ShiftBytes on a 16-byte row of the 1024-bit form */
#define G1024(b, s, unused) (((b) + (s)) & 15)
#define M1024(b, s, unused) G1024(SR_INV(b), s, unused)
#define MASK16(M, s, t) {{M(0, s, t), M(1, s, t), M(2, s, t), M(3, s, t), M(4, s, t), M(5, s, t), \
            M(6, s, t), M(7, s, t), M(8, s, t), M(9, s, t), M(10, s, t), M(11, s, t), M(12, s, t), \
            M(13, s, t), M(14, s, t), M(15, s, t)}}

/* a byte vector, 16-byte aligned by the union, as a constant initialiser */
typedef union gv {
    uint8_t b[16];
    __m128i v;
} gv;

/* ShiftBytes offsets (sec. 3.3): P512 0..7, Q512 1,3,5,7,0,2,4,6;
 * P1024 0..6,11, Q1024 1,3,5,11,0,2,4,6 */
static const gv MASK_PQ512[8] = {MASK16(M512, 0, 1), MASK16(M512, 1, 3), MASK16(M512, 2, 5),
                                 MASK16(M512, 3, 7), MASK16(M512, 4, 0), MASK16(M512, 5, 2),
                                 MASK16(M512, 6, 4), MASK16(M512, 7, 6)};
static const gv MASK_P1024[8] = {MASK16(M1024, 0, 0), MASK16(M1024, 1, 0), MASK16(M1024, 2, 0),
                                 MASK16(M1024, 3, 0), MASK16(M1024, 4, 0), MASK16(M1024, 5, 0),
                                 MASK16(M1024, 6, 0), MASK16(M1024, 11, 0)};
static const gv MASK_Q1024[8] = {MASK16(M1024, 1, 0), MASK16(M1024, 3, 0), MASK16(M1024, 5, 0),
                                 MASK16(M1024, 11, 0), MASK16(M1024, 0, 0), MASK16(M1024, 2, 0),
                                 MASK16(M1024, 4, 0), MASK16(M1024, 6, 0)};

/* AddRoundConstant (sec. 3.2) of round 0: P adds j << 4 to column j of row
 * 0; Q complements every byte and adds j << 4 to row 7.  Round i adds i
 * more to each of those bytes (j << 4 and i < 16 do not overlap, so XOR
 * with (j << 4) ^ i is the sum): P's constant goes up by one per round,
 * Q's complement down by one. */
#define RC_P(j) ((j) << 4)
#define RC_Q(j) (0xff ^ ((j) << 4))
/* 512: row 0 = P's constant | Q's complement; row 7 = 0 | Q's constant */
static const gv RC512_ROW0 = {{RC_P(0), RC_P(1), RC_P(2), RC_P(3), RC_P(4), RC_P(5), RC_P(6), RC_P(7),
                               0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
static const gv RC512_ROW7 = {{0, 0, 0, 0, 0, 0, 0, 0,
                               RC_Q(0), RC_Q(1), RC_Q(2), RC_Q(3), RC_Q(4), RC_Q(5), RC_Q(6), RC_Q(7)}};
static const gv RC1024_P = {{RC_P(0), RC_P(1), RC_P(2), RC_P(3), RC_P(4), RC_P(5), RC_P(6), RC_P(7),
                             RC_P(8), RC_P(9), RC_P(10), RC_P(11), RC_P(12), RC_P(13), RC_P(14), RC_P(15)}};
static const gv RC1024_Q = {{RC_Q(0), RC_Q(1), RC_Q(2), RC_Q(3), RC_Q(4), RC_Q(5), RC_Q(6), RC_Q(7),
                             RC_Q(8), RC_Q(9), RC_Q(10), RC_Q(11), RC_Q(12), RC_Q(13), RC_Q(14), RC_Q(15)}};

#define X(a, b) _mm_xor_si128((a), (b))
/* the row arrays stay in registers only where these helpers are inlined */
#define GR_INLINE __attribute__((always_inline)) inline

/* each byte times x in GF(2^8) mod x^8 + x^4 + x^3 + x + 1: a byte with its
 * top bit set is negative, so a signed compare with zero picks where 0x1b
 * goes */
static GR_INLINE __m128i xtime(__m128i v)
{
    __m128i carry = _mm_and_si128(_mm_cmpgt_epi8(_mm_setzero_si128(), v), _mm_set1_epi8(0x1b));
    return X(_mm_add_epi8(v, v), carry);
}

/* the eight rows written out, here and below: GCC -O2 leaves loops over
 * them rolled, and the rows then live in memory, not in registers */
#define EACH8(S) do { S(0); S(1); S(2); S(3); S(4); S(5); S(6); S(7); } while (0)

/* SubBytes + ShiftBytes of the eight rows a[] (masks: the tables above) */
static GR_INLINE void sub_shift(__m128i a[8], const gv m[8])
{
    const __m128i zero = _mm_setzero_si128();
#define SUB_SHIFT(r) (a[r] = _mm_aesenclast_si128(_mm_shuffle_epi8(a[r], m[r].v), zero))
    EACH8(SUB_SHIFT);
#undef SUB_SHIFT
}

/* MixBytes (sec. 3.4): B = circ(02, 02, 03, 04, 05, 03, 05, 07), so output
 * row i = sum over k of b_k a_{i+k} (indices mod 8).  Split by the bits of
 * the coefficients, row i = S1 ^ 2 S2 ^ 4 S4 = S1 ^ 2 (S2 ^ 2 S4) with
 * S1 = a2 ^ a4 ^ a5 ^ a6 ^ a7, S2 = a0 ^ a1 ^ a2 ^ a5 ^ a7,
 * S4 = a3 ^ a4 ^ a6 ^ a7 (a_k for a_{i+k}); with t_k = a_k ^ a_{k+1} and
 * u = a2 ^ t6 they share most XORs: S1 = u ^ t4, S2 = u ^ t0 ^ t5,
 * S4 = t3 ^ t6.  Two doublings per row. */
#define MB_ROW(o, a, t, i) do { \
        __m128i u_ = X((a)[((i) + 2) & 7], (t)[((i) + 6) & 7]); \
        __m128i s1_ = X(u_, (t)[((i) + 4) & 7]); \
        __m128i s2_ = X(X(u_, (t)[i]), (t)[((i) + 5) & 7]); \
        __m128i s4_ = X((t)[((i) + 3) & 7], (t)[((i) + 6) & 7]); \
        (o)[i] = X(s1_, xtime(X(s2_, xtime(s4_)))); \
    } while (0)

static GR_INLINE void mix_bytes(__m128i a[8])
{
    __m128i t[8], o[8];
#define MB_T(r) (t[r] = X(a[r], a[((r) + 1) & 7]))
#define MB_O(r) MB_ROW(o, a, t, r)
#define MB_COPY(r) (a[r] = o[r])
    EACH8(MB_T);
    EACH8(MB_O);
    EACH8(MB_COPY);
#undef MB_T
#undef MB_O
#undef MB_COPY
}

/* ---- columns <-> rows ----------------------------------------------------
 * An 8x8 byte matrix in four registers, two 8-byte lines each (byte 8i + j
 * of the 64), to its transpose in the same form: pshufb pairs the bytes of
 * the two lines of a register (16-bit words: line 2k, line 2k+1), then
 * 16- and 32-bit unpacks gather four and eight lines. */
static GR_INLINE void half_transpose(__m128i o[4], const __m128i in[4])
{
    const __m128i pair = _mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    __m128i a0 = _mm_shuffle_epi8(in[0], pair), a1 = _mm_shuffle_epi8(in[1], pair);
    __m128i a2 = _mm_shuffle_epi8(in[2], pair), a3 = _mm_shuffle_epi8(in[3], pair);
    __m128i lo01 = _mm_unpacklo_epi16(a0, a1), hi01 = _mm_unpackhi_epi16(a0, a1);
    __m128i lo23 = _mm_unpacklo_epi16(a2, a3), hi23 = _mm_unpackhi_epi16(a2, a3);
    o[0] = _mm_unpacklo_epi32(lo01, lo23);
    o[1] = _mm_unpackhi_epi32(lo01, lo23);
    o[2] = _mm_unpacklo_epi32(hi01, hi23);
    o[3] = _mm_unpackhi_epi32(hi01, hi23);
}

/* rows r[0..7] from two 8-column matrices a (bytes 0-7 of each row) and b
 * (bytes 8-15): the state's column bytes 8c + r become row registers */
static GR_INLINE void to_rows(__m128i r[8], const __m128i a[4], const __m128i b[4])
{
    __m128i at[4], bt[4];
    unsigned k;
    half_transpose(at, a);
    half_transpose(bt, b);
    for (k = 0; k < 4; k++) {
        r[2 * k] = _mm_unpacklo_epi64(at[k], bt[k]);
        r[2 * k + 1] = _mm_unpackhi_epi64(at[k], bt[k]);
    }
}

/* the inverse of to_rows */
static GR_INLINE void to_cols(__m128i a[4], __m128i b[4], const __m128i r[8])
{
    __m128i at[4], bt[4];
    unsigned k;
    for (k = 0; k < 4; k++) {
        at[k] = _mm_unpacklo_epi64(r[2 * k], r[2 * k + 1]);
        bt[k] = _mm_unpackhi_epi64(r[2 * k], r[2 * k + 1]);
    }
    half_transpose(a, at);
    half_transpose(b, bt);
}

/* ---- the permutations on rows --------------------------------------------- */

/* P512 on the low halves and Q512 on the high halves of x, 10 rounds */
static void rounds_pq512(__m128i x[8])
{
    const __m128i q_not = _mm_set_epi64x(-1, 0), one_lo = _mm_set_epi64x(0, 0x0101010101010101LL);
    const __m128i one_hi = _mm_set_epi64x(0x0101010101010101LL, 0);
    __m128i k0 = RC512_ROW0.v, k7 = RC512_ROW7.v;
    unsigned i;
    for (i = 0; i < 10; i++) {
        x[0] = X(x[0], k0);
        x[1] = X(x[1], q_not); x[2] = X(x[2], q_not); x[3] = X(x[3], q_not);
        x[4] = X(x[4], q_not); x[5] = X(x[5], q_not); x[6] = X(x[6], q_not);
        x[7] = X(x[7], k7);
        sub_shift(x, MASK_PQ512);
        mix_bytes(x);
        k0 = _mm_add_epi8(k0, one_lo);
        k7 = _mm_sub_epi8(k7, one_hi);
    }
}

/* one round of P1024 (q = 0) or Q1024 (q = 1) on the rows x, round
 * constant k (RC1024_P or RC1024_Q moved on by the round number) */
static GR_INLINE void round1024(__m128i x[8], int q, __m128i k)
{
    if (q) {
        const __m128i all = _mm_set1_epi8(-1);
        x[0] = X(x[0], all); x[1] = X(x[1], all); x[2] = X(x[2], all); x[3] = X(x[3], all);
        x[4] = X(x[4], all); x[5] = X(x[5], all); x[6] = X(x[6], all);
        x[7] = X(x[7], k);
        sub_shift(x, MASK_Q1024);
    } else {
        x[0] = X(x[0], k);
        sub_shift(x, MASK_P1024);
    }
    mix_bytes(x);
}

/* P1024(x) and Q1024(y) round by round: two independent chains of
 * aesenclast and doublings for an out-of-order CPU to overlap */
static void rounds_pq1024(__m128i x[8], __m128i y[8])
{
    const __m128i one = _mm_set1_epi8(1);
    __m128i kp = RC1024_P.v, kq = RC1024_Q.v;
    unsigned i;
    for (i = 0; i < 14; i++) {
        round1024(x, 0, kp);
        round1024(y, 1, kq);
        kp = _mm_add_epi8(kp, one);
        kq = _mm_sub_epi8(kq, one);
    }
}

static void rounds_p1024(__m128i x[8])
{
    const __m128i one = _mm_set1_epi8(1);
    __m128i kp = RC1024_P.v;
    unsigned i;
    for (i = 0; i < 14; i++) {
        round1024(x, 0, kp);
        kp = _mm_add_epi8(kp, one);
    }
}

/* ---- on the state's columns (the context's form) ---------------------------
 * Column c is the little-endian word w[c], i.e. bytes 8c .. 8c + 7 on x86:
 * the memory is the 8x8 (or 8x16) byte matrix stored by columns. */
#define LD(p, k) _mm_loadu_si128((const __m128i *)(const void *)((const uint8_t *)(p) + 16 * (k)))
#define ST(p, k, v) _mm_storeu_si128((__m128i *)(void *)((uint8_t *)(p) + 16 * (k)), (v))

/* P512 alone, for the output transformation (groestl_cols.h's GR_OUTPUT):
 * w in both halves, Q's result dropped */
static void perm_p512(uint64_t w[8])
{
    __m128i a[4], unused[4], r[8];
    unsigned k;
    for (k = 0; k < 4; k++)
        a[k] = LD(w, k);
    to_rows(r, a, a);
    rounds_pq512(r);
    to_cols(a, unused, r);
    for (k = 0; k < 4; k++)
        ST(w, k, a[k]);
}

static void perm_p1024(uint64_t w[16])
{
    __m128i a[8], r[8];
    unsigned k;
    for (k = 0; k < 8; k++)
        a[k] = LD(w, k);
    to_rows(r, a, a + 4);
    rounds_p1024(r);
    to_cols(a, a + 4, r);
    for (k = 0; k < 8; k++)
        ST(w, k, a[k]);
}

/* f(h, m) = P(h ^ m) ^ Q(m) ^ h (sec. 3.1) */
void hb_groestl512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    __m128i h[4], y[4], z[4], r[8];
    unsigned k;
    for (k = 0; k < 4; k++)
        h[k] = LD(state, k);
    while (n--) {
        for (k = 0; k < 4; k++) {
            z[k] = LD(blk, k);
            y[k] = X(h[k], z[k]);
        }
        to_rows(r, y, z);
        rounds_pq512(r);
        to_cols(y, z, r);
        for (k = 0; k < 4; k++)
            h[k] = X(h[k], X(y[k], z[k]));
        blk += 64;
    }
    for (k = 0; k < 4; k++)
        ST(state, k, h[k]);
}

void hb_groestl1024_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    __m128i h[8], y[8], z[8], p[8], q[8];
    unsigned k;
    for (k = 0; k < 8; k++)
        h[k] = LD(state, k);
    while (n--) {
        for (k = 0; k < 8; k++) {
            z[k] = LD(blk, k);
            y[k] = X(h[k], z[k]);
        }
        to_rows(p, y, y + 4);
        to_rows(q, z, z + 4);
        rounds_pq1024(p, q);
        to_cols(y, y + 4, p);
        to_cols(z, z + 4, q);
        for (k = 0; k < 8; k++)
            h[k] = X(h[k], X(y[k], z[k]));
        blk += 128;
    }
    for (k = 0; k < 8; k++)
        ST(state, k, h[k]);
}

#include "../groestl_md.h"

#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_groestl_aesni_unused;
#endif
