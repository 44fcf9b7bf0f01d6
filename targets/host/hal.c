/* Host HAL: TSC on x86-64, nanoseconds elsewhere (see hal.h). */
#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include "hal_host.h"

static double hz;

static uint64_t ns_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
uint64_t hal_cycles(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}
const char *hal_cycle_source(void) { return "rdtsc"; }

void hal_setup(void)
{
    /* TSC rate against the monotonic clock over ~200 ms */
    uint64_t n0 = ns_now(), c0 = hal_cycles(), n1, c1;
    do { n1 = ns_now(); } while (n1 - n0 < 200000000u);
    c1 = hal_cycles();
    hz = (double)(c1 - c0) * 1e9 / (double)(n1 - n0);
}
#else
uint64_t hal_cycles(void) { return ns_now(); }
const char *hal_cycle_source(void) { return "clock_gettime_ns"; }
void hal_setup(void) { hz = 1e9; }
#endif

double hal_cycle_hz(void) { return hz; }
