"""Cycle models: the cost of each executed instruction on a given core,
from the instruction timing tables of the cores' technical reference
manuals, applied per instruction class.

A model sees each instruction once, statically (capstone decodes it), and
gives its base cost; the engine adds the dynamic part it can observe
exactly: whether a branch at the end of a basic block was taken (the next
block is not the fall-through).  What a static model cannot see is named
in each model's `limits` and reported with every result: data-dependent
multiplier early termination, wait states (all memory is modelled as zero
wait-state, as on the TCM/SRAM of the boards the published figures come
from), caches and branch prediction (A9).

Sources (timings as summarised from the TRMs):
  Cortex-M0: ARM DDI 0432C, 3.3 "Instruction set summary" (cycle column).
  Cortex-M3: ARM DDI 0337H, 18.2 "Processor instruction timings".
  Cortex-M4: ARM DDI 0439B, 3.3.1 "Cortex-M4 instructions" (cycle column).
  ARM7TDMI:  ARM DDI 0210C, chapter 6 "Instruction Cycle Timings"
             (S/N/I cycles, all counted as one clock with zero wait states).
  Cortex-A9: ARM DDI 0388, "Cortex-A9 TRM" chapter on cycle timings; this
             model is single-issue in-order (the A9 can dual-issue and
             reorder), so it is an upper bound for ALU-bound code.
  RV32IMC:   the PicoRV32 soft core (the cycle-exact target softcore-rv32
             runs its RTL).  Per-class cycles measured on that RTL (with its
             testbench memory: one wait state) by targets/softcore-rv32/micro.c,
             64 identical instructions per class.  Costs of the compressed
             form: ALU/shift/AUIPC 3.5, load 6.5, store 6.5, branch 3.5 (taken
             +3), JAL 5.5, JALR 9.5, MUL 41.5, DIV 39.5; a 4-byte instruction
             costs +0.5 when word-aligned and +1.5 at 2 mod 4 (two fetches).
             Checked on whole algorithms against the RTL: docs/cycle-models.md.
             A 5-stage VexRiscv-like model is kept as "rv32-5stage".
"""
from __future__ import annotations

import dataclasses

import capstone as cs
from capstone import arm_const as A

# instruction classes
ALU, MUL, MULL, DIV, LOAD, STORE, LDM, STM, BRANCH, CALL, RET, NOP, OTHER, SHIFT = (
    "alu", "mul", "mull", "div", "load", "store", "ldm", "stm", "branch", "call", "ret", "nop", "other",
    "shift")
LOADB, AUIPC = "load_bh", "auipc"


@dataclasses.dataclass(frozen=True)
class InsnCost:
    size: int
    cls: str
    base: float        # cycles when not a taken branch (fractional where measured so)
    taken_extra: float # added when the block ends here and control does not fall through
    nregs: int = 0


@dataclasses.dataclass
class Model:
    name: str
    arch: str                      # "arm-thumb-m", "arm-a32", "riscv32"
    costs: dict                    # class -> base cycles
    branch_taken: float            # extra cycles of a taken branch / call / return
    ldm_per_reg: float = 1.0
    ldm_base: int = 1
    pipelined_ldst: bool = False   # back-to-back loads/stores save a cycle (M3/M4)
    load_use: int = 0              # extra cycle when the next instruction reads a loaded register
    pc_load_extra: int = 0         # POP/LDM/LDR into pc: pipeline refill
    wide_aligned: float = 0.0      # extra for a 4-byte instruction at a word address (RV32C cores)
    wide_misaligned: float = 0.0   # extra for a 4-byte instruction at 2 mod 4
    limits: str = ""

    def cost(self, insn, prev_cls: str | None, next_insn=None) -> InsnCost:
        cls, nregs = classify(insn, self.arch)
        if cls in (LDM, STM):
            base = self.ldm_base + int(round(self.ldm_per_reg * nregs))
        else:
            base = self.costs.get(cls, 1)
        if self.pipelined_ldst and cls in (LOAD, STORE) and prev_cls in (LOAD, STORE):
            base = max(1, base - 1)
        if self.load_use and cls == LOAD and next_insn is not None and _reads_dest(insn, next_insn):
            base += self.load_use
        if insn.size == 4 and (self.wide_aligned or self.wide_misaligned):
            base += self.wide_aligned if insn.address % 4 == 0 else self.wide_misaligned
        extra = self.branch_taken if cls == BRANCH else 0
        if cls in (LDM, LOAD, RET) and _writes_pc(insn, self.arch):
            extra = self.branch_taken + self.pc_load_extra
            cls = RET
        return InsnCost(insn.size, cls, base, extra, nregs)


