/* Ascon-p (SP 800-232 sec. 3): constant addition, bitsliced 5-bit S-box,
 * linear diffusion.  See ascon.h for the byte view. */
#include "ascon.h"
#include "../../common/hb_util.h"

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

static void ap_add(void *st, const uint8_t *in, size_t off, size_t len) HB_REENTRANT
{
    uint64_t *S = (uint64_t *)st;
    if (len == 8 && !(off & 7)) {
        S[off >> 3] ^= hb_load64_le(in);
        return;
    }
    for (; len; len--, off++) S[off >> 3] ^= (uint64_t)*in++ << (8 * (off & 7));
}

static void ap_extract(const void *st, uint8_t *out, size_t off, size_t len) HB_REENTRANT
{
    const uint64_t *S = (const uint64_t *)st;
    if (len == 8 && !(off & 7)) {
        hb_store64_le(out, S[off >> 3]);
        return;
    }
    for (; len; len--, off++) *out++ = (uint8_t)(S[off >> 3] >> (8 * (off & 7)));
}

static void ap_permute(void *st, unsigned rounds) HB_REENTRANT
{
    hb_asconp_permute(st, rounds);
}

const hb_perm hb_asconp = {40, ap_add, ap_extract, ap_permute};
