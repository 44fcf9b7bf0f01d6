"""picorv32: firmware on a real RISC-V CPU in RTL simulation (softcore-rv32).

PicoRV32 (RTL from PyPI pythondata-cpu-picorv32) with RV32IMC, a barrel
shifter and 4 MiB of one-wait-state RAM (targets/softcore-rv32/tb.v),
compiled with Verilator: every cycle is the RTL's, so count_kind is
cycles_exact.  The image is built exactly as for the target the config's
`firmware_of` names (rv32imc)."""
from __future__ import annotations

import struct
import subprocess
from pathlib import Path
from typing import Any

from .base import TargetUnavailable
from .config import TargetConfig, load
from .emu import UnicornBackend
from .firmware import ROOT
from .pipeline import Backend, BuildParams, Execution, Image


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


class PicoRV32Backend(Backend):
    def __init__(self, cfg: TargetConfig, **options: Any):
        super().__init__(cfg, **options)
        self.fw = UnicornBackend(load(cfg.data["firmware_of"]))
        self.tb = cfg.folder
        self.simdir = ROOT / "build" / "softcore"

    def check(self) -> None:
        picorv32_source()

    def environment(self) -> dict[str, Any]:
        v = subprocess.run(["verilator", "--version"], capture_output=True, text=True).stdout.strip()
        return {"compiler": self.fw.toolchain.version(), "flags": " ".join(self.fw.toolchain.cflags),
                "simulator": v, "cpu": "PicoRV32 (pythondata-cpu-picorv32) RV32IMC, barrel shifter"}

    def simulator(self) -> Path:
        exe = self.simdir / "Vtb"
        srcs = [self.tb / "tb.v", self.tb / "sim_main.cpp", picorv32_source()]
        if exe.exists() and exe.stat().st_mtime >= max(p.stat().st_mtime for p in srcs):
            return exe
        self.simdir.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["verilator", "--cc", "--exe", "--build", "-O3", "-j", "2", "-Wno-fatal",
                            "-Wno-lint", "-Wno-style", "--top-module", "tb", "-Mdir", str(self.simdir / "obj"),
                            str(srcs[0]), str(srcs[2]), str(srcs[1]), "-o", str(exe)],
                           capture_output=True, text=True)
        if r.returncode != 0 or not exe.exists():
            raise TargetUnavailable(f"target {self.cfg.name}: building the Verilator model failed:\n"
                                    f"{r.stderr[-2000:]}")
        return exe

    def build(self, algo: str, sel: dict[str, str], p: BuildParams) -> Image:
        img = self.fw.build(algo, sel, p)
        objcopy = self.fw.toolchain.cc.replace("gcc", "objcopy")
        return Image(elf_to_hex(img.path, objcopy, img.path.with_suffix(".hex")), img.code)

    def execute(self, image: Image, timeout: float) -> Execution:
        sim = self.simulator()
        max_cycles = self.options.get("max_cycles") or self.cfg.run_opt("max_cycles", 2_000_000_000)
        try:
            r = subprocess.run([str(sim), f"+firmware={image.path}", f"+max_cycles={max_cycles}"],
                               capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Execution("", "timeout", "RTL simulation")
        if r.returncode != 0:
            return Execution(r.stdout, "limit" if "max_cycles" in r.stdout else "crash",
                             f"RTL simulation stopped without exit (rc {r.returncode}): {r.stdout[-300:]!r}")
        return Execution(r.stdout, "exit")
