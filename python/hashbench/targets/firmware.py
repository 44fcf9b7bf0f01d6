"""Building and reading the measuring firmware shared by every embedded
target (bench/firmware.c): one image per algorithm, a per-target library
archive built once, the on-target checksum compared with the host's, and
the linker map read for the algorithm's own code size."""
from __future__ import annotations

import concurrent.futures
import hashlib
import os
import re
import signal
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import impls, native

if TYPE_CHECKING:
    from .config import TargetConfig
    from .pipeline import Workload

ROOT = Path(__file__).resolve().parents[3]
LINE = re.compile(r"(\w+)=(\S+)")


class BuildError(Exception):
    """The image could not be built ("does not build")."""


class FitError(BuildError):
    """The image is built but exceeds the part's flash or RAM: the message
    starts with "does not fit (flash" or "does not fit (RAM"."""


def pattern(n: int) -> bytes:
    """The firmware's message bytes (fill() in bench/firmware.c)."""
    return bytes((i * 7 + (i >> 8) + 1) & 0xFF for i in range(n))


FW_KEY = bytes(range(32))


def host_checksum(name: str, n: int, xof_out: int = 32) -> str:
    """H(H(m_0) || ... || H(m_{n-1})) with the host library, as the firmware does."""
    from ..core import Hash, lookup
    a = lookup(name)
    key = FW_KEY[: min(a.max_key, 32)] if a.flags & native.HB_KEYED else None
    xof = bool(a.flags & native.HB_XOF)

    def one(m: bytes) -> bytes:
        h = Hash(name, m, key=key)
        return h.digest(xof_out) if xof else h.digest()
    outer = Hash(name, key=key)
    big = pattern(n)
    for i in range(n):
        outer.update(one(big[:i] if i else b""))
    return (outer.digest(xof_out) if xof else outer.digest()).hex()


def_lines = impls.def_lines


@dataclass
class Toolchain:
    """How a target compiles: compiler, flags, link flags, the HAL sources."""
    cc: str
    cflags: list[str]
    ldflags: list[str]
    hal_sources: list[str]
    hal_header: str
    defines: list[str] = field(default_factory=list)
    ar: str = ""
    size_tool: str = ""

    @classmethod
    def of(cls, cfg: TargetConfig, **subst: object) -> Toolchain:
        """The toolchain of a target's config ([toolchain] of target.toml)."""
        tc = cfg.toolchain(**subst)
        return cls(cc=tc["cc"], ar=tc["ar"], cflags=tc["cflags"], ldflags=tc["ldflags"],
                   hal_sources=tc["hal"], hal_header=tc["hal_header"],
                   defines=[f"-I{d}" for d in tc["include"]])

    def version(self) -> str:
        try:
            return subprocess.run([self.cc, "--version"], capture_output=True, text=True,
                                  timeout=20).stdout.splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "?"


def _run(cmd: Sequence[str | Path], cwd: str | Path | None = None,
         timeout: float = 900) -> subprocess.CompletedProcess[str]:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{cmd[0]} timed out after {timeout} s") from None
    except OSError as e:
        raise BuildError(f"cannot run {cmd[0]}: {e.strerror} (is the toolchain still installed?)") from None
    if r.returncode != 0:
        raise BuildError(f"{' '.join(map(str, cmd[:3]))} ... failed:\n{r.stderr[-3000:]}")
    return r


