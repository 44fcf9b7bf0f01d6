/* BMW-384/512's f in its smallest form: see ../impls.toml.
 *
 * s0..s5 and f2 with their shift amounts taken from tables, i.e. variable
 * shifts: the smallest code (SDCC expands every constant 64-bit shift
 * inline, and BMW-512 with f0 and f1 as loops alone, bmw_compact.h, is
 * 59 KB of 8051 code), slower everywhere.  f0 and f1 are the loops of
 * bmw_compact.h, through calls. */
#include "../bmw_w64.h"
#include "../bmw_core.h"

/* SDCC's loop optimisations keep addresses and common subexpressions in
 * spill locations on the 8051's internal stack (223 bytes for the whole
 * call chain), which BMW-512 overflowed; without them the deepest frames
 * shrink by about a third */
HB_FEWER_SPILLS

static HB_ROM uint8_t BMW_F0[16][5] = BMW_F0_DATA;

/* x << s for s > 0, x >> -s for s < 0 */
static BMW_W bmw_sh(BMW_W x, int s)
{
    if (s > 0) return x << s;
    if (s < 0) return x >> -s;
    return x;
}

/* w, the word size in bits: rotl(x, n) = x << n | x >> (w - n) */
#define BMW_WBITS ((int)sizeof(BMW_W) * 8)

static BMW_W BMW_SFN(unsigned i, BMW_W x)
{
    /* s_i as a sum of shifts (spec table 1.3): x >> a ^ x << b ^ rotl(x,
     * c) ^ rotl(x, d) for i < 4; x >> 1 ^ x, x >> 2 ^ x for s4, s5 */
    static const signed char sp[6][6] = {
        {-1, 3, BMW_S0R1, BMW_S0R1 - BMW_WBITS, BMW_S0R2, BMW_S0R2 - BMW_WBITS},
        {-1, 2, BMW_S1R1, BMW_S1R1 - BMW_WBITS, BMW_S1R2, BMW_S1R2 - BMW_WBITS},
        {-2, 1, BMW_S2R1, BMW_S2R1 - BMW_WBITS, BMW_S2R2, BMW_S2R2 - BMW_WBITS},
        {-2, 2, BMW_S3R1, BMW_S3R1 - BMW_WBITS, BMW_S3R2, BMW_S3R2 - BMW_WBITS},
        {-1, 0}, {-2, 0}
    };
    BMW_W r = 0;
    unsigned k;
    for (k = 0; k < (i < 4 ? 6u : 2u); k++) r ^= bmw_sh(x, sp[i][k]);
    return r;
}

static BMW_W bmw_rotl(BMW_W x, int n)
{
    return (x << n) | (x >> (BMW_WBITS - n));
}

static BMW_W bmw_add(unsigned j, const BMW_W *mr, const BMW_W *H)
{
    return BMW_ADD(j);
}

/* the compact f0/f1 below, through calls: each call's spill locations are
 * freed on return instead of adding up in one frame */
#define BMW_CROTL(x, n) bmw_rotl(x, (int)(n))
#define BMW_CS4(x) BMW_SFN(4, x)
#define BMW_CS5(x) BMW_SFN(5, x)
#define BMW_CADD(j) bmw_add(j, mr, H)

/* f2 (spec 2.2.3) with the shifts as table entries, > 0 left, < 0 right:
 * of xh and of Q[16 + i] for H[0..7], of xl for H[8..15].  A function of
 * its own so that its spill locations (SDCC, 8051: on the internal stack)
 * do not add to those of f0/f1 and the calls they make. */
static void bmw_f2(BMW_W *H, const BMW_W *M, const BMW_W *q)
{
    static const signed char sa[8] = {5, -7, -5, -1, -3, 6, -4, -11};
    static const signed char sb[8] = {-5, 8, 5, 5, 0, -6, 6, 2};
    static const signed char sc[8] = {8, -6, 6, 4, -3, -4, -7, -2};
    /* the running terms in scratch too: kept as temporaries, they went
     * into spill locations */
    HB_SCRATCH BMW_W a;
    HB_SCRATCH BMW_W b;
    BMW_W xl = 0, xh;
    unsigned i;

    for (i = 16; i < 24; i++) xl ^= q[i];
    xh = xl;
    for (i = 24; i < 32; i++) xh ^= q[i];
    for (i = 0; i < 8; i++) {
        a = bmw_sh(xh, sa[i]);
        b = bmw_sh(q[16 + i], sb[i]);
        a ^= b ^ M[i];
        b = xl ^ q[24 + i];
        b ^= q[i];
        H[i] = a + b;
    }
    for (i = 8; i < 16; i++) {
        a = bmw_rotl(H[(i - 4) & 7], (int)i + 1);
        b = xh ^ q[16 + i];
        a += b ^ M[i];
        b = bmw_sh(xl, sc[i - 8]);
        b ^= q[16 + ((i - 9) & 7)];
        b ^= q[i];
        H[i] = a + b;
    }
}

/* f0 and f1 into q; f2 is called beside it, not inside (spill locations) */
static void bmw_f01(const BMW_W *H, const BMW_W *M, BMW_W *q)
{
    HB_SCRATCH BMW_W mr[16];
    HB_SCRATCH BMW_W t[16];
    /* f0 and f1 as loops (small code for 8-bit targets) */
    static const unsigned char rr[7] = {BMW_R1, BMW_R2, BMW_R3, BMW_R4, BMW_R5, BMW_R6, BMW_R7};
    unsigned i, j, k;

    for (i = 0; i < 16; i++) {
        t[i] = M[i] ^ H[i];
        mr[i] = BMW_CROTL(M[i], i + 1);
    }
    for (j = 0; j < 16; j++) {
        BMW_W w = 0;
        for (k = 0; k < 5; k++) {
            unsigned e = HB_ROM_U8(BMW_F0[j], k);
            if (e & 16) w -= t[e & 15];
            else w += t[e];
        }
        q[j] = BMW_SFN(j % 5, w) + H[(j + 1) & 15];
    }
    for (j = 16; j < 32; j++) {
        BMW_W w = 0;
        if (j < 18) {
            for (k = 0; k < 16; k++) w += BMW_SFN((k + 1) & 3, q[j - 16 + k]);
        } else {
            for (k = 0; k < 14; k += 2) w += q[j - 16 + k] + BMW_CROTL(q[j - 15 + k], rr[k / 2]);
            w += BMW_CS4(q[j - 2]) + BMW_CS5(q[j - 1]);
        }
        q[j] = w + BMW_CADD(j);
    }
}

void hb_bmw512_f(uint64_t *H, const uint64_t *M) HB_REENTRANT
{
    HB_SCRATCH BMW_W q[32];
    bmw_f01(H, M, q);
    bmw_f2(H, M, q);
}
