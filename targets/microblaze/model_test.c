/*
 * model_test.c -- instruction sequences whose cycles follow directly from
 * the pipeline rules the plugin applies (UG984 5- and 3-stage, MB-Lite).
 * tests/python/test_target_microblaze.py builds this with the HAL, compares
 * the "name=cycles" lines with the rules, and runs the same image on the
 * MB-Lite RTL when that is at hand.  Each sequence is timed twice and three
 * times in a row between two hal_cycles() calls; the difference is the
 * sequence's own cost, free of whatever the compiler places around the
 * calls (a first, untimed run takes the set-up the compiler hoists).
 */
#include <stdint.h>
#include "hal.h"

static void put_u(uint64_t v)
{
    char b[21];
    int i = 0;
    do { b[i++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    while (i) hal_putc(b[--i]);
}

static void report(const char *name, uint64_t c)
{
    hal_puts(name);
    hal_putc('=');
    put_u(c);
    hal_putc('\n');
}

#define R4(x) x x x x
#define R8(x) R4(x) R4(x)
#define R16(x) R8(x) R8(x)
#define CLOB "r18", "r19", "r22", "memory"
#define TIME(name, body) do {                                  \
        uint64_t t0 = hal_cycles(), twice, thrice;              \
        __asm__ volatile(body :: "r"(p) : CLOB);                \
        t0 = hal_cycles();                                      \
        __asm__ volatile(body body :: "r"(p) : CLOB);           \
        twice = hal_cycles() - t0;                              \
        t0 = hal_cycles();                                      \
        __asm__ volatile(body body body :: "r"(p) : CLOB);      \
        thrice = hal_cycles() - t0;                             \
        report(name, thrice - twice);                           \
    } while (0)

static volatile uint32_t word = 5;

int main(void)
{
    volatile uint32_t *p = &word; /* %0 in the sequences */
    /* 16 dependent ALU operations: forwarded, one cycle each */
    TIME("alu16", R16("addk r18, r18, r19\n\t"));
    /* load, then its result at once: 2 stall cycles (5-stage) */
    TIME("load_use1", R8("lwi r18, %0, 0\n\taddk r19, r18, r18\n\t"));
    /* load, one instruction, then its result: 1 stall cycle */
    TIME("load_use2", R8("lwi r18, %0, 0\n\taddk r22, r19, r19\n\taddk r19, r18, r18\n\t"));
    /* multiply, then its result at once: 2 stall cycles */
    TIME("mul_use1", R8("mul r18, r19, r19\n\taddk r22, r18, r18\n\t"));
    /* barrel shift, then its result at once: 1 stall cycle */
    TIME("bs_use1", R8("bslli r18, r19, 3\n\taddk r22, r18, r18\n\t"));
    /* load, then an instruction whose immediate has the load's rD in bits
     * 11-15 (-28672 = 0x9000: r18): no dependency, but MB-Lite's load-use
     * check compares the raw field and stalls */
    TIME("load_immfield", R8("lwi r18, %0, 0\n\taddik r22, r19, -28672\n\t"));
    /* load, then a store of its result: UG984's store reads rD in OF;
     * MB-Lite forwards it from MEM */
    TIME("load_store", R8("lwi r18, %0, 0\n\tswi r18, %0, 0\n\t"));
    /* 8 iterations of a loop closed by a delay-slot branch */
    TIME("loop_delay8", "addik r18, r0, 8\n1:\taddik r18, r18, -1\n\tbneid r18, 1b\n\tnop\n\t");
    /* the same loop with a branch without delay slot */
    TIME("loop_nodelay8", "addik r18, r0, 8\n1:\taddik r18, r18, -1\n\tbnei r18, 1b\n\t");
    return 0;
}
