"""The memory-mapped I/O block every emulated target provides (the C side
is targets/emu/hal_mmio.c; keep the two in step).

  base+0x00  r   modelled cycles, low 32 bits (reading it latches the high half)
  base+0x04  r   modelled cycles, high 32 bits (latched)
  base+0x08  r   executed instructions, low 32 bits (latches the high half)
  base+0x0C  r   executed instructions, high 32 bits (latched)
  base+0x10  w   write a character to the console
  base+0x14  w   stop the emulation with this exit code
"""
CYC_LO, CYC_HI, INS_LO, INS_HI, PUTC, EXIT = 0x00, 0x04, 0x08, 0x0C, 0x10, 0x14
SIZE = 0x1000
