"""avr: ATmega1281 (default), ATmega328P, ATmega2560 under simavr.

Firmware (bench/firmware.c + targets/avr/hal_avr.c) is built with avr-gcc,
one image per algorithm, and run by a small harness linked with libsimavr
(targets/avr/simavr_run.c, built into build/avr/ on first use) that serves
the HAL: hal_cycles() is simavr's own cycle counter latched at the I/O
write, so count_kind is "cycles_exact"; instructions are counted by the
harness.  Constant tables marked HB_ROM live in flash (PROGMEM, read with
pgm_read_*: targets/avr/hb_avr_rom.h is force-included).

8 KB of SRAM (2 KB on the ATmega328P) holds the message buffer, two
contexts and the stack: the buffer is sized to what fits, larger message
sizes are dropped, and the long-message rate comes from the HTime(N) fit
over whole blocks.  An image that does not fit in flash or RAM is reported
"does not fit (N bytes > M)" and the run goes on with the next algorithm.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Iterable, Iterator

from .. import native
from .base import Profile, Target, TargetUnavailable, finish_row
from .firmware import COMPACT_DEFINES, ROOT, BuildError, Toolchain, build_image, build_library, code_bytes, \
    host_checksum, parse_output

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

AVR = ROOT / "targets" / "avr"
APT = ("gcc-avr", "avr-libc", "binutils-avr", "simavr", "libsimavr-dev")
#: files that prove a package is installed when it has no executable
HEADERS = {"avr-libc": "/usr/lib/avr/include/avr/io.h",
           "libsimavr-dev": "/usr/include/simavr/sim_avr.h"}
OPT = "-O2"
DEFAULT_SIZES = [0, 1, 16, 30, 46, 64, 78, 128, 256, 576, 1024, 1536]
#: largest message buffer tried per MCU (bytes); halved while the image
#: does not fit in RAM
MSG_LIMIT = {8192: 2048, 2048: 512}
STACK_RESERVE = 256  # RAM kept free for the stack when judging the static fit
SIM_LINE = re.compile(r"^sim (status=.*)$", re.M)


def load_profiles() -> dict:
    return tomllib.loads((AVR / "profile.toml").read_text())


class AvrTarget(Target):
    name = "avr"
    apt_packages = APT
    executables = ("avr-gcc", "avr-ar", "avr-size", "avr-nm", "cc")

    def __init__(self, mcu: str | None = None, opt: str | None = None, compact: bool = False):
        prof = load_profiles()
        self.compact = compact
        self.opt = opt or os.environ.get("HASHBENCH_AVR_OPT") or OPT
        if self.opt not in ("-O1", "-O2", "-O3", "-Os"):
            raise ValueError(f"avr: optimisation {self.opt!r} not one of -O1 -O2 -O3 -Os")
        self.mcu = (mcu or os.environ.get("HASHBENCH_AVR_MCU") or prof["default_mcu"]).lower()
        if self.mcu not in prof or not isinstance(prof[self.mcu], dict):
            known = [k for k, v in prof.items() if isinstance(v, dict)]
            raise ValueError(f"avr: unknown MCU {self.mcu!r}; known: {', '.join(known)}")
        p = prof[self.mcu]
        self.mem = p
        self.profile = Profile(clock_hz=float(p["clock_hz"]), supply_v=p.get("supply_v"),
                               active_ma=p.get("active_ma"), source=p.get("source", ""))
        self.description = f"{self.mcu} at {p['clock_hz'] / 1e6:g} MHz under simavr, exact cycles"
        self.toolchain = Toolchain(
            cc="avr-gcc", ar="avr-ar",
            cflags=[f"-mmcu={self.mcu}", self.opt, "-std=c99", "-ffunction-sections", "-fdata-sections",
                    f"-DF_CPU={int(p['clock_hz'])}UL", "-DHB_FW_HAS_INSTRUCTIONS",
                    # Groestl on bytes: smaller and faster on an 8-bit core than
                    # the eight 2 KB tables of 64-bit columns (atmega1281 -O2,
                    # groestl_256: 4,788 B of code instead of 39,496, 87,602
                    # cycles/block instead of 438,976, RAM 762 B instead of 1,057)
                    "-DHB_GROESTL_BYTES",
                    *(COMPACT_DEFINES if compact else [])],
            # the regions are opened wide so that an image too large always
            # links and fit_error() can say by how much it does not fit
            ldflags=["-Wl,--gc-sections", "-Wl,--section-start=.mmcu=0x910000",
                     "-Wl,--defsym=__TEXT_REGION_LENGTH__=0x400000",
                     "-Wl,--defsym=__DATA_REGION_LENGTH__=0xffa0"],
            hal_sources=[str(AVR / "hal_avr.c")], hal_header=str(AVR / "hal_avr.h"),
            defines=["-include", str(AVR / "hb_avr_rom.h"), f'-DHB_AVR_MCU_NAME="{self.mcu}"',
                     f"-I{AVR}", "-I/usr/include/simavr/avr"])

    # ---- availability -------------------------------------------------------
    def missing(self) -> list[str]:
        miss = super().missing()
        miss += [f"{pkg} ({path})" for pkg, path in HEADERS.items() if not Path(path).exists()]
        return miss

    def environment(self) -> dict:
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags),
                "mcu": self.mcu, "opt": self.opt, "simulator": f"simavr {simavr_version()} (libsimavr, harness "
                                              f"targets/avr/simavr_run.c)",
                "clock_source": self.profile.source}

    def simulator(self) -> Path:
        """The harness binary, rebuilt when its source is newer."""
        src = AVR / "simavr_run.c"
        exe = ROOT / "build" / "avr" / "simavr_run"
        if exe.exists() and exe.stat().st_mtime >= src.stat().st_mtime:
            return exe
        exe.parent.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["cc", "-O2", "-std=gnu99", "-Wall", "-Wextra", "-o", str(exe), str(src),
                            "-lsimavr"], capture_output=True, text=True)
        if r.returncode != 0:
            raise TargetUnavailable(f"target avr: building the simavr harness failed (install "
                                    f"{' '.join(APT)}):\n{r.stderr[-1500:]}")
        return exe

    # ---- memory ---------------------------------------------------------------
    def sections(self, elf: Path) -> dict:
        r = subprocess.run(["avr-size", "-A", str(elf)], capture_output=True, text=True, check=True)
        out = {}
        for line in r.stdout.splitlines():
            f = line.split()
            if len(f) >= 3 and f[0].startswith(".") and f[1].isdigit():
                out[f[0]] = int(f[1])
        return out

    def fit_error(self, elf: Path) -> str | None:
        s = self.sections(elf)
        flash = s.get(".text", 0) + s.get(".data", 0)
        ram = s.get(".data", 0) + s.get(".bss", 0)
        if flash > self.mem["flash_bytes"]:
            return f"does not fit (flash: {flash} bytes > {self.mem['flash_bytes']})"
        if ram + STACK_RESERVE > self.mem["sram_bytes"]:
            return (f"does not fit (RAM: {ram} bytes static + {STACK_RESERVE} stack > "
                    f"{self.mem['sram_bytes']})")
        return None

    def heap_start(self, elf: Path) -> int:
        r = subprocess.run(["avr-nm", str(elf)], capture_output=True, text=True, check=True)
        m = re.search(r"^([0-9a-f]+) \w __heap_start$", r.stdout, re.M)
        return int(m.group(1), 16) & 0xFFFF if m else 0

    # ---- running --------------------------------------------------------------
    def simulate(self, elf: Path, timeout: float, max_cycles: int) -> tuple[str, dict]:
        """Run one image; returns (console text, harness summary).  A run
        past the timeout is killed and reported as status=timeout."""
        sim = self.simulator()
        cmd = [str(sim), self.mcu, str(int(self.profile.clock_hz)), str(int(max_cycles)), str(elf)]
        try:
            r = subprocess.run(cmd, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode("latin-1")
            return out, {"status": "timeout"}
        m = SIM_LINE.findall(r.stderr.decode("latin-1"))
        info = dict(kv.split("=", 1) for kv in m[-1].split()) if m else {"status": "crash"}
        for k in ("cycles", "instructions", "sp_min", "ramend"):
            if k in info:
                info[k] = int(info[k])
        info["stderr"] = r.stderr.decode("latin-1")[-600:]
        return r.stdout.decode("latin-1"), info

    def build(self, name: str, outdir: Path, lib: Path, sizes: list[int], blocks: int,
              check_n: int) -> tuple[Path, Path, list[int], int, int]:
        """Build the largest image that fits: (elf, map, sizes, blocks, msg buffer)."""
        a = native.find(name)
        limit = MSG_LIMIT.get(self.mem["sram_bytes"], 512)
        err = None
        while limit >= max(check_n, 64):
            szs = [s for s in sizes if s <= limit]
            blk = min(blocks, limit // a.block_size) if a.block_size else 0
            if blk < 2:
                blk = 0
            mm = max([*szs, check_n, blk * a.block_size, 1])
            # images of different parameters live apart, so a test run and a
            # benchmark run never overwrite each other's firmware
            key = hashlib.sha256(repr((szs, blk, mm, check_n)).encode()).hexdigest()[:10]
            elf, mp = build_image(self.toolchain, name, outdir / f"img-{key}", lib, szs, blk, mm, check_n,
                                  stack_paint="hal_stack_room()")
            err = self.fit_error(elf)
            if err is None:
                return elf, mp, szs, blk, mm
            if "flash" in err:
                break
            limit //= 2
        raise BuildError(err or "does not fit")

    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 8, timeout: float = 300.0,
            check_n: int = 128, active_mw: float | None = None, mcu: str | None = None,
            opt: str | None = None, max_cycles: int = 20_000_000_000, **options) -> Iterator[dict]:
        """Build, verify and measure each algorithm on this MCU (mcu=... or
        opt=... measure on another MCU / with other optimisation; the
        environment variables HASHBENCH_AVR_MCU and HASHBENCH_AVR_OPT set
        the defaults for the CLI)."""
        if (mcu and mcu.lower() != self.mcu) or (opt and opt != self.opt):
            yield from AvrTarget(mcu or self.mcu, opt or self.opt).run(
                algos, sizes, blocks, timeout, check_n, active_mw, max_cycles=max_cycles, **options)
            return
        self.check()
        self.simulator()
        prof = self.profile
        if active_mw is not None:
            prof = Profile(prof.clock_hz, 1.0, active_mw, prof.source + f"; active power {active_mw} mW given")
        lib = build_library(self.toolchain, self.outdir())
        small = None
        for name in algos:
            rows = list(self.measure(name, lib, sizes, blocks, timeout, check_n, prof, max_cycles))
            err = rows[0].get("error") or ""
            if err.startswith("does not fit (flash") and self.opt != "-Os":
                # fully unrolled code (Threefish, BLAKE-512 on 64-bit words)
                # may only fit when optimised for size with the loop forms of
                # the kernels: measure it so, and say so
                if small is None:
                    small = AvrTarget(self.mcu, "-Os", compact=True)
                    small_lib = build_library(small.toolchain, small.outdir())
                rows2 = list(small.measure(name, small_lib, sizes, blocks, timeout, check_n, prof, max_cycles))
                why = f"{err} at {self.opt}"
                for r in rows2:
                    if r.get("error"):
                        r["error"] = f"{why}; at -Os with the compact kernels: {r['error']}"
                    else:
                        r["note"] = f"{why}; built with -Os and the compact kernels (HB_*_COMPACT)"
                rows = rows2
            yield from rows

    def outdir(self) -> Path:
        d = ROOT / "build" / "fw" / f"avr-{self.mcu}{self.opt}{'-compact' if self.compact else ''}"
        lib = d / "libhb.a"
        # build_library() watches the library's own sources; the storage
        # macros force-included from here count too
        if lib.exists() and lib.stat().st_mtime < (AVR / "hb_avr_rom.h").stat().st_mtime:
            lib.unlink()
        return d

    def measure(self, name: str, lib: Path, sizes: list[int], blocks: int, timeout: float, check_n: int,
                prof: Profile, max_cycles: int) -> Iterator[dict]:
        """Rows of one algorithm (or one row with its error)."""
        a = native.find(name)
        target = self.name if self.mcu == load_profiles()["default_mcu"] else f"avr-{self.mcu}"
        base = {"algo": name, "target": target, "ctx_bytes": a.ctx_size, "clock_hz": prof.clock_hz,
                "opt": self.opt}
        try:
            elf, mp, _, _, msgbuf = self.build(name, self.outdir(), lib, sizes, blocks, check_n)
        except BuildError as e:
            msg = str(e)
            yield {**base, "error": msg if msg.startswith("does not fit") else f"does not build: {msg[-400:]}"}
            return
        size = code_bytes(mp)
        text, info = self.simulate(elf, timeout, max_cycles)
        heap = self.heap_start(elf)
        sp_min = info.get("sp_min")
        if sp_min is not None and heap and sp_min < heap:
            static = heap - self.mem["sram_start"]
            yield {**base, "code_bytes": size["total"],
                   "error": f"does not fit (RAM: {static} bytes static + "
                            f"{info['ramend'] - sp_min} stack > {self.mem['sram_bytes']})"}
            return
        status = info.get("status")
        if status != "exit":
            why = {"timeout": f"simulator killed after {timeout:.0f} s (hang?)",
                   "limit": f"stopped at the cycle limit ({max_cycles} cycles; hang?)",
                   "crash": f"simulator: CPU crashed at pc={info.get('pc')}: {info.get('stderr', '')[-200:]}",
                   "done": "firmware stopped without its exit marker"}.get(status, f"simulator: {status}")
            yield {**base, "code_bytes": size["total"], "error": why}
            return
        out = parse_output(text)
        want = host_checksum(name, check_n)
        if out.get("checksum") != want or not out["done"]:
            yield {**base, "verified": False, "code_bytes": size["total"],
                   "error": f"on-target checksum {out.get('checksum')} != host {want}; not measured"}
            return
        stack = max((r.get("stack", 0) for r in out["rows"]), default=0)
        for r in out["rows"]:
            c = float(r["cycles"])
            row = {**base, "size": r["size"], "kind": r["kind"], "reps": 1, "median": c, "q1": c,
                   "q3": c, "min": c, "max": c, "count_kind": "cycles_exact",
                   "instructions": r.get("instructions"), "verified": True,
                   "code_bytes": size["total"], "code_text": size["text"], "code_rodata": size["rodata"],
                   "stack_bytes": stack, "ram_bytes": a.ctx_size + stack, "msg_buffer": msgbuf,
                   "sim_cycles": info.get("cycles"),
                   # deepest stack of the whole firmware run, from the simulator's SP
                   "stack_total_bytes": info["ramend"] - sp_min if sp_min is not None else None}
            yield finish_row(row, prof)


def simavr_version() -> str:
    try:
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libsimavr-dev"],
                           capture_output=True, text=True, timeout=10)
        if r.returncode == 0 and r.stdout:
            return r.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return "?" if shutil.which("simavr") is None else "installed"
