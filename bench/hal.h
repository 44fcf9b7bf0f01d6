/*
 * hal.h -- the contract between the measuring firmware (firmware.c) and a
 * target: what every targets/<t>/ HAL implements.  A target's own header
 * (HB_FW_HAL, named by hal_header in its target.toml) is included first and
 * may add what only it has; this file declares the common part and says
 * which optional features a target announces by macro.
 *
 * Required:
 *   hal_cycles()         cycle count, exact or modelled (the target's
 *                        count_kind says which), monotonic, 64-bit
 *   hal_putc(c)          one byte of console output
 * Optional, announced by a macro the target's header or flags define:
 *   HB_FW_HAS_INSTRUCTIONS  hal_instructions(): retired instructions
 *   HB_FW_HAL_STACK         hal_stack_paint() / hal_stack_used(): the
 *                           target measures peak stack itself (several
 *                           stacks, as on the 8051); otherwise firmware.c
 *                           paints HB_FW_STACK_PAINT bytes below its frame
 * The firmware ends by returning from main(); the target's start-up code
 * turns that into the simulator's exit.
 */
#ifndef HB_BENCH_HAL_H
#define HB_BENCH_HAL_H
#include <stdint.h>

uint64_t hal_cycles(void);
void hal_putc(char c);
#ifdef HB_FW_HAS_INSTRUCTIONS
uint64_t hal_instructions(void);
#endif
#ifdef HB_FW_HAL_STACK
void hal_stack_paint(void);
uint16_t hal_stack_used(void);
#endif
#endif