def run_simulator(cmd: list[str], timeout: float) -> tuple[int | None, str, str]:
    """Run a simulator: (exit status, stdout, stderr), status None when it
    was killed at the timeout.  It runs in a session of its own and the whole
    session is killed, so a simulator behind a wrapper script (or one that
    forks) leaves no process behind holding the pipes."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    code: int | None = None
    try:
        out, err = p.communicate(timeout=timeout)
        code = p.returncode
    except subprocess.TimeoutExpired:
        pass
    finally:
        if code is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    if code is None:
        out, err = p.communicate()
    return code, out.decode("latin-1"), err.decode("latin-1")


def _stale(out: Path, deps: Iterable[Path]) -> bool:
    if not out.exists():
        return True
    t = out.stat().st_mtime
    return any(d.stat().st_mtime > t for d in deps)


def build_library(tc: Toolchain, outdir: Path, sel: dict[str, str] | None = None) -> Path:
    """The library of one implementation selection as an archive.  Objects
    are kept per source file, so selections share what they have in common
    and only the differing implementation folders are compiled again."""
    sel = sel or impls.default_selection()
    outdir.mkdir(parents=True, exist_ok=True)
    lib = outdir / f"libhb-{impls.selection_tag(sel)}.a"
    srcs = impls.lib_sources(sel)
    hdrs = impls.headers()
    inc = [f"-I{d}" for d in impls.include_dirs(sel)]
    objdir = outdir / "obj" / impls.include_tag(sel)
    objs = [objdir / (str(s.relative_to(impls.SRC)).replace("/", "__")[:-2] + ".o") for s in srcs]
    newest_hdr = max(h.stat().st_mtime for h in hdrs)
    todo = [(s, o) for s, o in zip(srcs, objs)
            if not o.exists() or o.stat().st_mtime < max(s.stat().st_mtime, newest_hdr)]
    if todo or _stale(lib, objs):
        objs[0].parent.mkdir(parents=True, exist_ok=True)

        def cc(so: tuple[Path, Path]) -> None:
            _run([tc.cc, *tc.cflags, *tc.defines, "-I", str(ROOT / "include"), *inc, "-c", str(so[0]),
                  "-o", str(so[1])])
        # one compiler per core, largest sources first (unrolled Threefish
        # takes most of a minute on avr-gcc)
        todo.sort(key=lambda so: -so[0].stat().st_size)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as ex:
            list(ex.map(cc, todo))
        if lib.exists():
            lib.unlink()
        _run([tc.ar, "rcs", str(lib), *map(str, objs)])
    return lib


def build_image(tc: Toolchain, name: str, outdir: Path, lib: Path, sizes: list[int], blocks: int,
                maxmsg: int, check_n: int, xof_out: int = 32, stack_paint: int | str = 8192,
                extra: list[str] | None = None, sel: dict[str, str] | None = None,
                workload: Workload | None = None) -> tuple[Path, Path]:
    """One firmware ELF for one algorithm; returns (elf, map).  workload:
    another driver than bench/firmware.c (its `sources` and `defines`, e.g.
    hashbench.can.onboard.CanWorkload), built with the same HAL and flags."""
    from ..core import lookup
    a = lookup(name)
    d = outdir
    d.mkdir(parents=True, exist_ok=True)
    (d / "one.def").write_text(def_lines(name))
    elf, mp = d / "fw.elf", d / "fw.map"
    defs = [f'-DHB_ALGOS_DEF="{d / "one.def"}"', f'-DHB_FW_ALGO="{name}"',
            f"-DHB_FW_CTX_BYTES={a.ctx_size}", f"-DHB_FW_SIZES={','.join(map(str, sizes)) or '0'}",
            f"-DHB_FW_BLOCKS={blocks}", f"-DHB_FW_MAXMSG={maxmsg}", f"-DHB_FW_CHECK_N={check_n}",
            f"-DHB_FW_OUT={xof_out}", f"-DHB_FW_STACK_PAINT={stack_paint}",
            f'-DHB_FW_HAL="{tc.hal_header}"']
    driver = [str(ROOT / "bench" / "firmware.c")]
    if workload is not None:
        driver = [str(s) for s in workload.sources]
        extra = [*(extra or []), *workload.defines, *(f"-I{d}" for d in workload.include)]
    srcs = [str(ROOT / "src" / "registry.c"), *driver, *tc.hal_sources]
    inc = [f"-I{d}" for d in impls.include_dirs(sel)]
    _run([tc.cc, *tc.cflags, *tc.defines, *defs, *(extra or []), "-I", str(ROOT / "include"), *inc,
          "-I", str(ROOT / "src"), *srcs, str(lib), *tc.ldflags, f"-Wl,-Map={mp}", "-o", str(elf)])
    return elf, mp


_SECT = re.compile(r"^\s*(\.(?:text|rodata|data|srodata|sdata|progmem|bss|sbss)[^\s]*)?"
                   r"\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)")


def code_bytes(map_path: Path, owners: tuple[str, ...] = ("libhb", "registry")) -> dict[str, int]:
    """Bytes of code and constant data from the library (algorithm, modes,
    registry) in a linker map, excluding the driver, HAL and C library.
    owners: what an input object's name must contain to count (another
    library linked into the image, e.g. a peer's archive, is counted apart).
    Sections the linker discarded (--gc-sections) are listed before the
    memory map and not counted; AVR flash tables (.progmem*) count as
    constant data."""
    text = rodata = data = bss = 0
    cur = None
    lines = map_path.read_text(errors="replace").splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.startswith("Linker script and memory map")), 0)
    for line in lines[start:]:
        if line.startswith(" .") and len(line.split()) == 1:
            cur = line.split()[0]
            continue
        m = _SECT.match(line)
        if not m:
            if line.startswith(" ."):
                cur = line.split()[0]
            continue
        sect = m.group(1) or cur
        if sect is None:
            continue
        size, obj = int(m.group(3), 16), m.group(4)
        if not any(o in obj for o in owners):
            continue
        if sect.startswith(".text"):
            text += size
        elif sect.startswith((".rodata", ".srodata", ".progmem")):
            rodata += size
        elif sect.startswith((".data", ".sdata")):
            data += size
        elif sect.startswith((".bss", ".sbss")):
            bss += size
    # "static": the library's own RAM beside context and stack (static work
    # areas, HB_SCRATCH where a target makes it static)
    return {"text": text, "rodata": rodata, "data": data, "total": text + rodata + data,
            "static": data + bss}


def parse_output(text: str) -> dict[str, Any]:
    """The firmware's lines -> {'algo', 'ctx', 'checksum', 'overhead', 'rows': [...], 'done'}
    (and any other key=value the driver prints: the shape is the driver's)"""
    rows: list[dict[str, Any]] = []
    res: dict[str, Any] = {"rows": rows, "done": False}
    for line in text.splitlines():
        kv = dict(LINE.findall(line))
        if line.strip() == "done":
            res["done"] = True
        elif "kind" in kv:
            rows.append({k: (v if k == "kind" else int(v)) for k, v in kv.items()})
        else:
            for k, v in kv.items():
                res[k] = int(v) if v.isdigit() else v
    return res


def image_fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
