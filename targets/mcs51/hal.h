/*
 * hal.h -- HAL of the mcs51 target (SDCC --model-large, run under s51).
 *
 * Cycle source: hal_cycles() calls hal_mark(), a function the runner
 * (python/hashbench/targets/mcs51.py) sets an s51 breakpoint on.  At each
 * hit the runner reads the simulator's tick counter (sim_ticks: oscillator
 * clocks, 12 per machine cycle on a classic 8051), extends it to 64 bits and
 * writes it into hal_clock before continuing; hal_cycles() returns it.  No
 * timer, no interrupt: the count is the simulator's own, exact and
 * repeatable, and the constant cost of the marker itself is measured and
 * subtracted by bench/firmware.c ("overhead").
 *
 * Console and stop go through the s51 simulator interface (simif) at
 * xram[0xffff] (s51 -I if=xram[0xffff],out=FILE): 'w' writes a byte to the
 * output file, 's' stops the simulation.
 *
 * Stack: 8051 calls push onto the internal-RAM (idata) stack, which grows
 * upwards; reentrant functions (HB_REENTRANT, i.e. everything called
 * through a pointer) keep their parameters and locals there too.
 * hal_stack_paint()/hal_stack_used() measure its peak (HB_FW_HAL_STACK).
 */
#ifndef HB_HAL_MCS51_H
#define HB_HAL_MCS51_H
#include <stdint.h>

#define HB_FW_HAL_STACK 1

uint64_t hal_cycles(void);
void hal_putc(char c);
void hal_exit(int code);
void hal_stack_paint(void);
uint16_t hal_stack_used(void);
#endif
