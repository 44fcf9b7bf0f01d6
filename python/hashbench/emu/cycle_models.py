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
from typing import Any

import capstone as cs
from capstone import arm_const as A

# capstone ships no types: an instruction (CsInsn) and its operands are Any
Insn = Any

# instruction classes
ALU, MUL, MULL, DIV, LOAD, STORE, LDM, STM, BRANCH, CALL, RET, NOP, OTHER, SHIFT = (
    "alu", "mul", "mull", "div", "load", "store", "ldm", "stm", "branch", "call", "ret", "nop", "other",
    "shift")
LOADB, AUIPC, MLA, IT = "load_bh", "auipc", "mla", "it"


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
    costs: dict[str, float]        # class -> base cycles
    branch_taken: float            # extra cycles of a taken branch (the pipeline refill P)
    version: int = 1               # bumped whenever a rule changes what the model charges
    ldm_per_reg: float = 1.0
    ldm_base: int = 1
    load_use: int = 0              # extra cycle when the next instruction reads a loaded register
    pc_load_extra: int = 0         # POP/LDM/LDR into pc: pipeline refill beyond branch_taken
    wide_aligned: float = 0.0      # extra for a 4-byte instruction at a word address (RV32C cores)
    wide_misaligned: float = 0.0   # extra for a 4-byte instruction at 2 mod 4
    # ARMv7-M load/store and refill rules (Cortex-M3/M4 TRM "Load/store timings"), see _armv7m
    armv7m_ldst: bool = False
    agu_stall: int = 0             # load/store whose address the previous data-processing op wrote
    call_refill: bool = False      # BL/BLX/BX and data processing into pc pay the refill too
    refill_indirect: float = 0.0   # refill of a branch to a register or loaded target, if != branch_taken
    refill_wide_misaligned: float = 0.0  # refill extra when the target is 32-bit at 2 mod 4
    limits: str = ""

    @property
    def tag(self) -> str:
        """What a result row records: the model and the version of its rules."""
        return f"{self.name}@{self.version}"

    def cost(self, insn: Insn, prev_cls: str | None, next_insn: Insn | None = None,
             prev_insn: Insn | None = None) -> InsnCost:
        cls, nregs = classify(insn, self.arch)
        base: float
        if cls in (LDM, STM):
            base = self.ldm_base + int(round(self.ldm_per_reg * nregs))
        elif cls == CALL and self.arch == "arm-thumb-m" and insn.size == 2:
            base = 1  # BLX <reg>: the 16-bit call has no second halfword to decode
        else:
            base = self.costs.get(cls, 1)
        if self.armv7m_ldst:
            base = self._armv7m(insn, cls, base, prev_cls, prev_insn)
        if self.load_use and cls == LOAD and next_insn is not None and _reads_dest(insn, next_insn):
            base += self.load_use
        if insn.size == 4 and (self.wide_aligned or self.wide_misaligned):
            base += self.wide_aligned if insn.address % 4 == 0 else self.wide_misaligned
        extra = self.branch_taken if cls == BRANCH else 0
        indirect = self.refill_indirect or self.branch_taken
        if cls == BRANCH and insn.mnemonic.split(".")[0] in ("tbb", "tbh"):
            # Cortex-M3/M4 TRM, load/store timings: TBB/TBH are a load (2),
            # an add (1) and a pipeline reload (3)
            base, extra = 2, indirect
        if self.call_refill and cls in (CALL, RET):
            # Cortex-M0 TRM 3.3 (BL 4, BX/BLX 3), Cortex-M3/M4 TRM table
            # 3-1 / 18-1 (BL, BX, BLX: 1+P): a call or return refills the
            # pipeline like any taken branch; a register target cannot be
            # fetched early
            extra = self.branch_taken if _imm_target(insn) else indirect
        if cls in (LDM, LOAD, RET) and _writes_pc(insn, self.arch):
            extra = indirect + self.pc_load_extra
            cls = RET
        elif self.call_refill and cls == ALU and _dest_is_pc(insn):
            extra = indirect  # data processing into pc: 1+P (TRM table 3-1)
            cls = RET
        return InsnCost(insn.size, cls, base, extra, nregs)

    def target_extra(self, target_size: int, target_addr: int) -> float:
        """Refill cycles a taken branch adds for where it lands: a 32-bit
        instruction at 2 mod 4 needs two fetches before it can decode."""
        if self.refill_wide_misaligned and target_size == 4 and target_addr % 4 == 2:
            return self.refill_wide_misaligned
        return 0.0

    def _armv7m(self, insn: Insn, cls: str, base: float, prev_cls: str | None, prev_insn: Insn | None) -> float:
        """Cortex-M3 TRM (ARM DDI 0337H) 18.3 and Cortex-M4 TRM (ARM DDI
        0439B) 3.3.2 "Load/store timings"; table 3-1 gives LDR 2, STR 2,
        both marked "neighboring load and store single instructions can
        pipeline their address and data phases"."""
        if cls not in (LOAD, STORE):
            return base
        mem = _mem_operand(insn)
        if cls == STORE and mem is not None and not mem.index:
            # "STR Rx,[Ry,#imm] is always one cycle": the address is formed
            # in the first cycle and the data is written while the next
            # instruction executes (store buffer)
            base = 1
        elif prev_insn is not None and prev_cls == LOAD and _is_single_load(prev_insn) \
                and not _loaded_reg_forms_address(prev_insn, insn):
            # "LDR [any] are pipelined when possible ... if the next
            # instruction is an LDR or STR, and the destination of the first
            # LDR is not used to compute the address for the next
            # instruction, then one cycle is removed from the cost of the
            # next instruction".  Only an LDR opens the pipeline: "nothing
            # can be pipelined after the store", and LDM/LDRD "cannot be
            # pipelined with preceding or following instructions"
            base = max(1, base - 1)
        if self.agu_stall and prev_insn is not None and prev_cls in (ALU, MUL, MULL, DIV) \
                and _writes_address_reg(prev_insn, insn):
            # "Any load or store that generates an address dependent on the
            # result of a proceeding data processing operation stalls the
            # pipeline for an additional cycle ... no forwarding path"
            base += self.agu_stall
        return base


