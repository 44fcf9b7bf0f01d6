"""mcs51: the Intel 8051 (an 8052-class part with 256 bytes of internal RAM)
compiled with SDCC and run under the ucsim simulator s51, exact clocks.

Build (targets/mcs51/): SDCC `--model-large --stack-auto --xstack`:
every function is reentrant, so functions called through pointers (the
registry, the MD/sponge helpers) are legal, parameters and locals live on
the 256-byte pdata stack (xram page 0) and only return addresses and
register spills on the idata stack.  SDCC ships no runtime library for
that combination, so the few C support routines an image needs (64-bit
multiply/divide/shift, memcpy, ...) are compiled from SDCC's own library
sources (/usr/share/sdcc/lib/src) with the same flags, on demand.  One
algorithm per image; only the library sources it needs are compiled; the
linker's map gives the code size.

Cycles: the firmware calls hal_mark() at every hal_cycles(); the runner
drives s51 over its command console with a breakpoint there, reads the
simulator's tick counter (sim_ticks: oscillator clocks, 12 per machine
cycle on this classic 12-clock core), extends it to 64 bits and writes it
into the firmware's hal_clock before continuing (targets/mcs51/hal.h).
count_kind is cycles_exact, the unit clocks; machine cycles = clocks / 12.
"""
from __future__ import annotations

import hashlib
import os
import re
import select
import subprocess
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import impls
from ..core import lookup
from .base import Row
from .config import TargetConfig
from .firmware import ROOT, BuildError, FitError, def_lines
from .pipeline import Backend, BuildParams, Execution, Image, Workload

SDCC_LIB_SRC = Path("/usr/share/sdcc/lib/src")
SIMIF = 0xffff               # s51 -I if=xram[0xffff]
SENTINEL = 987654321
# runtime modules written in assembler inside C files: no stack parameters,
# taken as built for large-stack-auto
RUNTIME_ASM = {"_gptrget", "_gptrput", "_gptrgetc", "_bp", "bpx", "_spx", "_startup", "_decdptr",
               "_iscntrl", "_setjmp", "_autobaud"}


def _run(cmd: Sequence[str], timeout: float = 900) -> subprocess.CompletedProcess[str]:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{cmd[0]} timed out after {timeout} s on {cmd[-1]}") from None
    if r.returncode != 0:
        raise BuildError(f"{' '.join(map(str, cmd[:2]))} ... {cmd[-1]} failed:\n"
                         f"{(r.stderr + r.stdout)[-2000:]}")
    return r


def needed_sources(defs: str, sel: dict[str, str] | None = None) -> list[Path]:
    """Library sources an image of these algos.def line(s) links (impls.needed_sources)."""
    return impls.needed_sources(defs, sel)


