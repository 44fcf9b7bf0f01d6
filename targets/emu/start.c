/* Entry of the emulated targets: the emulator loads the ELF segments at
 * their addresses (zero-filling .bss) and sets the stack pointer, so
 * start-up is only calling main and reporting its exit code. */
#include "hal_mmio.h"

int main(void);

void _start(void) __attribute__((section(".text.start"), noreturn));
void _start(void)
{
    hal_exit(main());
    for (;;) {
    }
}
