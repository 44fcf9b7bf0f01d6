"""Emulated 32-bit targets: Cortex-M0/M3/M4, Cortex-A9, ARM7TDMI, RV32IMC.

Firmware built with arm-none-eabi-gcc / riscv64-unknown-elf-gcc runs under
Unicorn; cycles come from the per-core model of hashbench.emu.cycle_models
(count_kind "cycles_model:<model>"), instructions are exact and kept beside
them.  Every algorithm first proves its on-target checksum."""
from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Iterable, Iterator

from .. import native
from .base import Profile, Target, TargetUnavailable, finish_row
from .firmware import ROOT, BuildError, Toolchain, build_image, build_library, code_bytes, \
    host_checksum, parse_output

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

EMU = ROOT / "targets" / "emu"
ARM_PKGS = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi")
RV_PKGS = ("gcc-riscv64-unknown-elf", "picolibc-riscv64-unknown-elf")

COMMON = ["-O2", "-std=c99", "-ffreestanding", "-ffunction-sections", "-fdata-sections",
          "-DHB_FW_HAS_INSTRUCTIONS"]
FLAGS = {
    "cortex-m0": ("arm-none-eabi-", ["-mcpu=cortex-m0", "-mthumb"], 0x20000000),
    "cortex-m3": ("arm-none-eabi-", ["-mcpu=cortex-m3", "-mthumb"], 0x20000000),
    "cortex-m4": ("arm-none-eabi-", ["-mcpu=cortex-m4", "-mthumb"], 0x20000000),
    "cortex-a9": ("arm-none-eabi-", ["-mcpu=cortex-a9", "-marm"], 0x20000000),
    "arm7tdmi": ("arm-none-eabi-", ["-mcpu=arm7tdmi", "-marm"], 0x20000000),
    "rv32imc": ("riscv64-unknown-elf-", ["-march=rv32imc", "-mabi=ilp32", "-DHB_MMIO_BASE=0x10000000u",
                                         "--specs=picolibc.specs"], 0x80000000),
}
RAM_SIZE = 0x400000
DEFAULT_SIZES = [0, 1, 16, 30, 46, 64, 78, 128, 256, 576, 1024, 1536, 4096]


def load_profile(name: str) -> Profile:
    p = ROOT / "targets" / name / "profile.toml"
    d = tomllib.loads(p.read_text()) if p.exists() else {}
    return Profile(clock_hz=float(d.get("clock_hz", 1e8)), supply_v=d.get("supply_v"),
                   active_ma=d.get("active_ma"), source=d.get("source", ""))


class EmuTarget(Target):
    def __init__(self, name: str):
        self.name = name
        prefix, flags, base = FLAGS[name]
        self.prefix, self.base = prefix, base
        self.apt_packages = RV_PKGS if name == "rv32imc" else ARM_PKGS
        self.executables = (prefix + "gcc",)
        self.description = f"{name} under Unicorn, cycle model"
        self.toolchain = Toolchain(
            cc=prefix + "gcc", ar=prefix + "ar", cflags=COMMON + flags,
            ldflags=["-nostartfiles", "-T", str(EMU / "emu.ld"), f"-Wl,--defsym=RAM_BASE={base:#x}",
                     f"-Wl,--defsym=RAM_SIZE={RAM_SIZE:#x}", "-Wl,--gc-sections", "-lc", "-lgcc"],
            hal_sources=[str(EMU / "hal_mmio.c"), str(EMU / "start.c")], hal_header=str(EMU / "hal_mmio.h"),
            defines=[f"-I{EMU}"])
        self.profile = load_profile(name)

    def check(self) -> None:
        super().check()
        try:
            import capstone  # noqa: F401
            import unicorn  # noqa: F401
            import elftools  # noqa: F401
        except ImportError as e:
            raise TargetUnavailable(f"target {self.name}: missing Python package {e.name}; "
                                    f"install with: pip install unicorn capstone pyelftools") from None

    def environment(self) -> dict:
        from ..emu.cycle_models import MODELS
        import unicorn
        m = MODELS[self.name]
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags),
                "emulator": f"unicorn {unicorn.__version__}", "cycle_model": m.tag,
                "model_limits": m.limits, "clock_source": self.profile.source}

    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 8, timeout: float = 120.0,
            check_n: int = 128, active_mw: float | None = None, **options) -> Iterator[dict]:
        from ..emu.cycle_models import MODELS
        from ..emu.engine import EmulationError, Emulator
        self.check()
        prof = self.profile
        if active_mw is not None:
            prof = Profile(prof.clock_hz, 1.0, active_mw, prof.source + f"; active power {active_mw} mW given")
        outdir = ROOT / "build" / "fw" / self.name
        lib = build_library(self.toolchain, outdir)
        model = MODELS[self.name]
        maxmsg = max([*sizes, check_n, 1])
        for name in algos:
            a = native.find(name)
            base = {"algo": name, "target": self.name, "ctx_bytes": a.ctx_size}
            blocks_fit = blocks if blocks * a.block_size <= max(maxmsg, 1 << 16) else 0
            mm = max(maxmsg, blocks_fit * a.block_size)
            try:
                elf, mp = build_image(self.toolchain, name, outdir, lib, sizes, blocks_fit, mm, check_n)
            except BuildError as e:
                yield {**base, "error": f"does not build: {str(e)[-400:]}"}
                continue
            size = code_bytes(mp)
            try:
                res = Emulator(self.name).run(str(elf), timeout_s=timeout)
            except EmulationError as e:
                yield {**base, "error": str(e)[:500], "code_bytes": size["total"]}
                continue
            out = parse_output(res.output)
            want = host_checksum(name, check_n)
            verified = out.get("checksum") == want
            if not verified or not out["done"]:
                yield {**base, "verified": False, "code_bytes": size["total"],
                       "error": f"on-target checksum {out.get('checksum')} != host {want}; not measured"}
                continue
            stack = max((r.get("stack", 0) for r in out["rows"]), default=0)
            for r in out["rows"]:
                row = {**base, "size": r["size"], "kind": r["kind"], "reps": 1,
                       "median": float(r["cycles"]), "q1": float(r["cycles"]), "q3": float(r["cycles"]),
                       "min": float(r["cycles"]), "max": float(r["cycles"]),
                       "count_kind": f"cycles_model:{model.tag}", "instructions": r.get("instructions"),
                       "verified": True, "code_bytes": size["total"], "code_text": size["text"],
                       "code_rodata": size["rodata"], "stack_bytes": stack,
                       "ram_bytes": a.ctx_size + stack, "emulated_seconds": round(res.seconds, 3)}
                yield finish_row(row, prof)


def factory(name):
    return lambda: EmuTarget(name)
