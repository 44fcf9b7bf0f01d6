/*
 * hal.h -- the hardware abstraction every measuring target provides
 * (pqm4 style).  The host implementation reads the x86-64 time-stamp
 * counter (serialised with lfence) and falls back to clock_gettime
 * elsewhere; embedded targets implement the same three calls.
 */
#ifndef HB_HAL_H
#define HB_HAL_H
#include <stdint.h>

void hal_setup(void);
uint64_t hal_cycles(void);          /* monotonic count in the unit below   */
const char *hal_cycle_source(void); /* "rdtsc", "clock_gettime_ns", ...    */
double hal_cycle_hz(void);          /* counts per second (measured)        */

#endif
