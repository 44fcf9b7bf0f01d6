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
import shutil
import subprocess
import time
from pathlib import Path
from typing import Iterable, Iterator

from .. import native
from .base import Profile, Target, TargetUnavailable, finish_row
from .firmware import COMPACT_DEFINES, ROOT, BuildError, def_lines, host_checksum, parse_output

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

HAL = ROOT / "targets" / "mcs51"
SDCC_LIB_SRC = Path("/usr/share/sdcc/lib/src")
CFLAGS = ["-mmcs51", "--model-large", "--stack-auto", "--xstack", "--std-c99",
          "-DHB_ROM=__code", "-DHB_REENTRANT=__reentrant",
          # large work arrays (message schedules, state copies) static in xram:
          # the pdata stack is 256 bytes (include/hb_platform.h)
          "-DHB_SCRATCH=static",
          # the loop forms of the 64-bit kernels: SDCC expands 64-bit operations
          # inline, so unrolled rounds do not fit in 64 KB (the unrolled Keccak-p
          # is 170 KB) or do not compile in 15 minutes (Threefish)
          *COMPACT_DEFINES,
          # Keccak-p[1600] on bytes: no 64-bit arithmetic in the rounds (the
          # 64-bit loop form alone is 53 KB of 8051 code)
          "-DHB_KECCAK_BYTE"]
CODE_SIZE = 0x10000          # 64 KB code space
XRAM_SIZE = 0xfe00           # xram 0x100..0xfeff: above the pdata stack, below simif
SIMIF = 0xffff               # s51 -I if=xram[0xffff]
CPU = "8052"                 # 256 bytes of internal RAM (AT89S52 class)
DEFAULT_SIZES = [0, 1, 16, 30, 46, 64, 78, 128, 256, 576, 1024]
MAX_MSG = 4096               # largest message measured (xram buffer; larger sizes are skipped)
SENTINEL = 987654321
# per-family size knobs of the library (64 KB of code): the compact,
# byte-oriented Groestl and AES rounds instead of 8 / 4 tables of lookups;
# Threefish on byte arrays (the rolled 64-bit rounds of HB_SKEIN_COMPACT are
# 65 KB and more of 8051 code per width: SDCC expands each 64-bit operation)
FAMILY_FLAGS = {"groestl": ["-DHB_GROESTL_BYTES", "-DHB_GROESTL_TABLES=0", "-DHB_AES_TABLES=0"],
                "aes": ["-DHB_GROESTL_TABLES=0", "-DHB_AES_TABLES=0"],
                "echo": ["-DHB_AES_TABLES=0", "-DHB_ECHO_COMPACT"],
                "shavite3": ["-DHB_AES_TABLES=0", "-DHB_SHAVITE3_COMPACT"],
                # Fugue includes aes_round.h too: the same AES configuration as aes_tables.c
                "fugue": ["-DHB_AES_TABLES=0"],
                "skein": ["-DHB_SKEIN_BYTEWISE"],
                # one L in a loop: twelve inline L overflowed the idata stack
                "hamsi": ["-DHB_HAMSI_COMPACT"],
                # the round on x[] in place: 32 named words hung the 8051
                "cubehash": ["-DHB_CUBEHASH_COMPACT"]}
# runtime modules written in assembler inside C files: no stack parameters,
# taken as built for large-stack-auto
RUNTIME_ASM = {"_gptrget", "_gptrput", "_gptrgetc", "_bp", "bpx", "_spx", "_startup", "_decdptr",
               "_iscntrl", "_setjmp", "_autobaud"}


def load_profile() -> Profile:
    d = tomllib.loads((HAL / "profile.toml").read_text())
    return Profile(clock_hz=float(d["clock_hz"]), supply_v=d.get("supply_v"),
                   active_ma=d.get("active_ma"), source=d.get("source", ""))


def _run(cmd, timeout=900):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{cmd[0]} timed out after {timeout} s on {cmd[-1]}") from None
    if r.returncode != 0:
        raise BuildError(f"{' '.join(map(str, cmd[:2]))} ... {cmd[-1]} failed:\n"
                         f"{(r.stderr + r.stdout)[-2000:]}")
    return r


# ---- which library sources an image needs ------------------------------------

_DEF = re.compile(r"^(?!static)[A-Za-z_][\w \*]*?\b(hb_\w+)\s*(?:\(|=|\[)", re.M)
_USE = re.compile(r"\b(hb_\w+)\b")


_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# prototypes and extern declarations: a header naming a function is no use of it
_DECL = re.compile(r"(?:extern\s+)?[A-Za-z_][\w \t\*]*?\bhb_\w+\s*(?:\([^;{}]*\)|\[[^\];]*\])\s*"
                   r"(?:HB_REENTRANT)?\s*;")


