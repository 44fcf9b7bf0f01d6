"""MB-Lite: a MicroBlaze-compatible RTL core as the cycle-exact reference
of the MicroBlaze plugin (targets/microblaze/mbcycles.c).

MB-Lite (T. Kranenburg and R. van Leuken, "MB-LITE: A robust, light-weight
soft-core implementation of the MicroBlaze architecture", DATE 2010; VHDL,
OpenCores `mblite`, mirrored on GitHub as takar/mb-lite) is not part of
hashbench: the person validating gives a checkout (`--mblite PATH`), or
`hashbench validate-models --target microblaze` clones it into
~/.cache/hashbench/validate/mblite (as it does pqm4).  GHDL compiles its core with
our configuration package and testbench (targets/microblaze/validate/) into
build/mblite/, and runs a firmware image of the `microblaze` target there:
every cycle is the RTL's.

MB-Lite implements a subset of the MicroBlaze ISA (decode.vhd): no divider,
no MSR, cache, stream or FPU instructions, no pattern compare, no swap or
byte-reversed loads and stores, no multiply-high.  It decodes what it does
not know as something else or as nothing, so an image is scanned before it
runs (`unsupported`), and the validation images are built with the
`microblaze` target's flags plus -mno-xl-reorder (gcc otherwise uses swapb
for byte swaps).
"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .firmware import ROOT

if TYPE_CHECKING:
    from .config import TargetConfig
    from .microblaze import QemuMicroblazeBackend

TB_DIR = ROOT / "targets" / "microblaze" / "validate"
BUILD = ROOT / "build" / "mblite"
CACHE = Path(os.environ.get("HASHBENCH_CACHE") or Path.home() / ".cache" / "hashbench") / "validate" / "mblite"
URL = "https://github.com/takar/mb-lite (OpenCores project mblite)"
#: the core's sources, in compilation order (config_Pkg is ours)
CORE_FILES = ["hw/std/std_Pkg.vhd", "hw/std/dsram.vhd", "hw/core/core_Pkg.vhd", "hw/core/fetch.vhd",
              "hw/core/gprf.vhd", "hw/core/decode.vhd", "hw/core/execute.vhd", "hw/core/mem.vhd",
              "hw/core/core.vhd"]
#: flags added to the `microblaze` target's for images MB-Lite can run
EXTRA_CFLAGS = ["-mno-xl-reorder"]
GHDL_FLAGS = ["--std=08", "-fsynopsys"]

# The mnemonics MB-Lite's decode.vhd implements (with its barrel shifter
# and multiplier): arithmetic and compare (opcodes 0x00-0x0f), logic
# (0x20-0x23, 0x28-0x2b), imm, shifts and sign extension (0x24), branches
# and returns (0x26, 0x27, 0x2d, 0x2e, 0x2f), loads and stores (0x30-0x3e),
# mul/muli, bsrl/bsra/bsll and their immediate forms.
_ARITH = {p + s for p in ("add", "rsub") for s in ("", "c", "k", "kc", "i", "ic", "ik", "ikc")}
_BRANCH = {b + s for b in ("beq", "bne", "blt", "ble", "bgt", "bge") for s in ("", "d", "i", "id")}
SUPPORTED = (_ARITH | _BRANCH | {"cmp", "cmpu", "or", "and", "xor", "andn", "ori", "andi", "xori", "andni",
                                 "nop", "imm", "sra", "src", "srl", "sext8", "sext16",
                                 "br", "bra", "brd", "brad", "brld", "brald",
                                 "bri", "brai", "brid", "braid", "brlid", "bralid", "rtsd",
                                 "lbu", "lhu", "lw", "sb", "sh", "sw", "lbui", "lhui", "lwi", "sbi", "shi", "swi",
                                 "mul", "muli", "bsrl", "bsra", "bsll", "bsrli", "bsrai", "bslli"})
#: code MB-Lite never reaches: the exception vectors' handler (MB-Lite
#: raises no exceptions; its mfs would read nothing)
UNREACHED = {"_hb_exception"}


class MbliteUnavailable(Exception):
    pass


def source(given: str | None = None) -> Path:
    """The MB-Lite checkout: `given`, else the cache folder."""
    p = Path(given).expanduser() if given else CACHE
    miss = [f for f in CORE_FILES if not (p / f).is_file()]
    if miss:
        how = f"--mblite {given}" if given else str(CACHE)
        raise MbliteUnavailable(f"no MB-Lite sources at {p} ({how}: missing {', '.join(miss[:3])}); "
                                f"clone {URL} there or pass --mblite PATH")
    return p


def commit(src: Path) -> str:
    r = subprocess.run(["git", "-C", str(src), "rev-parse", "HEAD"], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else "unknown (not a git checkout)"


def ghdl() -> str:
    """ghdl-llvm (Debian ghdl-llvm) compiles the design to machine code,
    about twice as fast as the default mcode backend here; either works."""
    for exe in ("ghdl-llvm", "ghdl"):
        if shutil.which(exe):
            return exe
    raise MbliteUnavailable("GHDL is not installed (Debian: apt-get install ghdl ghdl-llvm)")


def compile_core(src: Path) -> list[str]:
    """Analyse MB-Lite and our testbench into build/mblite/ (library
    mblite) and elaborate the testbench; returns the command that runs it.
    Redone when a source is newer or the checkout changed."""
    exe = ghdl()
    files = [TB_DIR / "mblite_config.vhd", *(src / f for f in CORE_FILES), TB_DIR / "mblite_tb.vhd"]
    work = BUILD / exe
    stamp = work / "analysed"
    key = "\n".join(str(f) for f in files)
    native = exe != "ghdl"
    flags = [*GHDL_FLAGS, "--work=mblite", f"--workdir={work}"]
    run = [str(work / "mblite_tb")] if native else [exe, "--elab-run", *flags, "mblite_tb"]
    if stamp.exists() and stamp.read_text() == key and \
            stamp.stat().st_mtime >= max(f.stat().st_mtime for f in files):
        return run
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    steps = [["-a", *flags, *(["-O2"] if native else []), *map(str, files)]]
    if native:
        steps.append(["-e", *flags, "-O2", "-o", str(work / "mblite_tb"), "mblite_tb"])
    for step in steps:
        r = subprocess.run([exe, *step], cwd=work, capture_output=True, text=True)
        if r.returncode != 0:
            raise MbliteUnavailable(f"{exe} could not build MB-Lite with our testbench:\n"
                                    f"{(r.stderr or r.stdout)[-1500:]}")
    stamp.write_text(key)
    return run


def unsupported(elf: Path, objdump: str) -> list[str]:
    """'function: mnemonic' for every instruction of the image MB-Lite
    does not implement (outside the code it never reaches)."""
    r = subprocess.run([objdump, "-d", str(elf)], capture_output=True, text=True, check=True)
    bad: dict[str, None] = {}
    fn = ""
    for line in r.stdout.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            fn = m.group(1)
            continue
        parts = line.split("\t")
        if len(parts) >= 3 and fn not in UNREACHED:
            mn = parts[2].split()[0] if parts[2].split() else ""
            if mn and mn not in SUPPORTED:
                bad[f"{fn}: {mn}"] = None
    return list(bad)


def image_file(elf: Path, mailbox: int, out: Path) -> Path:
    """The testbench's image: 'mailbox ADDR' and an 'ADDR WORD' line per
    word of every loadable segment of the (big-endian ELF32) image."""
    b = elf.read_bytes()
    if b[:4] != b"\x7fELF" or b[4] != 1 or b[5] != 2:
        raise ValueError(f"{elf}: not a big-endian 32-bit ELF")
    phoff, = struct.unpack_from(">I", b, 28)
    phentsize, phnum = struct.unpack_from(">HH", b, 42)
    lines = [f"mailbox {mailbox:08x}"]
    for i in range(phnum):
        ptype, off, _vaddr, paddr, filesz, _memsz, _fl, _al = struct.unpack_from(">8I", b, phoff + i * phentsize)
        if ptype != 1 or filesz == 0:     # PT_LOAD with bytes in the file (.bss is zero in the testbench)
            continue
        if paddr % 4:
            raise ValueError(f"{elf}: segment at {paddr:#x} is not word-aligned")
        seg = b[off:off + filesz] + bytes(-filesz % 4)
        for k in range(0, len(seg), 4):
            lines.append(f"{paddr + k:08x} {seg[k:k + 4].hex()}")
    out.write_text("\n".join(lines) + "\n")
    return out


_END = re.compile(r"^mblite: status=(\w+)(?: code=(-?\d+))? cycles=(\d+)(?: error=(\S+))?", re.M)


def run(src: Path, elf: Path, nm: str, timeout: float, max_cycles: int = 1_000_000_000) -> dict[str, Any]:
    """Run one image on MB-Lite under GHDL.  Returns {"output": console
    text, "status": "exit" | "crash" | "limit" | "timeout", "cycles": cycles
    from reset to the end, "code", "error", "seconds"}."""
    from .microblaze import symbol
    cmd = compile_core(src)
    elf = elf.resolve()
    img = image_file(elf, symbol(nm, elf, "hb_mailbox"), elf.with_suffix(".mblite.hex"))
    t0 = time.monotonic()
    try:
        r = subprocess.run([*cmd, f"-gIMAGE={img}", f"-gMAX_CYCLES={max_cycles}", "--ieee-asserts=disable"],
                           capture_output=True, text=True, timeout=timeout, cwd=img.parent)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("latin-1") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return {"output": out, "status": "timeout", "seconds": time.monotonic() - t0}
    # the console, without the testbench's closing line and GHDL's own
    con = "".join(ln for ln in r.stdout.splitlines(keepends=True)
                  if not ln.startswith(("mblite: ", "simulation finished @")))
    info: dict[str, Any] = {"output": con, "seconds": time.monotonic() - t0}
    m = _END.search(r.stdout)
    if not m:
        info.update(status="crash", error=f"GHDL ended ({r.returncode}) without the testbench's last line: "
                                          f"{(r.stderr or r.stdout)[-400:]}")
        return info
    st, code, cyc, err = m.groups()
    info.update(status="limit" if err and err.startswith("cycle_limit") else st, cycles=int(cyc))
    if code is not None:
        info["code"] = int(code)
    if err:
        info["error"] = err
    return info


def image_backend() -> QemuMicroblazeBackend:
    """The `microblaze` target's backend building images MB-Lite can run:
    its toolchain and flags plus EXTRA_CFLAGS, into build/fw/microblaze-mblite/."""
    from .config import load
    from .microblaze import QemuMicroblazeBackend

    class MbliteImages(QemuMicroblazeBackend):
        def __init__(self, cfg: TargetConfig) -> None:
            super().__init__(cfg)
            self.toolchain.cflags = [*self.toolchain.cflags, *EXTRA_CFLAGS]

        def outdir(self) -> Path:
            return ROOT / "build" / "fw" / "microblaze-mblite"

    return MbliteImages(load("microblaze"))
