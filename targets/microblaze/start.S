/* Start-up of the MicroBlaze targets.  QEMU starts at the ELF entry with
 * the data already loaded; the vectors at address 0 (LMB BRAM) catch the
 * exceptions and interrupts a hang would otherwise hide. */
    .section .vectors, "ax"
    .globl _vectors
_vectors:
    brai _start          /* 0x00 reset */
    .balign 8
    brai _hb_exception   /* 0x08 user exception */
    .balign 8
    brai _hb_exception   /* 0x10 interrupt */
    .balign 8
    brai _hb_exception   /* 0x18 break */
    .balign 8
    brai _hb_exception   /* 0x20 hardware exception */

    .text
    .globl _start
    .type _start, @function
_start:
    /* stack at the top of DDR; small-data anchors (r13: .sdata/.sbss,
     * r2: .sdata2) as gcc's MicroBlaze ABI wants.  The assembler adds the
     * imm prefix a 32-bit constant needs. */
    addik r1, r0, __stack_top
    addik r13, r0, _SDA_BASE_
    addik r2, r0, _SDA2_BASE_
    /* clear .sbss and .bss */
    addik r5, r0, __bss_start
    addik r6, r0, __bss_end
1:  cmpu  r7, r6, r5
    bgei  r7, 2f
    swi   r0, r5, 0
    brid  1b
    addik r5, r5, 4
2:  brlid r15, main
    nop
    brlid r15, hal_exit
    add   r5, r3, r0
3:  bri   3b
    .size _start, . - _start

_hb_exception:
    addik r1, r1, -32
    mfs   r5, rear
    mfs   r6, resr
    brlid r15, hb_trap
    nop
    bri   0
