"""Run a firmware ELF under Unicorn with a cycle model (see __init__.py)."""
from __future__ import annotations

import dataclasses
import time
from typing import Any, NamedTuple

import capstone as cs
import unicorn as uc
from elftools.elf.elffile import ELFFile
from unicorn import arm_const as UA
from unicorn import riscv_const as UR
from unicorn.unicorn import Uc, UcError

from . import mmio
from .cycle_models import MODELS, Model


@dataclasses.dataclass(frozen=True)
class Machine:
    """Memory map and CPU of one emulated target."""
    name: str
    model: str                 # key of cycle_models.MODELS
    uc_arch: int
    uc_mode: int
    uc_cpu: int | None
    cs_arch: int
    cs_mode: int
    ram_base: int
    ram_size: int
    mmio_base: int
    thumb_entry: bool = False


def _cpu(name: str) -> int | None:
    return getattr(UA, name, None)


MACHINES = {
    "cortex-m0": Machine("cortex-m0", "cortex-m0", uc.UC_ARCH_ARM, uc.UC_MODE_THUMB | uc.UC_MODE_MCLASS,
                         _cpu("UC_CPU_ARM_CORTEX_M0"), cs.CS_ARCH_ARM, cs.CS_MODE_THUMB | cs.CS_MODE_MCLASS,
                         0x20000000, 4 << 20, 0x40000000, thumb_entry=True),
    "cortex-m3": Machine("cortex-m3", "cortex-m3", uc.UC_ARCH_ARM, uc.UC_MODE_THUMB | uc.UC_MODE_MCLASS,
                         _cpu("UC_CPU_ARM_CORTEX_M3"), cs.CS_ARCH_ARM, cs.CS_MODE_THUMB | cs.CS_MODE_MCLASS,
                         0x20000000, 4 << 20, 0x40000000, thumb_entry=True),
    "cortex-m4": Machine("cortex-m4", "cortex-m4", uc.UC_ARCH_ARM, uc.UC_MODE_THUMB | uc.UC_MODE_MCLASS,
                         _cpu("UC_CPU_ARM_CORTEX_M4"), cs.CS_ARCH_ARM, cs.CS_MODE_THUMB | cs.CS_MODE_MCLASS,
                         0x20000000, 4 << 20, 0x40000000, thumb_entry=True),
    "cortex-a9": Machine("cortex-a9", "cortex-a9", uc.UC_ARCH_ARM, uc.UC_MODE_ARM,
                         _cpu("UC_CPU_ARM_CORTEX_A9"), cs.CS_ARCH_ARM, cs.CS_MODE_ARM,
                         0x20000000, 4 << 20, 0x40000000),
    # ARM7TDMI code (ARMv4T) runs on Unicorn's ARM926 core
    "arm7tdmi": Machine("arm7tdmi", "arm7tdmi", uc.UC_ARCH_ARM, uc.UC_MODE_ARM,
                        _cpu("UC_CPU_ARM_926"), cs.CS_ARCH_ARM, cs.CS_MODE_ARM,
                        0x20000000, 4 << 20, 0x40000000),
    "rv32imc": Machine("rv32imc", "rv32imc", uc.UC_ARCH_RISCV, uc.UC_MODE_RISCV32,
                       getattr(UR, "UC_CPU_RISCV32_BASE32", None), cs.CS_ARCH_RISCV,
                       cs.CS_MODE_RISCV32 | cs.CS_MODE_RISCVC, 0x80000000, 4 << 20, 0x10000000),
}


class EmulationError(Exception):
    pass


class EmulationTimeout(EmulationError):
    pass


class BlockInfo(NamedTuple):
    """What a basic block costs, worked out once per address."""
    n: int                                  # instructions
    cycles: float                           # charged on entry, as if it falls through
    fall: int                               # address after its last instruction
    taken_extra: float                      # added when control leaves it other than by falling through
    cum: list[tuple[int, int, float]]       # (address, instructions, cycles) after each instruction
    landing: float                          # what a taken branch into it adds for where it lands