class S51Backend(Backend):
    def __init__(self, cfg: TargetConfig, **options: Any):
        super().__init__(cfg, **options)
        tc = cfg.toolchain()
        self.cflags = tc["cflags"]
        self.hal_dir = Path(tc["hal_header"]).parent
        self.mem = cfg.memory
        # objects depend on the flags: one directory per flag set
        tag = hashlib.sha256(" ".join(self.cflags).encode()).hexdigest()[:8]
        self.libdir = ROOT / "build" / "fw" / cfg.name / tag

    def environment(self) -> dict[str, Any]:
        def first(cmd: list[str]) -> str:
            try:
                return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.splitlines()[0]
            except (OSError, IndexError, subprocess.TimeoutExpired):
                return "?"
        return {"compiler": first(["sdcc", "--version"]), "flags": " ".join(self.cflags),
                "simulator": f"{first(['s51', '-v']).strip()} -t {self.mem['cpu']} -X 12M",
                "cycle_unit": "clocks (oscillator periods); machine cycles = clocks / 12"}

    # ---- build ---------------------------------------------------------------
    def _compile(self, src: Path, obj: Path, extra: Iterable[str] = (), deps: Iterable[Path] = ()) -> Path:
        newest = max([src.stat().st_mtime, *(d.stat().st_mtime for d in deps)])
        if obj.exists() and obj.stat().st_mtime >= newest:
            return obj
        obj.parent.mkdir(parents=True, exist_ok=True)
        _run(["sdcc", *self.cflags, *extra, "-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
              "-I", str(self.hal_dir), "-c", str(src), "-o", str(obj)])
        return obj

    def _headers(self) -> list[Path]:
        return impls.headers()

    def _link(self, rels: list[Path], d: Path, ihx: Path) -> str:
        # the pdata stack gets all of xram page 0 (hal.c sets P2 = 0), xdata follows
        r = subprocess.run(["sdcc", *self.cflags, "--code-size", str(self.mem["flash_bytes"]), "--xstack-loc", "0",
                            "--xram-loc", "0x100", "--xram-size", str(self.mem["xram_bytes"]),
                            "--iram-size", "256", *map(str, rels), "-L", str(d), "-l", "hb", "-l", "rt",
                            "-l", "liblonglong",
                            "-L", str(SDCC_LIB_SRC.parent / "large-stack-auto"), "-o", str(ihx)],
                           capture_output=True, text=True, timeout=300)
        return r.stdout + r.stderr

    @staticmethod
    def _archive(lib: Path, rels: list[Path]) -> None:
        if lib.exists():
            lib.unlink()
        if rels:
            _run(["sdar", "rcs", str(lib), *map(str, rels)])
        else:
            lib.write_text("!<arch>\n")

    @staticmethod
    def linked_modules(mp: Path) -> list[tuple[str, str]]:
        """(library, module) pairs of the map's 'Libraries Linked' section.
        aslink cuts the object file name to 32 characters
        ("shavite3__shavite3_256-92e848.re"): the module is the name without
        what is left of ".rel"."""
        if not mp.exists():
            return []
        text = mp.read_text(errors="replace")
        if "Libraries Linked" not in text:
            return []
        text = text[text.index("Libraries Linked"):].split("User Base")[0]
        res: list[tuple[str, str]] = []
        lib = ""
        for line in text.splitlines()[1:]:
            m = re.match(r"^(\S+)?\s*(?:\[\s*(\S+?)(?:\.(?:r(?:el?)?)?)?\s*\])?", line)
            assert m is not None  # every group is optional: matches any line
            if m.group(1):
                lib = m.group(1)
            if m.group(2):
                res.append((lib, m.group(2)))
        return res

    def build_ihx(self, name: str, sel: dict[str, str], sizes: list[int], blocks: int, maxmsg: int,
                  check_n: int, xof_out: int = 32, workload: Workload | None = None) -> tuple[Path, dict[str, Any]]:
        """One image for one algorithm: (ihx path, {'code', 'mark', 'clock', 'code_end'}).
        workload: another driver than bench/firmware.c (pipeline.BuildParams)."""
        a = lookup(name)
        d = self.libdir / f"{name}@{impls.algo_tag(name, sel)}" / ("" if workload is None else workload.tag)
        d.mkdir(parents=True, exist_ok=True)
        defs = def_lines(name)
        (d / "one.def").write_text(defs)
        hdrs = self._headers()
        # objects depend on the implementation headers on the include path
        inc = [f"-I{p}" for p in impls.include_dirs(sel)]
        libobj = self.libdir / "obj" / impls.include_tag(sel)
        lib: dict[str, Path] = {}
        srcs = needed_sources(defs, sel)
        # a workload's driver may call library functions beyond the algorithm's own
        srcs += [x for x in getattr(workload, "lib_sources", []) if x not in srcs]
        for s in srcs:
            key = str(s.relative_to(impls.ALGOS if impls.family_of(s) else impls.SRC)).replace("/", "__")[:-2]
            lib[key] = self._compile(s, libobj / f"{key}.rel", inc, deps=hdrs)
        self._archive(d / "hb.lib", list(lib.values()))
        fw = [f'-DHB_ALGOS_DEF="{d / "one.def"}"', f'-DHB_FW_ALGO="{name}"',
              f"-DHB_FW_CTX_BYTES={a.ctx_size}", f"-DHB_FW_SIZES={','.join(map(str, sizes)) or '0'}",
              f"-DHB_FW_BLOCKS={blocks}", f"-DHB_FW_MAXMSG={maxmsg}", f"-DHB_FW_CHECK_N={check_n}",
              f"-DHB_FW_OUT={xof_out}", f'-DHB_FW_HAL="{self.cfg.toolchain()["hal_header"]}"']
        drivers = [ROOT / "bench" / "firmware.c"]
        if workload is not None:
            drivers = list(workload.sources)
            fw += [*workload.defines, *(f"-I{i}" for i in workload.include)]
        for o in [d / f"{src.stem}.rel" for src in drivers] + [d / "registry.rel"]:
            if o.exists():
                o.unlink()
        own = [*(self._compile(src, d / f"{src.stem}.rel", fw + inc + ["-Dmain=hb_fw_main"]) for src in drivers),
               self._compile(ROOT / "src" / "registry.c", d / "registry.rel", fw + inc),
               self._compile(self.hal_dir / "hal.c", self.libdir / "hal.rel", deps=[self.hal_dir / "hal.h"])]
        ihx = d / "fw.ihx"
        rt: dict[str, Path] = {}
        for _ in range(8):   # SDCC support routines rebuilt with our flags until none comes from stock
            self._archive(d / "rt.lib", list(rt.values()))
            if ihx.exists():
                ihx.unlink()
            out = self._link(own, d, ihx)
            stock = [m for lb, m in self.linked_modules(d / "fw.map")
                     if str(SDCC_LIB_SRC.parent) in lb and m not in RUNTIME_ASM
                     and (SDCC_LIB_SRC / f"{m}.c").exists()]
            if not stock:
                break
            for m in stock:
                rt[m] = self._compile(SDCC_LIB_SRC / f"{m}.c", self.libdir / "rt" / f"{m}.rel")
        mem = (d / "fw.mem").read_text(errors="replace") if (d / "fw.mem").exists() else ""
        errs = [ln.strip() for ln in (out + "\n" + mem).splitlines() if "rror" in ln or "Undefined" in ln]
        rom = re.search(r"ROM/EPROM/FLASH\s+0x[0-9a-fA-F]+\s+0x[0-9a-fA-F]+\s+(\d+)\s+(\d+)", mem)
        if rom and int(rom.group(1)) > int(rom.group(2)):
            raise FitError(f"does not fit (flash: {rom.group(1)} bytes of code > {rom.group(2)})")
        if not ihx.exists() or errs:
            msg = "; ".join(dict.fromkeys(errs))[:600] or out[-600:]
            if "space" in msg or "RAM" in msg or "exceed" in msg:
                raise FitError(f"does not fit (RAM: {msg})")
            raise BuildError("link failed: " + msg)
        info = self.read_map(d / "fw.map")
        if info["code_end"] > self.mem["flash_bytes"]:
            raise FitError(f"does not fit (flash: {info['code_end']} bytes > {self.mem['flash_bytes']})")
        mods = [m for lb, m in self.linked_modules(d / "fw.map") if lb.endswith("hb.lib")]
        # a name of 29 characters or more may be cut short in the map
        used = [o for k, o in lib.items() if any(k == m or (len(m) >= 29 and k.startswith(m)) for m in mods)]
        info["code"] = self.rel_sizes(used + [d / "registry.rel"])
        return ihx, info

    @staticmethod
    def rel_sizes(rels: list[Path]) -> dict[str, int]:
        """Code (CSEG) and constant (CONST) bytes of object files, and their
        static data (XSEG, PSEG, DSEG, ISEG: HB_SCRATCH arrays and SDCC's
        own), from their area headers ("A CSEG size 1D4 ...")."""
        text = rodata = data = 0
        for r in rels:
            for m in re.finditer(r"^A (CSEG|CONST|XSEG|PSEG|DSEG|ISEG) size ([0-9A-Fa-f]+)",
                                 r.read_text(errors="replace"), re.M):
                if m.group(1) == "CSEG":
                    text += int(m.group(2), 16)
                elif m.group(1) == "CONST":
                    rodata += int(m.group(2), 16)
                else:
                    data += int(m.group(2), 16)
        return {"text": text, "rodata": rodata, "total": text + rodata, "data": data}

    @staticmethod
    def read_map(mp: Path) -> dict[str, Any]:
        """hal_mark / hal_clock addresses and the end of code from the aslink map."""
        text = mp.read_text(errors="replace")
        sym = {m.group(2): int(m.group(1), 16)
               for m in re.finditer(r"^\s*[CDX]?:?\s+([0-9A-F]{8})\s+(_\w+)\s", text, re.M)}
        code_end = 0
        for m in re.finditer(r"^(\w+)\s+([0-9A-F]{8})\s+([0-9A-F]{8}) =\s+\d+\. bytes \(([^)]*)\)", text, re.M):
            if "CODE" in m.group(4):
                code_end = max(code_end, int(m.group(2), 16) + int(m.group(3), 16))
        return {"mark": sym.get("_hal_mark"), "clock": sym.get("_hal_clock"), "code_end": code_end}


    # ---- the pipeline's two steps ----------------------------------------------
    def build(self, algo: str, sel: dict[str, str], p: BuildParams) -> Image:
        a = lookup(algo)
        max_msg = self.cfg.run_opt("max_msg", 4096)
        sizes = [n for n in p.sizes if n <= max_msg]   # the message buffer lives in xram
        mm = max([*sizes, p.check_n, 1, p.blocks * a.block_size])
        try:
            ihx, info = self.build_ihx(algo, sel, sizes, p.blocks, mm, p.check_n, p.xof_out, p.workload)
        except subprocess.TimeoutExpired:
            raise BuildError("compiler timed out") from None
        code = dict(info["code"])
        code["static"] = code.pop("data")
        return Image(ihx, code, info)

    def execute(self, image: Image, timeout: float) -> Execution:
        sim = S51(image.path, image.path.with_suffix(".out"), image.info["mark"], image.info["clock"],
                  timeout, self.mem["cpu"])
        try:
            text, _ = sim.run()
        except SimError as e:
            sim.p.kill()
            sim.p.wait()
            return Execution("", "timeout" if "killed after" in str(e) else "crash", str(e))
        return Execution(text, "exit" if "done" in text else "crash", sim.stop)

    def row_extra(self, image: Image, ex: Execution, fw_row: Row) -> dict[str, Any]:
        return {"machine_cycles": float(fw_row["cycles"]) / 12}


