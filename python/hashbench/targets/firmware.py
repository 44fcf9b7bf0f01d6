"""Building and reading the measuring firmware shared by every embedded
target (bench/firmware.c): one image per algorithm, a per-target library
archive built once, the on-target checksum compared with the host's, and
the linker map read for the algorithm's own code size."""
from __future__ import annotations

import concurrent.futures
import hashlib
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .. import native

ROOT = Path(__file__).resolve().parents[3]
LINE = re.compile(r"(\w+)=(\S+)")


#: the loop ("compact") forms of kernels that are fully unrolled by default,
#: for parts whose flash the unrolled 64-bit code outgrows (make test-c
#: checks the same set on every KAT: Makefile COMPACT_FLAGS)
COMPACT_DEFINES = ["-DHB_KECCAK_COMPACT", "-DHB_JH_COMPACT", "-DHB_SHABAL_COMPACT", "-DHB_BMW_COMPACT",
                   "-DHB_BMW512_TINY",
                   "-DHB_FUGUE_COMPACT", "-DHB_SKEIN_COMPACT", "-DHB_BLAKE_COMPACT"]


class BuildError(Exception):
    pass


def pattern(n: int) -> bytes:
    """The firmware's message bytes (fill() in bench/firmware.c)."""
    return bytes((i * 7 + (i >> 8) + 1) & 0xFF for i in range(n))


FW_KEY = bytes(range(32))


def host_checksum(name: str, n: int, xof_out: int = 32) -> str:
    """H(H(m_0) || ... || H(m_{n-1})) with the host library, as the firmware does."""
    from ..core import Hash
    a = native.find(name)
    kw = {}
    if a.flags & native.HB_KEYED:
        kw["key"] = FW_KEY[: min(a.max_key, 32)]
    xof = bool(a.flags & native.HB_XOF)

    def one(m):
        h = Hash(name, m, _algo=a, **kw)
        return h.digest(xof_out) if xof else h.digest()
    outer = Hash(name, _algo=a, **kw)
    big = pattern(n)
    for i in range(n):
        outer.update(one(big[:i] if i else b""))
    return (outer.digest(xof_out) if xof else outer.digest()).hex()


def def_lines(name: str) -> str:
    """The algos.def line(s) an image of `name` needs (an HMAC entry needs
    its hash's line too)."""
    lines = [ln for ln in (ROOT / "src" / "algos.def").read_text().splitlines()
             if ln.startswith("HB_ALGO(") or ln.startswith("HB_HMAC(")]
    mine = [ln for ln in lines if re.match(rf"HB_ALGO\({name},", ln)]
    if not mine and name.startswith("hmac_"):
        h = name[5:]
        mine = [ln for ln in lines if re.match(rf"HB_ALGO\({h},", ln)] + \
               [ln for ln in lines if re.match(rf"HB_HMAC\({h},", ln)]
    if not mine:
        raise BuildError(f"{name} is not in src/algos.def")
    return "\n".join(mine) + "\n"


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

    def version(self) -> str:
        try:
            return subprocess.run([self.cc, "--version"], capture_output=True, text=True,
                                  timeout=20).stdout.splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "?"


def lib_sources() -> list[Path]:
    srcs = sorted((ROOT / "src" / "modes").glob("*.c")) + sorted((ROOT / "src" / "algos").glob("*/*.c"))
    return srcs


def _run(cmd, cwd=None, timeout=600):
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=timeout)
    if r.returncode != 0:
        raise BuildError(f"{' '.join(map(str, cmd[:3]))} ... failed:\n{r.stderr[-3000:]}")
    return r