def _mem_operand(insn: Insn) -> Any:
    try:
        for op in insn.operands:
            if op.type == A.ARM_OP_MEM:
                return op.mem
    except cs.CsError:
        pass
    return None


def _is_single_load(insn: Insn) -> bool:
    m = insn.mnemonic.split(".")[0]
    return m.startswith("ldr") and not m.startswith("ldrd")


def _loaded_reg_forms_address(ld: Insn, nxt: Insn) -> bool:
    mem = _mem_operand(nxt)
    if mem is None:
        return False
    try:
        dest = ld.operands[0].reg
    except (cs.CsError, IndexError):
        return False
    return dest in (mem.base, mem.index)


def _writes_address_reg(prev: Insn, insn: Insn) -> bool:
    mem = _mem_operand(insn)
    if mem is None:
        return False
    try:
        _, written = prev.regs_access()
    except cs.CsError:
        return False
    return any(r and r in written for r in (mem.base, mem.index))


def _imm_target(insn: Insn) -> bool:
    """A branch whose target is encoded in the instruction (B, BL, CBZ)."""
    try:
        return any(op.type == A.ARM_OP_IMM for op in insn.operands)
    except cs.CsError:
        return False


def _writes_pc(insn: Insn, arch: str) -> bool:
    if arch == "riscv32":
        return False
    try:
        return any(op.type == A.ARM_OP_REG and op.reg == A.ARM_REG_PC for op in insn.operands)
    except cs.CsError:
        return False


def _dest_is_pc(insn: Insn) -> bool:
    try:
        ops = insn.operands
        return bool(ops) and ops[0].type == A.ARM_OP_REG and ops[0].reg == A.ARM_REG_PC
    except cs.CsError:
        return False


def _reads_dest(insn: Insn, nxt: Insn) -> bool:
    try:
        _, written = insn.regs_access()
        read, _ = nxt.regs_access()
        return bool(set(written) & set(read))
    except cs.CsError:
        return False


ARM_MUL = {"mul", "muls", "mla", "mls", "smulbb", "smulbt", "smultb", "smultt", "smlabb", "smulwb",
           "smulwt", "smmul", "smmla", "smuad", "smlad"}
ARM_MULL = {"umull", "smull", "umlal", "smlal", "umaal", "smlalbb"}


def classify(insn: Insn, arch: str) -> tuple[str, int]:
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
    if base in ("mla", "mls"):
        return MLA, 0
    if base in ARM_MUL or base.rstrip("s") in ARM_MUL:
        return MUL, 0
    if base in ("sdiv", "udiv"):
        return DIV, 0
    if base.startswith("it") and set(base[2:]) <= {"t", "e"}:
        return IT, 0
    if base in ("nop", "hint"):
        return NOP, 0
    return ALU, 0


_CONDS = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al"}


