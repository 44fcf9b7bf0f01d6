/* HAL of the avr target: see hal_avr.h; the register protocol is
 * described in simavr_run.c.  No interrupt is ever enabled. */
#include <avr/io.h>
#include "hal_avr.h"

#ifndef HB_AVR_MCU_NAME
#define HB_AVR_MCU_NAME "atmega1281"
#endif
#ifndef F_CPU
#define F_CPU 16000000UL
#endif

/* simavr reads the MCU and clock from this ELF section (placed at
 * 0x910000 by the link flags in python/hashbench/targets/avr.py); the harness
 * passes them too, so an image also runs without it. */
#include "avr_mcu_section.h" /* simavr: -I/usr/include/simavr/avr */
AVR_MCU(F_CPU, HB_AVR_MCU_NAME);

#define CMD_CYCLES 1
#define CMD_INSNS 2
#define CMD_EXIT 3

static uint64_t latched(uint8_t cmd)
{
    union {
        uint8_t b[8];
        uint64_t v;
    } u;
    GPIOR0 = cmd; /* the simulator latches the count at this write */
    u.b[0] = GPIOR1;
    u.b[1] = GPIOR1;
    u.b[2] = GPIOR1;
    u.b[3] = GPIOR1;
    u.b[4] = GPIOR1;
    u.b[5] = GPIOR1;
    u.b[6] = GPIOR1;
    u.b[7] = GPIOR1;
    return u.v;
}

uint64_t hal_cycles(void) { return latched(CMD_CYCLES); }

uint64_t hal_instructions(void) { return latched(CMD_INSNS); }

void hal_putc(char c) { GPIOR2 = (uint8_t)c; }

/* exit() runs .fini sections before it stops the CPU: tell the simulator */
void hb_avr_exit_marker(void) __attribute__((naked, used, section(".fini8")));
void hb_avr_exit_marker(void) { GPIOR0 = CMD_EXIT; }
