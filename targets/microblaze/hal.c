/* HAL of the MicroBlaze targets: see hal.h and mbcycles.c */
#include "hal.h"

/* The plugin's view of this structure (word offsets, tag) is in
 * mbcycles.c; it writes in the guest's byte order. */
struct hb_mailbox {
    uint32_t tag;
    uint32_t cycles_hi, cycles_lo;
    uint32_t insns_hi, insns_lo;
    uint32_t exit_code;
    uint32_t trap_pc, trap_esr;
};
volatile struct hb_mailbox hb_mailbox = {0x48424d42u, 0, 0, 0, 0, 0, 0, 0};

/* "ori r0, r0, imm" writes r0, which always reads 0: a no-op on the
 * processor that the compiler never emits.  The memory clobber keeps the
 * mailbox reads after it. */
#define HB_MARK(code) __asm__ volatile("ori r0, r0, " #code ::: "memory")

uint64_t hal_cycles(void)
{
    HB_MARK(0x4801);
    return ((uint64_t)hb_mailbox.cycles_hi << 32) | hb_mailbox.cycles_lo;
}

uint64_t hal_instructions(void)
{
    HB_MARK(0x4801);
    return ((uint64_t)hb_mailbox.insns_hi << 32) | hb_mailbox.insns_lo;
}

#define UART_TX (*(volatile uint32_t *)(HB_UART_BASE + 4u))
#define UART_STATUS (*(volatile uint32_t *)(HB_UART_BASE + 8u))
#define UART_TX_FULL 0x08u

void hal_putc(char c)
{
    while (UART_STATUS & UART_TX_FULL) {
    }
    UART_TX = (uint8_t)c;
}

void hal_puts(const char *s)
{
    while (*s) hal_putc(*s++);
}

void hal_exit(int code)
{
    hb_mailbox.exit_code = (uint32_t)code;
    HB_MARK(0x4802);
    for (;;) {
    }
}

/* every exception vector lands here (start.S): report where */
void hb_trap(uint32_t pc, uint32_t esr) __attribute__((noreturn));
void hb_trap(uint32_t pc, uint32_t esr)
{
    hb_mailbox.trap_pc = pc;
    hb_mailbox.trap_esr = esr;
    HB_MARK(0x4803);
    for (;;) {
    }
}
