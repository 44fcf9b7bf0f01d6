/* HAL of the emulated targets: see hal_mmio.h */
#include "hal_mmio.h"

#define REG(off) (*(volatile uint32_t *)(HB_MMIO_BASE + (off)))

uint64_t hal_cycles(void)
{
    uint32_t lo = REG(0x00); /* latches the high half */
    return ((uint64_t)REG(0x04) << 32) | lo;
}

uint64_t hal_instructions(void)
{
    uint32_t lo = REG(0x08);
    return ((uint64_t)REG(0x0C) << 32) | lo;
}

void hal_putc(char c) { REG(0x10) = (uint8_t)c; }

void hal_puts(const char *s)
{
    while (*s) hal_putc(*s++);
}

void hal_exit(int code)
{
    REG(0x14) = (uint32_t)code;
    for (;;) {
    }
}
