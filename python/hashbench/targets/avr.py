"""simavr: AVR parts (targets/avr/target.toml: ATmega1281 by default,
ATmega328P, ATmega2560) under simavr, exact cycles.

Firmware (bench/firmware.c + targets/avr/hal_avr.c) is built with avr-gcc
and run by a small harness linked with libsimavr (targets/avr/simavr_run.c,
built into build/avr/ on first use) that serves the HAL: hal_cycles() is
simavr's own cycle counter latched at the I/O write, so count_kind is
"cycles_exact"; instructions are counted by the harness.  Constant tables
marked HB_ROM live in flash (PROGMEM: targets/avr/hb_avr_rom.h is
force-included).

The part's SRAM holds the message buffer, two contexts and the stack: the
buffer is sized to what fits, larger message sizes are dropped, and the
long-message rate comes from the HTime(N) fit over whole blocks.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path
from typing import Any

from .. import impls
from ..core import lookup
from .base import Row, TargetUnavailable
from .config import Profile, TargetConfig
from .firmware import ROOT, FitError, Toolchain, build_image, build_library, code_bytes, run_simulator
from .pipeline import Backend, BuildParams, Execution, Image

#: largest message buffer tried per SRAM size (bytes); halved while the image
#: does not fit in RAM
MSG_LIMIT = {8192: 2048, 2048: 512}
SIM_LINE = re.compile(r"^sim (status=.*)$", re.M)
OPTS = ("-O1", "-O2", "-O3", "-Os")


class SimavrBackend(Backend):
    def __init__(self, cfg: TargetConfig, mcu: str | None = None, opt: str | None = None, **options: Any):
        super().__init__(cfg, **options)
        parts = cfg.data["mcu"]
        self.default_mcu = cfg.data["default_mcu"]
        self.mcu = (mcu or os.environ.get("HASHBENCH_AVR_MCU") or self.default_mcu).lower()
        if self.mcu not in parts:
            raise ValueError(f"avr: unknown MCU {self.mcu!r}; known: {', '.join(parts)}")
        self.mem: dict[str, Any] = parts[self.mcu]   # [mcu.<name>] of target.toml
        self.opt = opt or os.environ.get("HASHBENCH_AVR_OPT") or "-O2"
        if self.opt not in OPTS:
            raise ValueError(f"avr: optimisation {self.opt!r} not one of {' '.join(OPTS)}")
        self.toolchain = Toolchain.of(cfg, mcu=self.mcu, clock_hz=int(self.mem["clock_hz"]))
        self.toolchain.cflags = [self.opt if f in OPTS else f for f in self.toolchain.cflags]
        self.folder = cfg.folder

    def profile(self) -> Profile:
        return Profile.of(self.mem)

    def target_name(self) -> str:
        return "avr" if self.mcu == self.default_mcu else f"avr-{self.mcu}"

    def environment(self) -> dict[str, Any]:
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags),
                "mcu": self.mcu, "opt": self.opt,
                "simulator": f"simavr {simavr_version()} (libsimavr, harness targets/avr/simavr_run.c)"}

    def check(self) -> None:
        self.simulator()

    def outdir(self) -> Path:
        d = ROOT / "build" / "fw" / f"avr-{self.mcu}{self.opt}"
        # the storage macros force-included from the target folder count as sources
        rom = self.folder / "hb_avr_rom.h"
        for lib in d.glob("libhb-*.a"):
            if lib.stat().st_mtime < rom.stat().st_mtime:
                lib.unlink()
                shutil.rmtree(d / "obj", ignore_errors=True)
        return d

    def simulator(self) -> Path:
        """The harness binary, rebuilt when its source is newer."""
        src = self.folder / "simavr_run.c"
        exe = ROOT / "build" / "avr" / "simavr_run"
        if exe.exists() and exe.stat().st_mtime >= src.stat().st_mtime:
            return exe
        exe.parent.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["cc", "-O2", "-std=gnu99", "-Wall", "-Wextra", "-o", str(exe), str(src),
                            "-lsimavr"], capture_output=True, text=True)
        if r.returncode != 0:
            raise TargetUnavailable(f"target avr: building the simavr harness failed (install "
                                    f"{' '.join(self.cfg.apt)}):\n{r.stderr[-1500:]}")
        return exe

    # ---- memory ---------------------------------------------------------------
    def sections(self, elf: Path) -> dict[str, int]:
        r = subprocess.run(["avr-size", "-A", str(elf)], capture_output=True, text=True, check=True)
        out: dict[str, int] = {}
        for line in r.stdout.splitlines():
            f = line.split()
            if len(f) >= 3 and f[0].startswith(".") and f[1].isdigit():
                out[f[0]] = int(f[1])
        return out

    def fit_error(self, elf: Path) -> str | None:
        s = self.sections(elf)
        flash = s.get(".text", 0) + s.get(".data", 0)
        ram = s.get(".data", 0) + s.get(".bss", 0)
        reserve = self.cfg.run_opt("stack_reserve", 256)
        if flash > self.mem["flash_bytes"]:
            return f"does not fit (flash: {flash} bytes > {self.mem['flash_bytes']})"
        if ram + reserve > self.mem["sram_bytes"]:
            return (f"does not fit (RAM: {ram} bytes static + {reserve} stack > "
                    f"{self.mem['sram_bytes']})")
        return None

    def heap_start(self, elf: Path) -> int:
        r = subprocess.run(["avr-nm", str(elf)], capture_output=True, text=True, check=True)
        m = re.search(r"^([0-9a-f]+) \w __heap_start$", r.stdout, re.M)
        return int(m.group(1), 16) & 0xFFFF if m else 0

    # ---- the pipeline's two steps ----------------------------------------------
    def build(self, algo: str, sel: dict[str, str], p: BuildParams) -> Image:
        """The largest image that fits: the message buffer is halved while
        the image does not fit in RAM."""
        a = lookup(algo)
        lib = build_library(self.toolchain, self.outdir(), sel)
        limit = MSG_LIMIT.get(self.mem["sram_bytes"], 512)
        err = None
        while limit >= max(p.check_n, 64):
            szs = [s for s in p.sizes if s <= limit]
            blk = min(p.blocks, limit // a.block_size) if a.block_size else 0
            if blk < 2:
                blk = 0
            mm = max([*szs, p.check_n, blk * a.block_size, 1])
            # images of different parameters live apart, so a test run and a
            # benchmark run never overwrite each other's firmware
            key = hashlib.sha256(repr((szs, blk, mm, p.check_n)).encode()).hexdigest()[:10]
            d = self.outdir() / f"{algo}@{impls.algo_tag(algo, sel)}" / p.subdir() / f"img-{key}"
            elf, mp = build_image(self.toolchain, algo, d, lib, szs, blk, mm, p.check_n, p.xof_out,
                                  stack_paint="hal_stack_room()", sel=sel, workload=p.workload)
            err = self.fit_error(elf)
            if err is None:
                return Image(elf, code_bytes(mp), {"row": {"msg_buffer": mm, "opt": self.opt}})
            if "flash" in err:
                break
            limit //= 2
        raise FitError(err or "does not fit")

    def simulate(self, elf: Path, timeout: float, max_cycles: int) -> tuple[str, dict[str, Any]]:
        """Run one image; returns (console text, harness summary).  A run
        past the timeout is killed and reported as status=timeout."""
        sim = self.simulator()
        cmd = [str(sim), self.mcu, str(int(self.mem["clock_hz"])), str(int(max_cycles)), str(elf)]
        code, out, err = run_simulator(cmd, timeout)
        if code is None:
            return out, {"status": "timeout"}
        m = SIM_LINE.findall(err)
        info: dict[str, Any] = dict(kv.split("=", 1) for kv in m[-1].split()) if m else {"status": "crash"}
        for k in ("cycles", "instructions", "sp_min", "ramend"):
            if k in info:
                info[k] = int(info[k])
        info["stderr"] = err[-600:]
        if not m and code != 0:
            # no summary line: the harness itself died, the CPU state is unknown
            info["status"] = "died"
            info["died"] = (f"killed by signal {signal.Signals(-code).name}" if code < 0
                            else f"exited with status {code}")
        return out, info

    def execute(self, image: Image, timeout: float) -> Execution:
        max_cycles = self.options.get("max_cycles") or self.cfg.run_opt("max_cycles", 20_000_000_000)
        text, info = self.simulate(image.path, timeout, max_cycles)
        status = str(info.get("status"))
        detail = {"limit": f"{max_cycles} cycles",
                  "crash": f"CPU crashed at pc={info.get('pc')}: {info.get('stderr', '')[-200:]}",
                  "done": "firmware stopped without its exit marker",
                  "died": f"simulator {info.get('died')}: {info.get('stderr', '')[-200:]}".rstrip(": ")
                  }.get(status, "")
        st = {"exit": "exit", "timeout": "timeout", "limit": "limit"}.get(status, "crash")
        return Execution(text, st, detail or f"simulator: {status}", info)

    def ram_error(self, image: Image, ex: Execution) -> str | None:
        heap = self.heap_start(image.path)
        sp_min = ex.info.get("sp_min")
        if sp_min is not None and heap and sp_min < heap:
            static = heap - self.mem["sram_start"]
            return (f"does not fit (RAM: {static} bytes static + {ex.info['ramend'] - sp_min} stack > "
                    f"{self.mem['sram_bytes']})")
        return None

    def row_extra(self, image: Image, ex: Execution, fw_row: Row) -> dict[str, Any]:
        sp_min = ex.info.get("sp_min")
        return {"sim_cycles": ex.info.get("cycles"),
                # deepest stack of the whole firmware run, from the simulator's SP
                "stack_total_bytes": ex.info["ramend"] - sp_min if sp_min is not None else None}


def simavr_version() -> str:
    try:
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libsimavr-dev"],
                           capture_output=True, text=True, timeout=10)
        if r.returncode == 0 and r.stdout:
            return r.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return "?" if shutil.which("simavr") is None else "installed"
