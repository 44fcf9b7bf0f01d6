/*
 * hal_mmio.h -- HAL of the emulated targets (Cortex-M0/M3/M4, Cortex-A9,
 * ARM7TDMI, RV32IMC under python/hashbench/emu).  The emulator maps a small
 * I/O block at HB_MMIO_BASE (layout: python/hashbench/emu/mmio.py): a
 * modelled cycle counter, an instruction counter, a console and an exit
 * register.
 */
#ifndef HB_HAL_MMIO_H
#define HB_HAL_MMIO_H
#include <stdint.h>

#ifndef HB_MMIO_BASE
#define HB_MMIO_BASE 0x40000000u
#endif

uint64_t hal_cycles(void);
uint64_t hal_instructions(void);
void hal_putc(char c);
void hal_puts(const char *s);
void hal_exit(int code);
#endif
