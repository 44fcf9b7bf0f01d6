/* Ascon-p (SP 800-232 sec. 3), rounds in a loop: constant addition,
 * bitsliced 5-bit S-box, linear diffusion.  See ../ascon.h for the byte
 * view, ../impls.toml for the forms. */
#include "../ascon.h"
#include "../../../common/hb_util.h"

void hb_asconp_permute(void *st, unsigned rounds) HB_REENTRANT
{
    uint64_t *S = (uint64_t *)st;
    uint64_t x0 = S[0], x1 = S[1], x2 = S[2], x3 = S[3], x4 = S[4], t0, t1, t2, t3, t4;
    unsigned i;

    /* round i of 16 adds c_i = ((3 - i) mod 16) << 4 | ((12 + i) mod 16)
     * (sec. 3.2: 0x3c, 0x2d, ..., 0x4b); Ascon-p[r] uses the last r */
    for (i = 16 - rounds; i < 16; i++) {
        x2 ^= (uint64_t)((((3u - i) & 15u) << 4) | ((12u + i) & 15u));
        /* substitution layer (sec. 3.3), bitsliced over the 64 columns */
        x0 ^= x4; x4 ^= x3; x2 ^= x1;
        t0 = ~x0 & x1; t1 = ~x1 & x2; t2 = ~x2 & x3; t3 = ~x3 & x4; t4 = ~x4 & x0;
        x0 ^= t1; x1 ^= t2; x2 ^= t3; x3 ^= t4; x4 ^= t0;
        x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2;
        /* linear diffusion layer (sec. 3.4), one rotation per statement:
         * SDCC keeps every 64-bit temporary of an expression on the 8051's
         * small hardware stack (a whole line at once overflowed it) */
        t0 = HB_ROTR64(x0, 19); t0 ^= HB_ROTR64(x0, 28); x0 ^= t0;
        t1 = HB_ROTR64(x1, 61); t1 ^= HB_ROTR64(x1, 39); x1 ^= t1;
        t2 = HB_ROTR64(x2, 1);  t2 ^= HB_ROTR64(x2, 6);  x2 ^= t2;
        t3 = HB_ROTR64(x3, 10); t3 ^= HB_ROTR64(x3, 17); x3 ^= t3;
        t4 = HB_ROTR64(x4, 7);  t4 ^= HB_ROTR64(x4, 41); x4 ^= t4;
    }
    S[0] = x0; S[1] = x1; S[2] = x2; S[3] = x3; S[4] = x4;
}

/* A function of its own so that on the 8051 the spills of the inlined
 * 64-bit load leave the idata stack before the permutation, whose own
 * spills need most of it (SDCC inlines only functions declared inline;
 * other compilers inline this one) */
static void xor_rate(uint64_t *S, const uint8_t *in) HB_REENTRANT
{
    S[0] ^= hb_load64_le(in);
}

size_t hb_asconp_absorb(uint64_t *S, const uint8_t *in, size_t len) HB_REENTRANT
{
    size_t n = len & ~(size_t)7;
    for (len = n; len; len -= 8, in += 8) {
        xor_rate(S, in);
        hb_asconp_permute(S, 12);
    }
    return n;
}
