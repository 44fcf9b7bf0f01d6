/*
 * test_echo_counter.c -- ECHO's compression function at counters the KATs
 * never reach (a carry out of the low counter word needs a message of
 * 512 MiB): the host library's form (lanes64, which keys whole rounds by
 * k0 + n and keeps a separate path for rounds where k0 wraps) against the
 * `unrolled` form, which increments the 128-bit counter word by word.
 * The unrolled form is compiled into this program with its exported names
 * renamed to ref_* (see the Makefile rule).
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "../../src/algos/echo/echo.h"

void ref_echo_compress(uint32_t *V, int big, const uint8_t *blk, const uint32_t *cnt);

int main(void)
{
    /* low words on both sides of every place the round-level path switches
     * (k0 > 0xffffffef: a carry within the round's 16 words) and of the
     * last rounds' carries; high words all ones to run the carry through
     * all four */
    static const uint32_t lows[] = {0, 0x7fffffff, 0xffffff00, 0xffffff5f, 0xffffff60, 0xffffffe0,
                                    0xffffffee, 0xffffffef, 0xfffffff0, 0xfffffff1, 0xfffffffe,
                                    0xffffffff};
    static const uint32_t highs[][3] = {{0, 0, 0}, {0xffffffff, 0, 7}, {0xffffffff, 0xffffffff, 0},
                                        {0xffffffff, 0xffffffff, 0xffffffff}};
    uint32_t V1[32], V2[32], cnt[4], x = 0x12345678;
    uint8_t blk[192];
    unsigned i, l, h, big, fail = 0, n = 0;
    for (l = 0; l < sizeof lows / sizeof lows[0]; l++)
        for (h = 0; h < sizeof highs / sizeof highs[0]; h++)
            for (big = 0; big < 2; big++) {
                /* xorshift32: a different state and block for every case */
                for (i = 0; i < 32; i++) {
                    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
                    V1[i] = V2[i] = x;
                }
                for (i = 0; i < sizeof blk; i++) {
                    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
                    blk[i] = (uint8_t)x;
                }
                cnt[0] = lows[l];
                cnt[1] = highs[h][0]; cnt[2] = highs[h][1]; cnt[3] = highs[h][2];
                hb_echo_compress(V1, (int)big, blk, cnt);
                ref_echo_compress(V2, (int)big, blk, cnt);
                n++;
                if (memcmp(V1, V2, sizeof V1) != 0) {
                    fail++;
                    fprintf(stderr, "FAIL echo counter %08x %08x %08x %08x big=%u\n", cnt[3], cnt[2],
                            cnt[1], cnt[0], big);
                }
            }
    printf("echo counter: %u cases, %u failed\n", n, fail);
    return fail != 0;
}
