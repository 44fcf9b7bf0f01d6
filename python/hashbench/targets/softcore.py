"""softcore-rv32: the firmware on a real RISC-V CPU in RTL simulation.

PicoRV32 (RTL from PyPI pythondata-cpu-picorv32) with RV32IMC, a barrel
shifter and 4 MiB of one-wait-state RAM (targets/softcore-rv32/tb.v),
compiled with Verilator: every cycle is the RTL's, so count_kind is
cycles_exact.  The firmware image is the one of the rv32imc target."""
from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path
from typing import Iterable, Iterator

from .. import native
from .base import Target, TargetUnavailable, finish_row
from .emu import EmuTarget, load_profile
from .firmware import ROOT, BuildError, build_image, build_library, code_bytes, host_checksum, parse_output

TB = ROOT / "targets" / "softcore-rv32"


def picorv32_source() -> Path:
    try:
        import pythondata_cpu_picorv32 as p
    except ImportError:
        raise TargetUnavailable("target softcore-rv32: missing Python package pythondata-cpu-picorv32; "
                                "install with: pip install pythondata-cpu-picorv32") from None
    return Path(p.data_location) / "picorv32.v"


def elf_to_hex(elf: Path, objcopy: str, out: Path) -> Path:
    binf = out.with_suffix(".bin")
    subprocess.run([objcopy, "-O", "binary", str(elf), str(binf)], check=True)
    b = binf.read_bytes()
    b += bytes(-len(b) % 4)
    out.write_text("\n".join(f"{w:08x}" for w in struct.unpack(f"<{len(b) // 4}I", b)) + "\n")
    return out


class SoftcoreTarget(Target):
    name = "softcore-rv32"
    description = "PicoRV32 RTL under Verilator, exact cycles"
    apt_packages = ("verilator", "gcc-riscv64-unknown-elf", "picolibc-riscv64-unknown-elf")
    executables = ("verilator", "riscv64-unknown-elf-gcc")

    def __init__(self):
        self.fw = EmuTarget("rv32imc")
        self.profile = load_profile(self.name)
        self.simdir = ROOT / "build" / "softcore"

    def check(self) -> None:
        super().check()
        picorv32_source()

    def environment(self) -> dict:
        v = subprocess.run(["verilator", "--version"], capture_output=True, text=True).stdout.strip()
        return {"compiler": self.fw.toolchain.version(), "flags": " ".join(self.fw.toolchain.cflags),
                "simulator": v, "cpu": "PicoRV32 (pythondata-cpu-picorv32) RV32IMC, barrel shifter",
                "clock_source": self.profile.source}

    def simulator(self) -> Path:
        exe = self.simdir / "Vtb"
        srcs = [TB / "tb.v", TB / "sim_main.cpp", picorv32_source()]
        if exe.exists() and exe.stat().st_mtime >= max(p.stat().st_mtime for p in srcs):
            return exe
        self.simdir.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["verilator", "--cc", "--exe", "--build", "-O3", "-j", "2", "-Wno-fatal",
                            "-Wno-lint", "-Wno-style", "--top-module", "tb", "-Mdir", str(self.simdir / "obj"),
                            str(srcs[0]), str(srcs[2]), str(srcs[1]), "-o", str(exe)],
                           capture_output=True, text=True)
        if r.returncode != 0 or not exe.exists():
            raise TargetUnavailable(f"target {self.name}: building the Verilator model failed:\n{r.stderr[-2000:]}")
        return exe

    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 4, timeout: float = 600.0,
            check_n: int = 64, max_cycles: int = 2_000_000_000, **options) -> Iterator[dict]:
        self.check()
        sim = self.simulator()
        tc = self.fw.toolchain
        outdir = ROOT / "build" / "fw" / self.name
        lib = build_library(tc, outdir)
        maxmsg = max([*sizes, check_n, 1])
        for name in algos:
            a = native.find(name)
            base = {"algo": name, "target": self.name, "ctx_bytes": a.ctx_size}
            mm = max(maxmsg, blocks * a.block_size)
            try:
                elf, mp = build_image(tc, name, outdir, lib, sizes, blocks, mm, check_n)
            except BuildError as e:
                yield {**base, "error": f"does not build: {str(e)[-400:]}"}
                continue
            hexf = elf_to_hex(elf, tc.cc.replace("gcc", "objcopy"), elf.with_suffix(".hex"))
            size = code_bytes(mp)
            try:
                r = subprocess.run([str(sim), f"+firmware={hexf}", f"+max_cycles={max_cycles}"],
                                   capture_output=True, text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                yield {**base, "error": f"RTL simulation killed after {timeout:.0f} s (hang?)"}
                continue
            if r.returncode != 0:
                yield {**base, "error": f"RTL simulation stopped without exit (rc {r.returncode}): "
                                        f"{r.stdout[-300:]!r}"}
                continue
            out = parse_output(r.stdout)
            want = host_checksum(name, check_n)
            if out.get("checksum") != want or not out["done"]:
                yield {**base, "verified": False, "code_bytes": size["total"],
                       "error": f"on-target checksum {out.get('checksum')} != host {want}; not measured"}
                continue
            stack = max((x.get("stack", 0) for x in out["rows"]), default=0)
            for x in out["rows"]:
                c = float(x["cycles"])
                row = {**base, "size": x["size"], "kind": x["kind"], "reps": 1, "median": c, "q1": c,
                       "q3": c, "min": c, "max": c, "count_kind": "cycles_exact",
                       "instructions": x.get("instructions"), "verified": True, "code_bytes": size["total"],
                       "stack_bytes": stack, "ram_bytes": a.ctx_size + stack}
                yield finish_row(row, self.profile)
