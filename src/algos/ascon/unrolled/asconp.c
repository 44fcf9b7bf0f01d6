/* Ascon-p (SP 800-232 sec. 3), every round written out with its constant
 * and the five words in locals across a whole message: see ../ascon.h for
 * the byte view, ../impls.toml for the forms. */
#include "../ascon.h"
#include "../../../common/hb_util.h"

/* One round: constant addition (sec. 3.2), the S-box (sec. 3.3), the
 * linear layer (sec. 3.4), with x2 kept complemented between rounds.
 *
 * S-box: the bitsliced chi-like form of sec. 3.3 rewritten with
 * ~a & b = (a | b) ^ a, which lets the XORs around chi merge.  With
 * a0 = x0^x4, a2 = x1^x2, a4 = x3^x4 and five ORs (x1 | a2 = x1 | x2,
 * x3 | a4 = x3 | x4):
 *   y0 = x1^a4^o0^o1   y1 = a0^a2^o1^o2   y2 = ~(a2^x3^o3)
 *   y3 = a2^a4^o3^o4   y4 = a0^a4^o0
 * with o0 = a0|x1, o1 = x1|x2, o2 = a2|x3, o3 = x3|x4, o4 = a4|a0: 19
 * operations where the sec. 3.3 sequence takes 27 without an and-not
 * instruction (checked against it on all 32 inputs by the KATs).
 * The NOT of y2 is never done: the linear layer commutes with it, and the
 * next round adds ~c instead of c, so x2 carries its complement through
 * every round and only the end of a permutation run flips it back.
 *
 * Linear layer: x ^ (x >>> r1) ^ (x >>> r2) = x ^ ((x ^ (x >>> (r2-r1))) >>> r1),
 * one copy of x fewer on a CPU whose rotate overwrites its operand. */
#ifdef HB_ASCON_ANDN
/* With and-not in one instruction (the bmi form, ../bmi/asconp.c), the
 * chi-like step as sec. 3.3 writes it is the shorter one: 16 operations;
 * with rorx the rotations need no copies, so they stay side by side. */
#define ROUND(c)                                                              \
    do {                                                                      \
        x2 ^= ~(uint64_t)(c);                                                 \
        a0 = x0 ^ x4; a2 = x1 ^ x2; a4 = x3 ^ x4;                             \
        o0 = a0 ^ (~x1 & x2); o1 = x1 ^ (~a2 & x3); o2 = a2 ^ (~x3 & x4);     \
        o3 = x3 ^ (~a4 & a0); o4 = a4 ^ (~a0 & x1);                           \
        x0 = o0 ^ o4; x1 = o1 ^ o0; x2 = o2; x3 = o3 ^ o2; x4 = o4;           \
        x0 ^= HB_ROTR64(x0, 19) ^ HB_ROTR64(x0, 28);                          \
        x1 ^= HB_ROTR64(x1, 61) ^ HB_ROTR64(x1, 39);                          \
        x2 ^= HB_ROTR64(x2, 1) ^ HB_ROTR64(x2, 6);                            \
        x3 ^= HB_ROTR64(x3, 10) ^ HB_ROTR64(x3, 17);                          \
        x4 ^= HB_ROTR64(x4, 7) ^ HB_ROTR64(x4, 41);                           \
    } while (0)
#else
#define ROUND(c)                                                              \
    do {                                                                      \
        x2 ^= ~(uint64_t)(c);                                                 \
        a0 = x0 ^ x4; a2 = x1 ^ x2; a4 = x3 ^ x4;                             \
        o0 = a0 | x1; o1 = x1 | x2; o2 = a2 | x3; o3 = x3 | x4; o4 = a4 | a0; \
        q = a4 ^ o0; p = a2 ^ o3;                                             \
        x4 = q ^ a0;                                                          \
        x0 = q ^ x1 ^ o1;                                                     \
        x1 = a0 ^ a2 ^ o1 ^ o2;                                               \
        x2 = p ^ x3;                                                          \
        x3 = p ^ a4 ^ o4;                                                     \
        x0 ^= HB_ROTR64(x0 ^ HB_ROTR64(x0, 9), 19);                           \
        x1 ^= HB_ROTR64(x1 ^ HB_ROTR64(x1, 22), 39);                          \
        x2 ^= HB_ROTR64(x2 ^ HB_ROTR64(x2, 5), 1);                            \
        x3 ^= HB_ROTR64(x3 ^ HB_ROTR64(x3, 7), 10);                           \
        x4 ^= HB_ROTR64(x4 ^ HB_ROTR64(x4, 34), 7);                           \
    } while (0)
#endif

/* Ascon-p[12]: the last twelve of the sixteen constants of sec. 3.2 */
#define P12()                                                                 \
    do {                                                                      \
        ROUND(0xf0); ROUND(0xe1); ROUND(0xd2); ROUND(0xc3);                   \
        ROUND(0xb4); ROUND(0xa5); ROUND(0x96); ROUND(0x87);                   \
        ROUND(0x78); ROUND(0x69); ROUND(0x5a); ROUND(0x4b);                   \
    } while (0)

#ifdef HB_ASCON_ANDN
#define LOCALS                                                                \
    uint64_t x0 = S[0], x1 = S[1], x2 = ~S[2], x3 = S[3], x4 = S[4];          \
    uint64_t a0, a2, a4, o0, o1, o2, o3, o4
#else
#define LOCALS                                                                \
    uint64_t x0 = S[0], x1 = S[1], x2 = ~S[2], x3 = S[3], x4 = S[4];          \
    uint64_t a0, a2, a4, o0, o1, o2, o3, o4, p, q
#endif

void hb_asconp_permute(void *st, unsigned rounds) HB_REENTRANT
{
    uint64_t *S = (uint64_t *)st;
    LOCALS;
    /* Ascon-p[r] starts at constant 16 - r */
    switch (rounds) {
    case 16: ROUND(0x3c); /* fall through */
    case 15: ROUND(0x2d); /* fall through */
    case 14: ROUND(0x1e); /* fall through */
    case 13: ROUND(0x0f); /* fall through */
    case 12: ROUND(0xf0); /* fall through */
    case 11: ROUND(0xe1); /* fall through */
    case 10: ROUND(0xd2); /* fall through */
    case 9:  ROUND(0xc3); /* fall through */
    case 8:  ROUND(0xb4); /* fall through */
    case 7:  ROUND(0xa5); /* fall through */
    case 6:  ROUND(0x96); /* fall through */
    case 5:  ROUND(0x87); /* fall through */
    case 4:  ROUND(0x78); /* fall through */
    case 3:  ROUND(0x69); /* fall through */
    case 2:  ROUND(0x5a); /* fall through */
    case 1:  ROUND(0x4b); /* fall through */
    default: break;
    }
    S[0] = x0; S[1] = x1; S[2] = ~x2; S[3] = x3; S[4] = x4;
}

size_t hb_asconp_absorb(uint64_t *S, const uint8_t *in, size_t len) HB_REENTRANT
{
    LOCALS;
    size_t n = len & ~(size_t)7;
    for (len = n; len; len -= 8, in += 8) {
        x0 ^= hb_load64_le(in);
        P12();
    }
    S[0] = x0; S[1] = x1; S[2] = ~x2; S[3] = x3; S[4] = x4;
    return n;
}
