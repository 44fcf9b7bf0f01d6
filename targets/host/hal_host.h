/*
 * hal_host.h -- the host's timer for the harness bench/bench.c (the
 * embedded targets' contract is bench/hal.h).  It reads the x86-64
 * time-stamp counter (serialised with lfence) and falls back to
 * clock_gettime elsewhere.
 */
#ifndef HB_HAL_H
#define HB_HAL_H
#include <stdint.h>

void hal_setup(void);
uint64_t hal_cycles(void);          /* monotonic count in the unit below   */
const char *hal_cycle_source(void); /* "rdtsc", "clock_gettime_ns", ...    */
double hal_cycle_hz(void);          /* counts per second (measured)        */

#endif
