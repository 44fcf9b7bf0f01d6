"""Simulation runner: iverilog compiles hdl/common/tb_core.v around a core, vvp runs it on a
vector file; the parsed result has pass/fail per message and the cycle counts."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import vectors
from .cores import Core, CoreError, hdl_dir

TIMEOUT_S = 300


class ToolMissing(Exception):
    pass


def tb_path() -> Path:
    return hdl_dir() / "common" / "tb_core.v"


def need(tool: str, package: str) -> str:
    p = shutil.which(tool)
    if p is None:
        raise ToolMissing(f"{tool} not found: install it with apt-get install {package} "
                          f"(scripts/install-toolchains.sh hdl)")
    return p


def _param(v: object) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v + '"'
    raise CoreError(f"parameter value {v!r}: only integers, booleans and strings")


def top_params(core: Core) -> str:
    """core.toml `parameters` as a Verilog parameter value list (.NAME(value), ...)."""
    return ",".join(f".{k}({_param(v)})" for k, v in core.parameters.items())


def compile_cmd(core: Core, out: Path, io_width: int | None = None) -> list[str]:
    """iverilog command line: tb_core.v around the core, or with io_width the narrow I/O
    shell hb_io_wrap.v and its testbench tb_io_wrap.v."""
    tb = "tb_core" if io_width is None else "tb_io_wrap"
    cmd = [need("iverilog", "iverilog"), "-g2005", "-s", tb, "-o", str(out),
           f"-DTOP={core.top}", f"-DHB_CORE={core.top}",
           f"-P{tb}.BLOCK_BITS={core.block_bits}", f"-P{tb}.DIGEST_BITS={core.digest_bits}"]
    if io_width is not None:
        cmd.append(f"-P{tb}.W={io_width}")
    if core.parameters:
        cmd.append("-DTOP_PARAMS=" + top_params(core))
    common = tb_path().parent
    cmd += [f"-I{d}" for d in core.include_dirs]
    files = [tb_path()] if io_width is None else [common / "tb_io_wrap.v", common / "hb_io_wrap.v"]
    return cmd + [str(f) for f in files] + [str(f) for f in core.rtl]


@dataclass
class SimResult:
    core: str
    passed: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    init: list[int] = field(default_factory=list)       # cycles start -> ready, per message
    block: list[int] = field(default_factory=list)      # cycles blk_valid -> ready, non-last blocks
    last: list[int] = field(default_factory=list)       # cycles last blk_valid -> digest_valid
    log: str = ""

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.passed > 0

    def cycles(self) -> dict[str, int]:
        """c_init, c_block, c_final (seed 003 eq. 2; with the full-width ports c_in = c_out = 0:
        a block is taken in the cycle blk_valid is sampled, the digest is read in parallel).
        c_final is what the last block costs beyond an ordinary block."""
        if not self.init or not self.last:
            raise CoreError(f"{self.core}: no cycle counts (did the simulation run?)")
        c_block = max(self.block) if self.block else max(self.last)
        return {"c_init": max(self.init), "c_block": c_block,
                "c_final": max(self.last) - c_block, "c_in": 0, "c_out": 0,
                "constant": len(set(self.init)) == 1 and len(set(self.block)) <= 1
                and len(set(self.last)) == 1}


def parse(core: str, text: str) -> SimResult:
    r = SimResult(core=core, log=text)
    summary = False
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "INIT":
            r.init.append(int(f[2]))
        elif f[0] == "BLK":
            r.block.append(int(f[3]))
        elif f[0] == "LAST":
            r.last.append(int(f[2]))
        elif f[0] == "OK":
            r.passed += 1
        elif f[0] == "FAIL":
            r.failed += 1
            r.failures.append(line)
        elif f[0] in ("TIMEOUT", "ERROR"):
            raise CoreError(f"{core}: testbench: {line}")
        elif f[0] == "SUMMARY":
            summary = True
    if not summary:
        raise CoreError(f"{core}: the simulation ended without a summary:\n{text[-2000:]}")
    return r


def build(core: Core, workdir: Path, io_width: int | None = None) -> Path:
    """Compile the testbench around `core` into workdir/sim.vvp."""
    out = workdir / ("sim.vvp" if io_width is None else f"sim_io{io_width}.vvp")
    try:
        c = subprocess.run(compile_cmd(core, out, io_width), capture_output=True, text=True,
                           timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise CoreError(f"{core.name}: iverilog did not finish in {TIMEOUT_S} s") from None
    if c.returncode != 0:
        raise CoreError(f"{core.name}: iverilog failed:\n{c.stdout}{c.stderr}")
    return out


def run(core: Core, vvp_file: Path, vec: Path) -> SimResult:
    """Run a compiled testbench on a vector file."""
    try:
        s = subprocess.run([need("vvp", "iverilog"), "-n", str(vvp_file), f"+vectors={vec}"],
                           capture_output=True, text=True, timeout=TIMEOUT_S, cwd=vvp_file.parent)
    except subprocess.TimeoutExpired:
        raise CoreError(f"{core.name}: simulation did not finish in {TIMEOUT_S} s") from None
    return parse(core.name, s.stdout + s.stderr)


def simulate(core: Core, msgs: list[bytes] | None = None, workdir: Path | None = None,
             io_width: int | None = None) -> SimResult:
    """Compile and run `core` on `msgs` (default: vectors.messages(core)); with io_width,
    through the narrow I/O shell (digests only, no cycle counts)."""
    if msgs is None:
        msgs = vectors.messages(core)
    tmp = None
    if workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix=f"hb-sim-{core.name}-")
        workdir = Path(tmp.name)
    try:
        vec = workdir / "vectors.hex"
        vectors.write(core, msgs, vec)
        return run(core, build(core, workdir, io_width), vec)
    finally:
        if tmp is not None:
            tmp.cleanup()
