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
import shutil
import subprocess
import tempfile
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

QEMU = "qemu-system-microblaze"
PLUGIN_SRC = ROOT / "targets" / "microblaze" / "mbcycles.c"
PLUGIN = ROOT / "build" / "microblaze" / "mbcycles.so"
INSTALL = "scripts/install-toolchains.sh microblaze"
DEFAULT_SIZES = [0, 1, 16, 30, 46, 64, 78, 128, 256, 576, 1024, 1536, 4096]
RESULT = re.compile(r"(\w+)=(\S+)")


def cache_root() -> Path:
    return Path(os.environ.get("HASHBENCH_CACHE") or Path.home() / ".cache" / "hashbench")


def load_config(name: str) -> dict:
    """targets/<name>/target.toml with its paths made absolute."""
    d = ROOT / "targets" / name
    cfg = tomllib.loads((d / "target.toml").read_text())
    tc = cfg["toolchain"]
    prefix = cache_root() / tc["cache_dir"]
    hal_dir = (d / tc.get("hal_dir", ".")).resolve()
    tc["prefix"] = str(prefix)
    for k in ("cc", "ar", "nm"):
        tc[k] = str(prefix / tc[k])
    tc["hal_dir"] = str(hal_dir)
    tc["hal"] = [str(hal_dir / h) for h in tc["hal"]]
    tc["hal_header"] = str(hal_dir / tc["hal_header"])
    tc["linker_script"] = str(hal_dir / tc["linker_script"])
    return cfg


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


def execute(elf: Path, cfg: dict, timeout: float, limit: int = 0) -> dict:
    """Run one image under QEMU with the plugin.

    Returns {"output": console text, "status": "exit" | "timeout" | "crash"
    | "limit", "cycles", "instructions", "code", "seconds", ...plugin
    statistics}.  `limit` stops the run after that many instructions."""
    so = plugin()
    mailbox = symbol(cfg["toolchain"]["nm"], elf, "hb_mailbox")
    with tempfile.TemporaryDirectory(prefix="hb-mb-") as tmp:
        res_file = Path(tmp) / "result"
        args = f"model={cfg['plugin_model']},mailbox={mailbox:#x},out={res_file}"
        if limit:
            args += f",limit={limit}"
        cmd = [QEMU, "-M", cfg["machine"], "-nographic", "-monitor", "none", "-serial", "stdio",
               "-no-reboot", "-kernel", str(elf), "-plugin", f"{so},{args}"]
        t0 = time.monotonic()
        try:
            r = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            return {"output": (e.stdout or b"").decode("latin-1"), "status": "timeout",
                    "seconds": time.monotonic() - t0}
        info: dict = {"output": r.stdout.decode("latin-1"), "seconds": time.monotonic() - t0}
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


class MicroblazeTarget(Target):
    apt_packages = ("qemu-system-misc", "binutils-source", "gcc-12-source", "newlib-source", "libgmp-dev",
                    "libmpfr-dev", "libmpc-dev", "texinfo", "flex", "bison")

    def __init__(self, name: str = "microblaze", opt: str | None = None):
        self.name = name
        self.cfg = load_config(name)
        cflags = list(self.cfg["toolchain"]["cflags"])
        # another optimisation level replaces the profile's (seed 001's
        # code was probably built -O0, Vitis' Debug default)
        self.opt = opt or next(f for f in cflags if f.startswith("-O"))
        if self.opt not in ("-O0", "-O1", "-O2", "-O3", "-Os"):
            raise ValueError(f"{name}: optimisation {self.opt!r} not one of -O0 -O1 -O2 -O3 -Os")
        cflags = [self.opt if f.startswith("-O") else f for f in cflags]
        self.description = self.cfg["description"]
        c = self.cfg
        self.profile = Profile(clock_hz=float(c["clock_hz"]), supply_v=c.get("supply_v"),
                               active_ma=c.get("active_ma"), source=c.get("source", ""))
        tc = c["toolchain"]
        self.toolchain = Toolchain(
            cc=tc["cc"], ar=tc["ar"], cflags=cflags,
            ldflags=["-T", tc["linker_script"], *tc["ldflags"]],
            hal_sources=tc["hal"], hal_header=tc["hal_header"], defines=[f"-I{tc['hal_dir']}"])

    # ---- availability -------------------------------------------------------
    def missing(self) -> list[str]:
        miss = []
        # the build script writes the stamp last: a half-built cache counts as missing
        stamp = Path(self.cfg["toolchain"]["prefix"]) / ".hashbench-complete"
        if not Path(self.toolchain.cc).exists() or not stamp.exists():
            miss.append(f"{self.cfg['toolchain']['triplet']}-gcc ({self.cfg['toolchain']['prefix']})")
        for exe in (QEMU, "cc"):
            if shutil.which(exe) is None:
                miss.append(exe)
        return miss

    def install_hint(self) -> str:
        return self.cfg["toolchain"]["install"]

    def check(self) -> None:
        miss = self.missing()
        if miss:
            raise TargetUnavailable(f"target {self.name}: missing {', '.join(miss)}; build and install with: "
                                    f"{self.install_hint()} (about 15 minutes on 2 cores)")

    def environment(self) -> dict:
        q = subprocess.run([QEMU, "--version"], capture_output=True, text=True).stdout.splitlines()
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags), "opt": self.opt,
                "simulator": f"{q[0] if q else QEMU} -M {self.cfg['machine']}, plugin targets/microblaze/mbcycles.c",
                "cycle_model": self.cfg["model"], "clock_source": self.profile.source,
                "model_limits": "UG984 pipeline rules; single-cycle memory (no caches, no DDR latency), "
                                "no branch target cache"}

    # ---- running --------------------------------------------------------------
    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 8, timeout: float = 300.0,
            check_n: int = 128, active_mw: float | None = None, **options) -> Iterator[dict]:
        self.check()
        plugin()
        prof = self.profile
        if active_mw is not None:
            prof = Profile(prof.clock_hz, 1.0, active_mw, prof.source + f"; active power {active_mw} mW given")
        outdir = ROOT / "build" / "fw" / (self.name + ("" if self.opt == "-O2" else self.opt))
        lib = build_library(self.toolchain, outdir)
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
            res = execute(elf, self.cfg, timeout)
            if res["status"] != "exit":
                why = {"timeout": f"simulator killed after {timeout:.0f} s (hang?)",
                       "limit": "stopped at the instruction limit (hang?)",
                       "crash": f"simulator: {res.get('error') or 'exception'} "
                                f"{res.get('trap_pc', '')} {res.get('trap_esr', '')}".strip()}
                yield {**base, "code_bytes": size["total"], "error": why.get(res["status"], res["status"])}
                continue
            out = parse_output(res["output"])
            want = host_checksum(name, check_n)
            if out.get("checksum") != want or not out["done"]:
                yield {**base, "verified": False, "code_bytes": size["total"],
                       "error": f"on-target checksum {out.get('checksum')} != host {want}; not measured"}
                continue
            stack = max((r.get("stack", 0) for r in out["rows"]), default=0)
            for r in out["rows"]:
                c = float(r["cycles"])
                row = {**base, "size": r["size"], "kind": r["kind"], "reps": 1, "median": c, "q1": c, "q3": c,
                       "min": c, "max": c, "count_kind": f"cycles_model:{self.cfg['model']}",
                       "instructions": r.get("instructions"), "verified": True, "code_bytes": size["total"],
                       "code_text": size["text"], "code_rodata": size["rodata"], "stack_bytes": stack,
                       "ram_bytes": a.ctx_size + stack, "emulated_seconds": round(res["seconds"], 3)}
                yield finish_row(row, prof)
