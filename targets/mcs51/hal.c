/*
 * hal.c -- mcs51 HAL: see hal.h.  The runner finds hal_mark and hal_clock
 * by name in the linker map, so neither may be renamed or made static.
 */
#include <stdint.h>
#include "hal.h"

#define SIF (*(volatile __xdata uint8_t *)0xffff)
#define SIF_WRITE 'w'
#define SIF_STOP  's'

__sfr __at(0x81) hal_sp;
__sfr __at(0xa0) hal_p2; /* high address byte of MOVX @Ri: the pdata page */
/* the pdata stack pointer of --xstack (SDCC runtime) */
extern __data uint8_t spx;

/* written by the runner at every hit of the breakpoint on hal_mark */
volatile __xdata uint64_t hal_clock;

void hal_mark(void)
{
    __asm
        nop
    __endasm;
}

uint64_t hal_cycles(void)
{
    hal_mark();
    return hal_clock;
}

void hal_putc(char c)
{
    SIF = SIF_WRITE;
    SIF = (uint8_t)c;
}

void hal_exit(int code)
{
    (void)code;
    for (;;) SIF = SIF_STOP;
}

#define PAINT 0xA5u
static __xdata uint8_t base, xbase;

/* Paint both stacks above the caller's frame: the idata stack (return
 * addresses; on entry SP points at the high byte of our own return
 * address, i.e. the caller's SP + 2) and the pdata stack of --xstack
 * (parameters and locals of reentrant functions). */
void hal_stack_paint(void)
{
    uint8_t p, n;
    base = (uint8_t)(hal_sp - 2);
    xbase = spx;
    /* counted loops on 8-bit indices: the stacks end at address 0xff */
    for (p = hal_sp + 1, n = (uint8_t)(0xff - hal_sp); n; n--, p++) *(__idata uint8_t *)p = PAINT;
    for (p = xbase, n = (uint8_t)(0xff - xbase); n; n--, p++) *(__pdata uint8_t *)p = PAINT;
}

/* Bytes of both stacks written since hal_stack_paint() (at least the 2
 * bytes of the return address of the call its caller made). */
uint16_t hal_stack_used(void)
{
    uint8_t i = 0xfe, j = 0xfe;
    while (i > (uint8_t)(base + 2) && *(__idata uint8_t *)i == PAINT) i--;
    while (j >= xbase && *(__pdata uint8_t *)j == PAINT) {
        if (j == xbase) { j = 0; break; }
        j--;
    }
    return (uint16_t)(i - base) + (j >= xbase ? (uint16_t)(j + 1 - xbase) : 0u);
}

/* bench/firmware.c's main is renamed hb_fw_main (-Dmain=hb_fw_main) so the
 * simulation stops when it returns. */
int hb_fw_main(void);

void main(void)
{
    /* the --xstack pdata stack: all of xram page 0 (xdata starts at 0x100);
     * nothing on it yet is needed again: hb_fw_main's result goes to hal_exit */
    hal_p2 = 0;
    spx = 0;
    hal_exit(hb_fw_main());
}