def _writes_pc(insn, arch) -> bool:
    if arch == "riscv32":
        return False
    try:
        return any(op.type == A.ARM_OP_REG and op.reg == A.ARM_REG_PC for op in insn.operands)
    except cs.CsError:
        return False


def _reads_dest(insn, nxt) -> bool:
    try:
        _, written = insn.regs_access()
        read, _ = nxt.regs_access()
        return bool(set(written) & set(read))
    except cs.CsError:
        return False


ARM_MUL = {"mul", "muls", "mla", "mls", "smulbb", "smulbt", "smultb", "smultt", "smlabb", "smulwb",
           "smulwt", "smmul", "smmla", "smuad", "smlad"}
ARM_MULL = {"umull", "smull", "umlal", "smlal", "umaal", "smlalbb"}


def classify(insn, arch: str) -> tuple[str, int]:
    m = insn.mnemonic
    if arch == "riscv32":
        m = m[2:] if m.startswith("c.") else m  # compressed forms cost as their expansions
        groups = set(insn.groups)
        if m in ("lw", "lwsp", "flw"):
            return LOAD, 0
        if m in ("lh", "lhu", "lb", "lbu"):
            return LOADB, 0
        if m == "auipc":
            return AUIPC, 0
        if m in ("sw", "sh", "sb", "swsp", "fsw"):
            return STORE, 0
        if m in ("mul", "mulh", "mulhu", "mulhsu"):
            return MUL, 0
        if m in ("div", "divu", "rem", "remu"):
            return DIV, 0
        if m in ("jal", "j"):
            return CALL, 0
        if m in ("jalr", "jr", "ret"):  # c.jr/c.jalr too
            return RET, 0
        if cs.CS_GRP_JUMP in groups or m.startswith("b"):
            return BRANCH, 0
        if m in ("sll", "srl", "sra"):
            return SHIFT, 0
        return ALU, 0
    # ARM / Thumb: drop the width qualifier (".w"); conditions are in the name
    m = m.split(".")[0]
    base = m
    if base in ("b", "bl", "blx", "bx", "cbz", "cbnz", "tbb", "tbh") or (
            base.startswith("b") and len(base) == 3 and base[1:] in _CONDS):
        if base in ("bl", "blx"):
            return CALL, 0
        if base == "bx":
            return RET, 0
        return BRANCH, 0
    if base in ("push", "pop", "ldm", "stm", "ldmia", "stmia", "ldmdb", "stmdb", "ldmfd", "stmfd",
                "stmea", "ldmib", "stmib", "ldmda", "stmda", "vpush", "vpop"):
        n = sum(1 for op in insn.operands if op.type == A.ARM_OP_REG) - (0 if base in ("push", "pop") else 1)
        return (LDM if base in ("pop", "vpop") or base.startswith("ldm") else STM), max(n, 1)
    if base.startswith("ldrd") or base.startswith("strd"):
        return (LDM if base.startswith("ldr") else STM), 2
    if base.startswith("ldr") or base.startswith("ldrex"):
        return LOAD, 0
    if base.startswith("str") or base.startswith("strex"):
        return STORE, 0
    if base in ARM_MULL or any(base.startswith(x) for x in ARM_MULL):
        return MULL, 0
    if base in ARM_MUL or base.rstrip("s") in ARM_MUL:
        return MUL, 0
    if base in ("sdiv", "udiv"):
        return DIV, 0
    if base in ("nop", "it", "ite", "itt", "itte", "ittt", "itee", "iteee", "itttt", "hint"):
        return NOP, 0
    return ALU, 0


_CONDS = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al"}


