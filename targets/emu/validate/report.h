/*
 * report.h -- what the validation harnesses print: one line per timed call,
 * "<what> cycles=<c> overhead=<o> ok=<0|1>", read by
 * python/hashbench/validate.py.
 * The cycle count is taken between two reads of the emulator's counter
 * (targets/emu/hal_mmio.h), as a board's harness brackets the call with
 * two reads of DWT_CYCCNT; "overhead" is the same bracket around nothing.
 */
#ifndef HB_VALIDATE_REPORT_H
#define HB_VALIDATE_REPORT_H
#include <stdint.h>
#include "hal_mmio.h"

static void hb_put_u64(uint64_t v)
{
    char buf[21];
    int i = 20;
    buf[i] = 0;
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    hal_puts(buf + i);
}

static uint64_t hb_bracket_overhead(void)
{
    uint64_t t0 = hal_cycles();
    uint64_t t1 = hal_cycles();
    return t1 - t0;
}

static int hb_report(const char *what, uint64_t cycles, uint64_t overhead, int ok)
{
    hal_puts(what);
    hal_puts(" cycles=");
    hb_put_u64(cycles);
    hal_puts(" overhead=");
    hb_put_u64(overhead);
    hal_puts(ok ? " ok=1\n" : " ok=0\n");
    return ok ? 0 : 1;
}
#endif
