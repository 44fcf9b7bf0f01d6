/*
 * hal.h -- HAL of the MicroBlaze targets (microblaze, microblaze-area)
 * under qemu-system-microblaze -M petalogix-s3adsp1800 with the counting
 * plugin targets/microblaze/mbcycles.c.
 *
 * hal_cycles() and hal_instructions() execute a marker instruction the
 * plugin answers by writing its counts into hb_mailbox; the console is
 * the board's xps-uartlite; hal_exit() hands the exit code to the plugin,
 * which ends the run.
 */
#ifndef HB_HAL_MICROBLAZE_H
#define HB_HAL_MICROBLAZE_H
#include <stdint.h>

/* petalogix-s3adsp1800: AXI/XPS UART Lite (TX FIFO at +4, status at +8) */
#ifndef HB_UART_BASE
#define HB_UART_BASE 0x84000000u
#endif

uint64_t hal_cycles(void);
uint64_t hal_instructions(void);
void hal_putc(char c);
void hal_puts(const char *s);
void hal_exit(int code) __attribute__((noreturn));
#endif