MODELS = {
    # ARMv6-M, Cortex-M0 TRM (ARM DDI 0432C) 3.3 table 3-1, zero wait
    # states: data processing 1, LDR/STR 2 (no pipelining on this 3-stage
    # core), LDM/STM/PUSH/POP 1+N, B taken 3 / not taken 1, BL 4, BX/BLX 3,
    # POP {..,pc} 3+N, MULS 1 (the fast-multiplier option)
    "cortex-m0": Model("cortex-m0-trm", "arm-thumb-m",
                       {ALU: 1, MUL: 1, MLA: 1, MULL: 1, DIV: 1, LOAD: 2, STORE: 2, BRANCH: 1, CALL: 2, RET: 1,
                        NOP: 1, IT: 1}, branch_taken=2, version=2, ldm_base=1, call_refill=True,
                       limits="single-cycle multiplier assumed; zero wait-state memory"),
    # ARMv7-M, Cortex-M3 TRM (ARM DDI 0337H) 18.2 table 18-1 and 18.3
    # "Load/store timings": as the Cortex-M4 below, except MLA/MLS 2 and long
    # multiply 3-5 (UMLAL 4-7) with early termination (4 used)
    "cortex-m3": Model("cortex-m3-trm", "arm-thumb-m",
                       {ALU: 1, MUL: 1, MLA: 2, MULL: 4, DIV: 7, LOAD: 2, STORE: 2, BRANCH: 1, CALL: 1, RET: 1,
                        NOP: 1, IT: 0}, branch_taken=2, version=2, armv7m_ldst=True, call_refill=True,
                       refill_indirect=3, refill_wide_misaligned=1,
                       limits="long multiply/divide early termination averaged (4/7 cycles); zero wait-state "
                              "memory; IT always folded"),
    # ARMv7E-M, Cortex-M4 TRM (ARM DDI 0439B) 3.3.1 table 3-1 and 3.3.2:
    # data processing 1; LDR 2, pipelined to 1 behind an LDR whose result
    # does not form its address; STR [Rn,#imm] 1, STR [Rn,Rm] 2 (1 behind
    # such an LDR); LDM/STM 1+N, LDRD/STRD 3, never pipelined; MUL/MLA and
    # long multiply 1; taken branch, BL, BX 1+P with P = 2 for an immediate
    # target, 3 for a register or loaded target (LDR pc "three cycles for the
    # pipeline reload"), +1 when the target is 32-bit at 2 mod 4; TBB/TBH 2+P;
    # POP {..,pc} 1+N+P; IT folded
    "cortex-m4": Model("cortex-m4-trm", "arm-thumb-m",
                       {ALU: 1, MUL: 1, MLA: 1, MULL: 1, DIV: 7, LOAD: 2, STORE: 2, BRANCH: 1, CALL: 1, RET: 1,
                        NOP: 1, IT: 0}, branch_taken=2, version=2, armv7m_ldst=True, call_refill=True,
                       refill_indirect=3, refill_wide_misaligned=1,
                       limits="divide early termination averaged (7); IT always folded; zero wait-state memory"),
    # ARMv4T, ARM7TDMI TRM (ARM DDI 0210C) chapter 6, S = N = I = 1 clock:
    # data processing 1S (pc as destination 2S+1N = 3), LDR 1S+1N+1I = 3,
    # LDR pc 2S+2N+1I = 5, STR 2N = 2, LDM nS+1N+1I (with pc (n+1)S+2N+1I),
    # STM (n-1)S+2N, B/BL/BX 2S+1N = 3, MUL 1S+mI, MLA 1S+(m+1)I (m = 2 used)
    "arm7tdmi": Model("arm7tdmi-trm", "arm-a32",
                      {ALU: 1, MUL: 3, MLA: 4, MULL: 4, DIV: 1, LOAD: 3, STORE: 2, BRANCH: 1, CALL: 1, RET: 1,
                       NOP: 1, IT: 1}, branch_taken=2, version=2, ldm_base=2, ldm_per_reg=1.0, call_refill=True,
                      limits="multiplier early termination taken as m=2; register-specified shifts not "
                             "charged their extra I cycle; failed-condition instructions charged as executed"),
    "cortex-a9": Model("cortex-a9-inorder", "arm-a32",
                       {ALU: 1, MUL: 2, MLA: 2, MULL: 3, DIV: 1, LOAD: 1, STORE: 1, BRANCH: 1, CALL: 1, RET: 1,
                        NOP: 1, IT: 1}, branch_taken=1, ldm_base=1, ldm_per_reg=0.5, load_use=2,
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
