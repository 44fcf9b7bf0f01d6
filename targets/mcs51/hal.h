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
 * Stacks (build flags --stack-auto --xstack): return addresses and register
 * spills go on the idata stack (internal RAM, growing upwards); parameters
 * and locals of every function on the 256-byte pdata stack in xram page 0
 * (main() sets P2 = 0 and starts it at 0).  hal_stack_paint() and
 * hal_stack_used() measure the peak of both (HB_FW_HAL_STACK).
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
