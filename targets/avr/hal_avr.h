/*
 * hal_avr.h -- HAL of the avr target (ATmega1281/328P/2560 under simavr,
 * harness targets/avr/simavr_run.c): exact cycle and instruction counters
 * served by the simulator, a console, and the stack room for painting.
 */
#ifndef HB_HAL_AVR_H
#define HB_HAL_AVR_H
#include <stddef.h>
#include <stdint.h>
#include <avr/io.h>

uint64_t hal_cycles(void);
uint64_t hal_instructions(void);
void hal_putc(char c);

/* Bytes between the end of static RAM (__heap_start, after .bss) and the
 * current stack pointer, less a margin: how far below its frame
 * bench/firmware.c may paint (the runner builds with
 * HB_FW_STACK_PAINT=hal_stack_room(); 8 KB of RAM has no room for a fixed
 * figure).  Two I/O reads: cheap enough for a loop condition. */
extern char __heap_start;
static inline size_t hal_stack_room(void)
{
    size_t room = (size_t)(SP - (uint16_t)&__heap_start);
    return room > 96 ? room - 96 : 0;
}
#endif