MODELS = {
    # ARMv6-M: 2-cycle loads/stores, LDM/STM 1+N, taken branch 3 (B 3, BL 4, BX 3)
    "cortex-m0": Model("cortex-m0-trm", "arm-thumb-m",
                       {ALU: 1, MUL: 1, MULL: 1, DIV: 1, LOAD: 2, STORE: 2, BRANCH: 1, CALL: 2, RET: 1,
                        NOP: 1}, branch_taken=2, ldm_base=1, pc_load_extra=1,
                       limits="single-cycle multiplier assumed; zero wait-state memory"),
    # ARMv7-M: LDR 2 (1 when pipelined behind another load/store), STR 1-2,
    # LDM 1+N, MUL/MLA 1-2, long multiply 3-5 (early termination: 4 used),
    # taken branch 1+P with P = 2 (prefetch refill), IT folded/1
    "cortex-m3": Model("cortex-m3-trm", "arm-thumb-m",
                       {ALU: 1, MUL: 1, MULL: 4, DIV: 7, LOAD: 2, STORE: 2, BRANCH: 1, CALL: 1, RET: 1,
                        NOP: 1}, branch_taken=2, pipelined_ldst=True, pc_load_extra=0,
                       limits="long multiply/divide early termination averaged (4/7 cycles); zero wait-state memory"),
    "cortex-m4": Model("cortex-m4-trm", "arm-thumb-m",
                       {ALU: 1, MUL: 1, MULL: 1, DIV: 7, LOAD: 2, STORE: 2, BRANCH: 1, CALL: 1, RET: 1,
                        NOP: 0}, branch_taken=2, pipelined_ldst=True, pc_load_extra=0,
                       limits="divide early termination averaged (7); IT folded; zero wait-state memory"),
    # ARMv4T, 3-stage: data processing 1S, LDR 1S+1N+1I = 3, STR 2N = 2,
    # LDM nS+1N+1I, STM (n-1)S+2N, B/BL 2S+1N = 3, MUL 1S+mI (m = 2 used)
    "arm7tdmi": Model("arm7tdmi-trm", "arm-a32",
                      {ALU: 1, MUL: 3, MULL: 4, DIV: 1, LOAD: 3, STORE: 2, BRANCH: 1, CALL: 1, RET: 1,
                       NOP: 1}, branch_taken=2, ldm_base=2, ldm_per_reg=1.0, pc_load_extra=2,
                      limits="multiplier early termination taken as m=2; register-specified shifts not "
                             "charged their extra I cycle; failed-condition instructions charged as executed"),
    # Cortex-A9 as single-issue in-order: ALU 1, LDR 1 (+load-use 2), STR 1,
    # LDM/STM 1 + N/2 (64-bit data path), MUL 2, long multiply 3, taken
    # predicted branch 1 extra, return via link stack 1 extra
    "cortex-a9": Model("cortex-a9-inorder", "arm-a32",
                       {ALU: 1, MUL: 2, MULL: 3, DIV: 1, LOAD: 1, STORE: 1, BRANCH: 1, CALL: 1, RET: 1,
                        NOP: 1}, branch_taken=1, ldm_base=1, ldm_per_reg=0.5, load_use=2,
                       limits="no dual issue or reordering (upper bound); branches assumed predicted; "
                              "caches assumed hit"),
    "rv32imc": Model("picorv32-measured", "riscv32",
                     {ALU: 3.5, AUIPC: 3.5, SHIFT: 3.5, MUL: 41.5, MULL: 41.5, DIV: 39.5, LOAD: 6.5,
                      LOADB: 6.5, STORE: 6.5, BRANCH: 3.5, CALL: 5.5, RET: 9.5, NOP: 3.5}, branch_taken=3,
                     wide_aligned=0.5, wide_misaligned=1.5,
                     limits="PicoRV32 (barrel shifter, dual-port registers, MUL/DIV) with one-wait-state "
                            "memory; per-class constants measured on its RTL; the alignment of branch "
                            "targets is not modelled"),
    "rv32-5stage": Model("rv32-5stage", "riscv32",
                     {ALU: 1, MUL: 1, MULL: 1, DIV: 34, LOAD: 1, STORE: 1, BRANCH: 1, CALL: 1, RET: 1,
                      NOP: 1}, branch_taken=2, load_use=1,
                     limits="VexRiscv-like 5-stage in-order; no branch prediction; zero wait-state memory"),
}