# ---- the simulator -----------------------------------------------------------

class SimError(Exception):
    pass


def parse_ticks(out: bytes) -> int:
    """s51's 32-bit tick counter from the output of `expr sim_ticks`.  s51
    prints it signed: past 2**31 clocks (179 s at 12 MHz) it is negative,
    so it is taken modulo 2**32 (the caller extends it to 64 bits)."""
    return int(re.findall(rb"^(-?\d+)\s*$", out, re.M)[-1]) & 0xFFFFFFFF


class S51:
    """s51 driven over its command console: a breakpoint on hal_mark, the
    tick counter written into hal_clock at every hit."""

    def __init__(self, ihx: Path, out: Path, mark: int, clock: int, timeout: float, cpu: str = "8052"):
        self.deadline = time.monotonic() + timeout
        self.timeout = timeout
        self.mark, self.clock = mark, clock
        self.out = out
        if out.exists():
            out.unlink()
        self.p = subprocess.Popen(["s51", "-t", cpu, "-X", "12M", "-I", f"if=xram[{SIMIF:#x}],out={out}",
                                   str(ihx)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, bufsize=0)
        assert self.p.stdin is not None and self.p.stdout is not None  # both PIPE
        self.stdin, self.stdout = self.p.stdin, self.p.stdout
        self.buf = b""
        self.stop = ""

    def _read_until(self, pred: Callable[[bytes], bool]) -> bytes:
        while not pred(self.buf):
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise SimError(f"simulator killed after {self.timeout:.0f} s (hang?)")
            r, _, _ = select.select([self.stdout], [], [], min(left, 1.0))
            if r:
                d = os.read(self.stdout.fileno(), 65536)
                if not d:
                    raise SimError(f"simulator exited: {self.buf[-300:]!r}")
                self.buf += d
        out, self.buf = self.buf, b""
        return out

    def cmd(self, c: str) -> bytes:
        """Run one console command; its output ends where the sentinel's echo starts."""
        self.stdin.write(f"{c}\nexpr {SENTINEL}\n".encode())
        out = self._read_until(lambda b: f"\n{SENTINEL}\n".encode() in b)
        # s51 echoes the commands first, then prints their results
        return out.rsplit(f"\n{SENTINEL}\n".encode(), 1)[0]

    def run(self) -> tuple[str, int]:
        ticks_hi, last, marks = 0, 0, 0
        self.cmd(f"break {self.mark:#x}")
        while True:
            self.stdin.write(b"run\n")
            o = self._read_until(lambda b: re.search(rb"Stop at 0x([0-9a-fA-F]+)[^\n]*\n", b) is not None)
            stop = re.search(rb"Stop at 0x([0-9a-fA-F]+)", o)
            assert stop is not None  # _read_until waited for it
            pc = int(stop.group(1), 16)
            if pc != self.mark:
                # why s51 stopped: the firmware's exit, or a fault it detected
                # ("Stack overflow, PC=0x..." when the idata stack runs out)
                self.stop = "; ".join(re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", ln).strip()
                                      for ln in o.decode(errors="replace").splitlines()
                                      if re.search(r"overflow|rroneous|nvalid|Stop at", ln))
                break
            t = parse_ticks(self.cmd("expr sim_ticks"))
            if t < last:
                ticks_hi += 1 << 32
            last = t
            v = ticks_hi + t
            self.cmd(f"set mem xram {self.clock:#x} " + " ".join(str((v >> (8 * i)) & 0xFF) for i in range(8)))
            marks += 1
        self.close()
        return self.out.read_text(errors="replace") if self.out.exists() else "", marks

    def close(self) -> None:
        if self.p.poll() is None:
            try:
                self.stdin.write(b"quit\n")
                self.p.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.p.kill()
                self.p.wait()