@dataclasses.dataclass
class Result:
    output: str
    exit_code: int | None
    instructions: int
    cycles: int
    seconds: float


class Emulator:
    def __init__(self, machine: str | Machine, model: Model | None = None):
        self.m = MACHINES[machine] if isinstance(machine, str) else machine
        self.model = model or MODELS[self.m.model]
        self.dis = cs.Cs(self.m.cs_arch, self.m.cs_mode)
        self.dis.detail = True
        self.blocks: dict[int, BlockInfo] = {}

    # -- static analysis of a basic block, cached by address ------------------
    def _block(self, u: Uc, addr: int, size: int) -> BlockInfo:
        code = bytes(u.mem_read(addr, size))
        insns = list(self.dis.disasm(code, addr))
        # cumulative (instructions, cycles) after each insn, for mid-block reads
        cum: list[tuple[int, int, float]] = []
        total: float = 0
        prev = prev_ins = None
        for k, ins in enumerate(insns):
            c = self.model.cost(ins, prev, insns[k + 1] if k + 1 < len(insns) else None, prev_ins)
            total += c.base
            prev, prev_ins = c.cls, ins
            cum.append((ins.address, k + 1, total))
        last = insns[-1] if insns else None
        lastc = self.model.cost(last, None) if last is not None else None
        fall = (last.address + last.size) if last is not None else addr + size
        # what a taken branch into this block adds for where it lands
        landing = self.model.target_extra(insns[0].size, addr) if insns else 0.0
        info = BlockInfo(len(insns), total, fall, lastc.taken_extra if lastc else 0, cum, landing)
        self.blocks[addr] = info
        return info

    def run(self, elf_path: str, timeout_s: float = 60.0, max_instructions: int = 0,
            profile: dict[str, Any] | None = None) -> Result:
        """Run to the firmware's exit.  With `profile` (a dict), also say where
        the modelled cycles went: profile["blocks"] {block address: cycles
        charged on entering it, the refill of the branch into it included}
        and profile["marks"], a copy of that at every read of the cycle
        counter (the firmware brackets what it measures with two reads)."""
        m = self.m
        u = Uc(m.uc_arch, m.uc_mode)
        if m.uc_cpu is not None:
            try:
                u.ctl_set_cpu_model(m.uc_cpu)
            except UcError:
                pass
        u.mem_map(m.ram_base, m.ram_size)
        with open(elf_path, "rb") as f:
            elf = ELFFile(f)
            entry = elf.header.e_entry
            for seg in elf.iter_segments():
                if seg["p_type"] != "PT_LOAD" or seg["p_memsz"] == 0:
                    continue
                if not (m.ram_base <= seg["p_vaddr"] and seg["p_vaddr"] + seg["p_memsz"] <= m.ram_base + m.ram_size):
                    raise EmulationError(f"{elf_path}: segment at {seg['p_vaddr']:#x} outside RAM of {m.name}")
                u.mem_write(seg["p_vaddr"], seg.data())
        sp = m.ram_base + m.ram_size - 16
        if m.uc_arch == uc.UC_ARCH_ARM:
            u.reg_write(UA.UC_ARM_REG_SP, sp)
        else:
            u.reg_write(UR.UC_RISCV_REG_SP, sp)

        st: dict[str, Any] = {"ins": 0, "cyc": 0, "pending_fall": None, "pending_extra": 0, "cur": None,
              "latch_c": 0, "latch_i": 0, "exit": None, "out": []}
        blocks = self.blocks

        def on_block(u: Uc, addr: int, size: int, _: object) -> None:
            info = blocks.get(addr)
            if info is None:
                info = self._block(u, addr, size)
            before = st["cyc"]
            if st["pending_fall"] is not None and addr != st["pending_fall"]:
                st["cyc"] += st["pending_extra"] + (info[5] if st["pending_extra"] else 0)
            st["ins"] += info[0]
            st["cyc"] += info[1]
            st["pending_fall"] = info[2]
            st["pending_extra"] = info[3]
            st["cur"] = info
            if spent is not None:
                spent[addr] = spent.get(addr, 0) + st["cyc"] - before

        spent: dict[int, float] | None = None
        if profile is not None:
            spent = profile.setdefault("blocks", {})
            profile.setdefault("marks", [])

        def exact_counts(u: Uc) -> tuple[int, float]:
            """counts up to and including the current instruction: the block
            was charged whole on entry, so subtract what follows the PC"""
            info = st["cur"]
            pc = u.reg_read(UA.UC_ARM_REG_PC if m.uc_arch == uc.UC_ARCH_ARM else UR.UC_RISCV_REG_PC)
            ins, cyc = st["ins"], st["cyc"]
            if info is not None:
                n, total = info[0], info[1]
                for a, k, c in info[4]:
                    if a == pc:
                        ins -= n - k
                        cyc -= total - c
                        break
            return ins, cyc

        def on_read(u: Uc, access: int, addr: int, size: int, value: int, _: object) -> None:
            off = addr - m.mmio_base
            if off == mmio.CYC_LO:
                if profile is not None:
                    profile["marks"].append(dict(spent or {}))
                _, c = exact_counts(u)
                c = int(round(c))
                st["latch_c"] = c
                u.mem_write(addr, (c & 0xFFFFFFFF).to_bytes(4, "little"))
            elif off == mmio.CYC_HI:
                u.mem_write(addr, ((st["latch_c"] >> 32) & 0xFFFFFFFF).to_bytes(4, "little"))
            elif off == mmio.INS_LO:
                i, _ = exact_counts(u)
                st["latch_i"] = i
                u.mem_write(addr, (i & 0xFFFFFFFF).to_bytes(4, "little"))
            elif off == mmio.INS_HI:
                u.mem_write(addr, ((st["latch_i"] >> 32) & 0xFFFFFFFF).to_bytes(4, "little"))

        def on_write(u: Uc, access: int, addr: int, size: int, value: int, _: object) -> None:
            off = addr - m.mmio_base
            if off == mmio.PUTC:
                st["out"].append(chr(value & 0xFF))
            elif off == mmio.EXIT:
                st["exit"] = value & 0xFFFFFFFF
                u.emu_stop()

        u.mem_map(m.mmio_base, mmio.SIZE)
        u.hook_add(uc.UC_HOOK_BLOCK, on_block)
        u.hook_add(uc.UC_HOOK_MEM_READ, on_read, begin=m.mmio_base, end=m.mmio_base + mmio.SIZE - 1)
        u.hook_add(uc.UC_HOOK_MEM_WRITE, on_write, begin=m.mmio_base, end=m.mmio_base + mmio.SIZE - 1)
        t0 = time.monotonic()
        try:
            u.emu_start(entry | (1 if m.thumb_entry else 0), 0, timeout=int(timeout_s * 1e6),
                        count=max_instructions)
        except UcError as e:
            pc = u.reg_read(UA.UC_ARM_REG_PC if m.uc_arch == uc.UC_ARCH_ARM else UR.UC_RISCV_REG_PC)
            raise EmulationError(f"{m.name}: emulation fault {e} at pc={pc:#x}; output so far: "
                                 f"{''.join(st['out'])[-500:]!r}") from None
        dt = time.monotonic() - t0
        if st["exit"] is None:
            if dt >= timeout_s * 0.99:
                raise EmulationTimeout(f"{m.name}: no exit after {timeout_s:.0f} s (hang?); output so far: "
                                       f"{''.join(st['out'])[-500:]!r}")
            raise EmulationError(f"{m.name}: stopped without exit; output: {''.join(st['out'])[-500:]!r}")
        return Result("".join(st["out"]), st["exit"], st["ins"], int(round(st["cyc"])), dt)