def _uses(src: Path) -> set[str]:
    """hb_* names a source uses: its own text and the bodies (macros, inline
    functions) of the project headers it includes, transitively -- echo.c
    reaches hb_aes_sbox only through aes_round.h's macros."""
    seen: set[Path] = set()
    names: set[str] = set()
    todo = [src]
    while todo:
        f = todo.pop()
        if f in seen or not f.exists():
            continue
        seen.add(f)
        text = _COMMENT.sub(" ", f.read_text(errors="replace"))
        if f != src:
            text = _DECL.sub(" ", text)
        names.update(_USE.findall(text))
        todo += [(f.parent / h).resolve() for h in _INCLUDE.findall(text)
                 if (f.parent / h).resolve().is_relative_to(ROOT / "src")]
    return names


def _index() -> dict[str, Path]:
    """hb_* function or object name -> the library source defining it (non-static)."""
    idx: dict[str, Path] = {}
    for s in sorted((ROOT / "src" / "modes").glob("*.c")) + sorted((ROOT / "src" / "algos").glob("*/*.c")):
        for m in _DEF.finditer(s.read_text()):
            idx.setdefault(m.group(1), s)
    return idx


def needed_sources(defs: str) -> list[Path]:
    """Library sources reachable from the functions named in one.def: the
    files defining what they use, transitively, and every source of a family
    directory touched (names built by token pasting are not greppable)."""
    idx = _index()
    todo = [n for n in _USE.findall(defs) if n in idx]
    if "HB_HMAC(" in defs:
        todo.append("hb_hmac_setup")
    seen: set[Path] = set()
    while todo:
        n = todo.pop()
        src = idx.get(n)
        if src is None or src in seen:
            continue
        # a source that builds names by token pasting gets its whole family directory
        pasted = re.search(r"\bhb_\w*##", src.read_text()) is not None
        for f in sorted(src.parent.glob("*.c")) if pasted and src.parent.parent.name == "algos" else [src]:
            if f not in seen:
                seen.add(f)
                todo += [u for u in _uses(f) if u in idx and idx[u] not in seen]
    return sorted(seen)