def build_library(tc: Toolchain, outdir: Path) -> Path:
    """Compile every library source once per target into an archive;
    rebuilt only when a source is newer than the archive."""
    outdir.mkdir(parents=True, exist_ok=True)
    lib = outdir / "libhb.a"
    srcs = lib_sources()
    hdrs = list((ROOT / "include").glob("*.h")) + list((ROOT / "src").rglob("*.h"))
    newest = max(p.stat().st_mtime for p in srcs + hdrs)
    if lib.exists() and lib.stat().st_mtime >= newest:
        return lib
    objs = [outdir / "obj" / (s.parent.name + "__" + s.stem + ".o") for s in srcs]
    objs[0].parent.mkdir(exist_ok=True)

    def cc(so):
        _run([tc.cc, *tc.cflags, *tc.defines, "-I", str(ROOT / "include"), "-c", str(so[0]), "-o", str(so[1])])
    # one compiler per core, largest sources first (unrolled Threefish
    # takes most of a minute on avr-gcc)
    jobs = sorted(zip(srcs, objs), key=lambda so: -so[0].stat().st_size)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as ex:
        list(ex.map(cc, jobs))
    if lib.exists():
        lib.unlink()
    _run([tc.ar, "rcs", str(lib), *map(str, objs)])
    return lib


def build_image(tc: Toolchain, name: str, outdir: Path, lib: Path, sizes: list[int], blocks: int,
                maxmsg: int, check_n: int, xof_out: int = 32, stack_paint: int = 8192,
                extra: list[str] | None = None) -> tuple[Path, Path]:
    """One firmware ELF for one algorithm; returns (elf, map)."""
    a = native.find(name)
    d = outdir / name
    d.mkdir(parents=True, exist_ok=True)
    (d / "one.def").write_text(def_lines(name))
    elf, mp = d / "fw.elf", d / "fw.map"
    defs = [f'-DHB_ALGOS_DEF="{d / "one.def"}"', f'-DHB_FW_ALGO="{name}"',
            f"-DHB_FW_CTX_BYTES={a.ctx_size}", f"-DHB_FW_SIZES={','.join(map(str, sizes)) or '0'}",
            f"-DHB_FW_BLOCKS={blocks}", f"-DHB_FW_MAXMSG={maxmsg}", f"-DHB_FW_CHECK_N={check_n}",
            f"-DHB_FW_OUT={xof_out}", f"-DHB_FW_STACK_PAINT={stack_paint}",
            f'-DHB_FW_HAL="{tc.hal_header}"']
    srcs = [str(ROOT / "src" / "registry.c"), str(ROOT / "bench" / "firmware.c"), *tc.hal_sources]
    _run([tc.cc, *tc.cflags, *tc.defines, *defs, *(extra or []), "-I", str(ROOT / "include"),
          "-I", str(ROOT / "src"), *srcs, str(lib), *tc.ldflags, f"-Wl,-Map={mp}", "-o", str(elf)])
    return elf, mp


_SECT = re.compile(r"^\s*(\.(?:text|rodata|data|srodata|sdata|progmem)[^\s]*)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)")


def code_bytes(map_path: Path) -> dict:
    """Bytes of code and constant data from the library (algorithm, modes,
    registry) in a linker map, excluding the driver, HAL and C library.
    Sections the linker discarded (--gc-sections) are listed before the
    memory map and not counted; AVR flash tables (.progmem*) count as
    constant data."""
    text = rodata = data = 0
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
        if "libhb.a(" not in obj and "registry" not in obj:
            continue
        if sect.startswith(".text"):
            text += size
        elif sect.startswith((".rodata", ".srodata", ".progmem")):
            rodata += size
        elif sect.startswith((".data", ".sdata")):
            data += size
    return {"text": text, "rodata": rodata, "data": data, "total": text + rodata + data}


def parse_output(text: str) -> dict:
    """The firmware's lines -> {'algo', 'ctx', 'checksum', 'overhead', 'rows': [...], 'done'}"""
    res = {"rows": [], "done": False}
    for line in text.splitlines():
        kv = dict(LINE.findall(line))
        if line.strip() == "done":
            res["done"] = True
        elif "kind" in kv:
            res["rows"].append({k: (v if k == "kind" else int(v)) for k, v in kv.items()})
        else:
            for k, v in kv.items():
                res[k] = int(v) if v.isdigit() else v
    return res


def image_fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
