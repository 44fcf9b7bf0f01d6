"""microblaze, microblaze-area: the firmware on a MicroBlaze under QEMU.

No package ships a MicroBlaze compiler: scripts/install-toolchains.sh
microblaze builds binutils, gcc and newlib from Debian's source packages
into ~/.cache/hashbench/toolchains/microblaze-elf.  The image runs on
qemu-system-microblaze -M petalogix-s3adsp1800 with the TCG plugin
targets/microblaze/mbcycles.c (built into build/microblaze/ on first use):
it counts every executed instruction exactly and times it with the
pipeline rules of the MicroBlaze reference guide (UG984), 5-stage or
3-stage (count_kind "cycles_model:microblaze-5stage" / "-3stage"); the
HAL (targets/microblaze/hal.c) reads those counts through a mailbox the
plugin fills.  Each target is described by targets/<name>/target.toml.
"""
from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from .base import TargetUnavailable
from .config import TargetConfig
from .firmware import ROOT, BuildError, Toolchain
from .pipeline import Execution, GccBackend, Image

QEMU = "qemu-system-microblaze"
PLUGIN_SRC = ROOT / "targets" / "microblaze" / "mbcycles.c"
PLUGIN = ROOT / "build" / "microblaze" / "mbcycles.so"
RESULT = re.compile(r"(\w+)=(\S+)")
OPTS = ("-O0", "-O1", "-O2", "-O3", "-Os")


def cache_root() -> Path:
    return Path(os.environ.get("HASHBENCH_CACHE") or Path.home() / ".cache" / "hashbench")


def plugin() -> Path:
    """The counting plugin, rebuilt when its source is newer."""
    if PLUGIN.exists() and PLUGIN.stat().st_mtime >= PLUGIN_SRC.stat().st_mtime:
        return PLUGIN
    PLUGIN.parent.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall",
                        "-Wextra", "-o", str(PLUGIN), str(PLUGIN_SRC)], capture_output=True, text=True)
    if r.returncode != 0:
        raise TargetUnavailable(f"microblaze: building the QEMU plugin failed:\n{r.stderr[-1500:]}")
    return PLUGIN


def symbol(nm: str, elf: Path, name: str) -> int:
    r = subprocess.run([nm, str(elf)], capture_output=True, text=True, check=True)
    m = re.search(rf"^([0-9a-f]+) \w {re.escape(name)}$", r.stdout, re.M)
    if not m:
        raise BuildError(f"{elf}: no symbol {name}")
    return int(m.group(1), 16)


def execute(elf: Path, nm: str, machine: str, plugin_model: int | str, timeout: float,
            limit: int = 0) -> dict[str, Any]:
    """Run one image under QEMU with the plugin.

    Returns {"output": console text, "status": "exit" | "timeout" | "crash"
    | "limit", "cycles", "instructions", "code", "seconds", ...plugin
    statistics}.  `limit` stops the run after that many instructions."""
    so = plugin()
    mailbox = symbol(nm, elf, "hb_mailbox")
    with tempfile.TemporaryDirectory(prefix="hb-mb-") as tmp:
        res_file = Path(tmp) / "result"
        args = f"model={plugin_model},mailbox={mailbox:#x},out={res_file}"
        if limit:
            args += f",limit={limit}"
        cmd = [QEMU, "-M", machine, "-nographic", "-monitor", "none", "-serial", "stdio",
               "-no-reboot", "-kernel", str(elf), "-plugin", f"{so},{args}"]
        t0 = time.monotonic()
        try:
            r = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            return {"output": (e.stdout or b"").decode("latin-1"), "status": "timeout",
                    "seconds": time.monotonic() - t0}
        info: dict[str, Any] = {"output": r.stdout.decode("latin-1"), "seconds": time.monotonic() - t0}
        text = res_file.read_text() if res_file.exists() else ""
    for k, v in RESULT.findall(text):
        info[k] = int(v) if re.fullmatch(r"-?\d+", v) else v
    if "status" not in info:
        info["status"] = "crash"
        info["error"] = f"QEMU exited with {r.returncode} without a plugin result: " \
                        f"{r.stderr.decode('latin-1')[-400:]}"
    elif info["status"] == "quit":
        info["status"] = "crash"
        info["error"] = f"QEMU quit before the firmware's exit: {r.stderr.decode('latin-1')[-400:]}"
    return info


class QemuMicroblazeBackend(GccBackend):
    """MicroBlaze images built with the cached cross compiler, run under
    QEMU with the counting plugin; opt=... builds at another -O level (seed
    001's code was probably -O0, Vitis' Debug default)."""

    def __init__(self, cfg: TargetConfig, opt: str | None = None, **options: Any):
        super().__init__(cfg, **options)
        cache = str(cache_root())
        self.prefix = Path(cfg.data["toolchain"]["prefix"].format(cache=cache))
        self.toolchain = Toolchain.of(cfg, cache=cache, prefix=str(self.prefix))
        self.nm = cfg.toolchain(cache=cache, prefix=str(self.prefix))["nm"]
        flags = self.toolchain.cflags
        self.opt = opt or next(f for f in flags if f in OPTS)
        if self.opt not in OPTS:
            raise ValueError(f"{cfg.name}: optimisation {self.opt!r} not one of {' '.join(OPTS)}")
        self.toolchain.cflags = [self.opt if f in OPTS else f for f in flags]

    @property
    def count_kind(self) -> str:
        return f"cycles_model:{self.cfg.data['cycle_model']}"

    def missing(self) -> list[str]:
        # the build script writes the stamp last: a half-built cache counts as missing
        if not Path(self.toolchain.cc).exists() or not (self.prefix / ".hashbench-complete").exists():
            return [f"microblaze-elf-gcc ({self.prefix})"]
        return []

    def check(self) -> None:
        plugin()

    def outdir(self) -> Path:
        return ROOT / "build" / "fw" / (self.cfg.name + ("" if self.opt == "-O2" else self.opt))

    def environment(self) -> dict[str, Any]:
        q = subprocess.run([QEMU, "--version"], capture_output=True, text=True).stdout.splitlines()
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags), "opt": self.opt,
                "simulator": f"{q[0] if q else QEMU} -M {self.cfg.data['machine']}, plugin "
                             f"targets/microblaze/mbcycles.c",
                "cycle_model": self.cfg.data["cycle_model"],
                "model_limits": "UG984 pipeline rules; single-cycle memory (no caches, no DDR latency), "
                                "no branch target cache"}

    def run_elf(self, elf: Path, timeout: float, limit: int = 0) -> dict[str, Any]:
        return execute(elf, self.nm, self.cfg.data["machine"], self.cfg.data["plugin_model"], timeout, limit)

    def execute(self, image: Image, timeout: float) -> Execution:
        res = self.run_elf(image.path, timeout)
        st = res["status"]
        detail = {"limit": "the instruction limit",
                  "crash": f"{res.get('error') or 'exception'} {res.get('trap_pc', '')} "
                           f"{res.get('trap_esr', '')}".strip()}.get(st, "")
        image.info["row"] = {"emulated_seconds": round(res["seconds"], 3)}
        return Execution(res["output"], st if st in ("exit", "timeout", "limit") else "crash", detail, res)