class Mcs51Target(Target):
    name = "mcs51"
    description = "Intel 8051 (8052, 12 clocks/machine cycle): SDCC + s51, exact clocks"
    apt_packages = ("sdcc", "sdcc-ucsim")
    executables = ("sdcc", "s51")

    def __init__(self):
        self.profile = load_profile()
        # objects depend on the flags: one directory per flag set
        tag = hashlib.sha256(" ".join(CFLAGS).encode()).hexdigest()[:8]
        self.outdir = ROOT / "build" / "fw" / self.name / tag

    def check(self) -> None:
        super().check()
        if not SDCC_LIB_SRC.is_dir():
            raise TargetUnavailable(f"target {self.name}: SDCC library sources missing "
                                    f"({SDCC_LIB_SRC}); install with: apt-get install sdcc")

    def environment(self) -> dict:
        def first(cmd):
            try:
                return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.splitlines()[0]
            except (OSError, IndexError, subprocess.TimeoutExpired):
                return "?"
        return {"compiler": first(["sdcc", "--version"]), "flags": " ".join(CFLAGS),
                "simulator": f"{first(['s51', '-v']).strip()} -t {CPU} -X 12M",
                "cycle_unit": "clocks (oscillator periods); machine cycles = clocks / 12",
                "clock_source": self.profile.source}

    # ---- build ---------------------------------------------------------------
    def _compile(self, src: Path, obj: Path, extra=(), deps=()) -> Path:
        newest = max([src.stat().st_mtime, *(d.stat().st_mtime for d in deps)])
        if obj.exists() and obj.stat().st_mtime >= newest:
            return obj
        obj.parent.mkdir(parents=True, exist_ok=True)
        _run(["sdcc", *CFLAGS, *extra, "-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
              "-I", str(HAL), "-c", str(src), "-o", str(obj)])
        return obj

    def _headers(self) -> list[Path]:
        return list((ROOT / "include").glob("*.h")) + list((ROOT / "src").rglob("*.h"))

    def _link(self, rels: list[Path], d: Path, ihx: Path) -> str:
        # the pdata stack gets all of xram page 0 (hal.c sets P2 = 0), xdata follows
        r = subprocess.run(["sdcc", *CFLAGS, "--code-size", str(CODE_SIZE), "--xstack-loc", "0",
                            "--xram-loc", "0x100", "--xram-size", str(XRAM_SIZE),
                            "--iram-size", "256", *map(str, rels), "-L", str(d), "-l", "hb", "-l", "rt", "-l", "liblonglong",
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
        res, lib = [], ""
        for line in text.splitlines()[1:]:
            m = re.match(r"^(\S+)?\s*(?:\[\s*(\S+?)(?:\.(?:r(?:el?)?)?)?\s*\])?", line)
            if m.group(1):
                lib = m.group(1)
            if m.group(2):
                res.append((lib, m.group(2)))
        return res

    def build(self, name: str, sizes: list[int], blocks: int, maxmsg: int, check_n: int,
              xof_out: int = 32) -> tuple[Path, dict]:
        """One image for one algorithm: (ihx path, {'code', 'mark', 'clock', 'code_end'})."""
        a = native.find(name)
        d = self.outdir / name
        d.mkdir(parents=True, exist_ok=True)
        defs = def_lines(name)
        (d / "one.def").write_text(defs)
        hdrs = self._headers()
        libobj = self.outdir / "obj"
        lib = {}
        for s in needed_sources(defs):
            extra = FAMILY_FLAGS.get(s.parent.name, [])
            tag = ("-" + hashlib.sha256(" ".join(extra).encode()).hexdigest()[:6]) if extra else ""
            lib[s.parent.name + "__" + s.stem + tag] = self._compile(
                s, libobj / f"{s.parent.name}__{s.stem}{tag}.rel", extra, deps=hdrs)
        self._archive(d / "hb.lib", list(lib.values()))
        fw = [f'-DHB_ALGOS_DEF="{d / "one.def"}"', f'-DHB_FW_ALGO="{name}"',
              f"-DHB_FW_CTX_BYTES={a.ctx_size}", f"-DHB_FW_SIZES={','.join(map(str, sizes)) or '0'}",
              f"-DHB_FW_BLOCKS={blocks}", f"-DHB_FW_MAXMSG={maxmsg}", f"-DHB_FW_CHECK_N={check_n}",
              f"-DHB_FW_OUT={xof_out}", '-DHB_FW_HAL="hal.h"']
        for o in (d / "firmware.rel", d / "registry.rel"):
            if o.exists():
                o.unlink()
        own = [self._compile(ROOT / "bench" / "firmware.c", d / "firmware.rel", fw + ["-Dmain=hb_fw_main"]),
               self._compile(ROOT / "src" / "registry.c", d / "registry.rel", fw),
               self._compile(HAL / "hal.c", self.outdir / "hal.rel", deps=[HAL / "hal.h"])]
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
                rt[m] = self._compile(SDCC_LIB_SRC / f"{m}.c", self.outdir / "rt" / f"{m}.rel")
        mem = (d / "fw.mem").read_text(errors="replace") if (d / "fw.mem").exists() else ""
        errs = [ln.strip() for ln in (out + "\n" + mem).splitlines() if "rror" in ln or "Undefined" in ln]
        rom = re.search(r"ROM/EPROM/FLASH\s+0x[0-9a-fA-F]+\s+0x[0-9a-fA-F]+\s+(\d+)\s+(\d+)", mem)
        if rom and int(rom.group(1)) > int(rom.group(2)):
            raise BuildError(f"does not fit ({rom.group(1)} bytes of code > {rom.group(2)})")
        if not ihx.exists() or errs:
            msg = "; ".join(dict.fromkeys(errs))[:600] or out[-600:]
            raise BuildError(("does not fit: " if ("space" in msg or "RAM" in msg or "exceed" in msg)
                              else "link failed: ") + msg)
        info = self.read_map(d / "fw.map")
        if info["code_end"] > CODE_SIZE:
            raise BuildError(f"does not fit ({info['code_end']} bytes > {CODE_SIZE})")
        mods = [m for lb, m in self.linked_modules(d / "fw.map") if lb.endswith("hb.lib")]
        # a name of 29 characters or more may be cut short in the map
        used = [o for k, o in lib.items() if any(k == m or (len(m) >= 29 and k.startswith(m)) for m in mods)]
        info["code"] = self.rel_sizes(used + [d / "registry.rel"])
        return ihx, info

    @staticmethod
    def rel_sizes(rels: list[Path]) -> dict:
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
    def read_map(mp: Path) -> dict:
        """hal_mark / hal_clock addresses and the end of code from the aslink map."""
        text = mp.read_text(errors="replace")
        sym = {m.group(2): int(m.group(1), 16)
               for m in re.finditer(r"^\s*[CDX]?:?\s+([0-9A-F]{8})\s+(_\w+)\s", text, re.M)}
        code_end = 0
        for m in re.finditer(r"^(\w+)\s+([0-9A-F]{8})\s+([0-9A-F]{8}) =\s+\d+\. bytes \(([^)]*)\)", text, re.M):
            if "CODE" in m.group(4):
                code_end = max(code_end, int(m.group(2), 16) + int(m.group(3), 16))
        return {"mark": sym.get("_hal_mark"), "clock": sym.get("_hal_clock"), "code_end": code_end}


    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 4, timeout: float = 600.0,
                    check_n: int = 16, maxmsg: int | None = None, **options) -> Iterator[dict]:
        """Build, prove and measure each algorithm; one row per size / block count."""
        self.check()
        sizes = [n for n in sizes if n <= MAX_MSG]   # the message buffer lives in 64 KB of xram
        maxmsg = maxmsg or max([*sizes, check_n, 1])
        for name in algos:
            a = native.find(name)
            base = {"algo": name, "target": self.name, "ctx_bytes": a.ctx_size}
            mm = max(maxmsg, blocks * a.block_size)
            try:
                ihx, info = self.build(name, sizes, blocks, mm, check_n)
            except BuildError as e:
                msg = str(e)
                yield {**base, "error": msg if msg.startswith("does not fit") else f"does not build: {msg[-500:]}"}
                continue
            except subprocess.TimeoutExpired:
                yield {**base, "error": "does not build: compiler timed out"}
                continue
            sim = S51(ihx, ihx.with_suffix(".out"), info["mark"], info["clock"], timeout)
            try:
                text, _ = sim.run()
            except SimError as e:
                sim.p.kill()
                sim.p.wait()
                yield {**base, "error": str(e), "code_bytes": info["code"]["total"]}
                continue
            out = parse_output(text)
            want = host_checksum(name, check_n)
            if out.get("checksum") != want:
                yield {**base, "verified": False, "code_bytes": info["code"]["total"],
                       "error": f"on-target checksum {out.get('checksum')} != host {want}; not measured"}
                continue
            if not out["done"]:
                yield {**base, "verified": False, "code_bytes": info["code"]["total"],
                       "error": f"checksum correct, but the run stopped before the end ({sim.stop}); "
                                "not measured"}
                continue
            stack = max((r.get("stack", 0) for r in out["rows"]), default=0)
            for r in out["rows"]:
                c = float(r["cycles"])
                row = {**base, "size": r["size"], "kind": r["kind"], "reps": 1, "median": c, "q1": c, "q3": c,
                       "min": c, "max": c, "count_kind": "cycles_exact", "machine_cycles": c / 12,
                       "verified": True, "code_bytes": info["code"]["total"], "code_text": info["code"]["text"],
                       "code_rodata": info["code"]["rodata"], "stack_bytes": stack,
                       "static_bytes": info["code"]["data"],
                       "ram_bytes": out.get("ctx", a.ctx_size) + stack + info["code"]["data"]}
                yield finish_row(row, self.profile)


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

    def __init__(self, ihx: Path, out: Path, mark: int, clock: int, timeout: float):
        self.deadline = time.monotonic() + timeout
        self.timeout = timeout
        self.mark, self.clock = mark, clock
        self.out = out
        if out.exists():
            out.unlink()
        self.p = subprocess.Popen(["s51", "-t", CPU, "-X", "12M", "-I", f"if=xram[{SIMIF:#x}],out={out}",
                                   str(ihx)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, bufsize=0)
        self.buf = b""
        self.stop = ""

    def _read_until(self, pred) -> bytes:
        while not pred(self.buf):
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise SimError(f"simulator killed after {self.timeout:.0f} s (hang?)")
            r, _, _ = select.select([self.p.stdout], [], [], min(left, 1.0))
            if r:
                d = os.read(self.p.stdout.fileno(), 65536)
                if not d:
                    raise SimError(f"simulator exited: {self.buf[-300:]!r}")
                self.buf += d
        out, self.buf = self.buf, b""
        return out

    def cmd(self, c: str) -> bytes:
        """Run one console command; its output ends where the sentinel's echo starts."""
        self.p.stdin.write(f"{c}\nexpr {SENTINEL}\n".encode())
        out = self._read_until(lambda b: f"\n{SENTINEL}\n".encode() in b)
        # s51 echoes the commands first, then prints their results
        return out.rsplit(f"\n{SENTINEL}\n".encode(), 1)[0]

    def run(self) -> tuple[str, int]:
        ticks_hi, last, marks = 0, 0, 0
        self.cmd(f"break {self.mark:#x}")
        while True:
            self.p.stdin.write(b"run\n")
            o = self._read_until(lambda b: re.search(rb"Stop at 0x([0-9a-fA-F]+)[^\n]*\n", b) is not None)
            pc = int(re.search(rb"Stop at 0x([0-9a-fA-F]+)", o).group(1), 16)
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

    def close(self):
        if self.p.poll() is None:
            try:
                self.p.stdin.write(b"quit\n")
                self.p.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.p.kill()
                self.p.wait()

