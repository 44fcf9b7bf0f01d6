"""Instruction-set emulation of embedded CPUs with cycle models.

Unicorn (QEMU's CPU cores as a library) executes a firmware ELF; each
translated basic block is classified once with capstone and charged per
execution by a per-core cycle model built from the published instruction
timings (cycle_models.py).  The firmware reads the modelled cycle count
from a memory-mapped counter (mmio.MMIO), so the C measuring driver is the
same as on a board with a cycle counter."""
