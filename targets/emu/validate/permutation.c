/*
 * Times one Keccak-f[1600] permutation of a published ARMv7-M assembly
 * implementation (fetched by the user, never part of hashbench), and checks
 * it by computing SHA3-256("") through the implementation's own
 * add/extract functions (its state is bit-interleaved).
 *   -DHB_VAL_PQM4: pqm4 common/keccakf1600.S
 *   -DHB_VAL_XKCP: XKCP KeccakP-1600-inplace-32bi-armv7m-le-gcc.s
 */
#include <stdint.h>
#include <string.h>
#include "report.h"

#if defined(HB_VAL_PQM4)
void KeccakF1600_StateXORBytes(uint64_t *state, const unsigned char *data, unsigned int offset,
                               unsigned int length);
void KeccakF1600_StateExtractBytes(uint64_t *state, unsigned char *data, unsigned int offset,
                                   unsigned int length);
void KeccakF1600_StatePermute(uint64_t *state);
#define ADD_BYTES(s, d, o, l) KeccakF1600_StateXORBytes((s), (d), (o), (l))
#define EXTRACT_BYTES(s, d, o, l) KeccakF1600_StateExtractBytes((s), (d), (o), (l))
#define PERMUTE(s) KeccakF1600_StatePermute(s)
#elif defined(HB_VAL_XKCP)
void KeccakP1600_AddBytes(void *state, const unsigned char *data, unsigned int offset, unsigned int length);
void KeccakP1600_ExtractBytes(const void *state, unsigned char *data, unsigned int offset,
                              unsigned int length);
void KeccakP1600_Permute_24rounds(void *state);
#define ADD_BYTES(s, d, o, l) KeccakP1600_AddBytes((s), (d), (o), (l))
#define EXTRACT_BYTES(s, d, o, l) KeccakP1600_ExtractBytes((s), (d), (o), (l))
#define PERMUTE(s) KeccakP1600_Permute_24rounds(s)
#else
#error "define HB_VAL_PQM4 or HB_VAL_XKCP"
#endif

/* SHA3-256 of the empty message (FIPS 202 example values) */
static const unsigned char expect[32] = {
    0xa7, 0xff, 0xc6, 0xf8, 0xbf, 0x1e, 0xd7, 0x66, 0x51, 0xc1, 0x47, 0x56, 0xa0, 0x61, 0xd6, 0x62,
    0xf5, 0x80, 0xff, 0x4d, 0xe4, 0x3b, 0x49, 0xfa, 0x82, 0xd8, 0x0a, 0x4b, 0x80, 0xf8, 0x43, 0x4a};

int main(void)
{
    static uint64_t state[25];
    unsigned char block[136] = {0}, out[32];
    uint64_t overhead = hb_bracket_overhead(), t0, t1;
    block[0] = 0x06;
    block[135] = 0x80;
    ADD_BYTES(state, block, 0, sizeof block);
    t0 = hal_cycles();
    PERMUTE(state);
    t1 = hal_cycles();
    EXTRACT_BYTES(state, out, 0, sizeof out);
    return hb_report("permute", t1 - t0 - overhead, overhead, memcmp(out, expect, sizeof out) == 0);
}
