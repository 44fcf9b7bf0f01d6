"""Checking the cycle models: the rv32imc model against the cycle-exact
PicoRV32 RTL (same firmware image, same algorithm and sizes), the MicroBlaze
plugin against the cycle-exact MB-Lite RTL (against_mblite), and the ARM
models against published real-board figures."""
from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import impls, native
from .analysis import htime_fit
from .core import lookup
from .seeds import load

if TYPE_CHECKING:
    from .store import Store

#: one line of a validation table; its columns differ per check, and a
#: check that could not run has an "error" in place of its figures
Result = dict[str, Any]


def against_rtl(algos: list[str], sizes: Iterable[int] = (0, 64, 576), blocks: int = 4, store: Store | None = None,
                run_ids: dict[str, int] | None = None) -> list[Result]:
    """Rows: algo, size/kind, model cycles, RTL cycles, error % (model vs RTL)."""
    from .targets import get
    emu, rtl = get("rv32imc"), get("softcore-rv32")
    out: list[Result] = []
    for name in algos:
        res: dict[str, list[Result]] = {}
        for t in (emu, rtl):
            rows = list(t.run([name], list(sizes), blocks=blocks))
            if store is not None:
                assert run_ids is not None, "a store needs the runs the rows belong to"
                for r in rows:
                    store.add(run_ids[t.name], r)
            res[t.name] = rows
        bad = [r for rs in res.values() for r in rs if r.get("error")]
        if bad:
            out.append({"algo": name, "error": bad[0]["error"]})
            continue
        e = {(r["kind"], r["size"]): r for r in res["rv32imc"]}
        bs = lookup(name).block_size
        for r in res["softcore-rv32"]:
            m = e[(r["kind"], r["size"])]
            out.append({"algo": name, "kind": r["kind"], "size": r["size"], "model": m["median"],
                        "rtl": r["median"], "error_pct": 100.0 * (m["median"] - r["median"]) / r["median"],
                        "instructions_equal": m.get("instructions") == r.get("instructions")})
        fm, fr = htime_fit(res["rv32imc"], bs), htime_fit(res["softcore-rv32"], bs)
        if fm and fr:
            out.append({"algo": name, "kind": "c_block", "size": bs, "model": fm["c_block"], "rtl": fr["c_block"],
                        "error_pct": 100.0 * (fm["c_block"] - fr["c_block"]) / fr["c_block"],
                        "instructions_equal": None})
    return out


def against_mblite(algos: list[str], mblite_path: str | None = None, sizes: tuple[int, ...] = (0, 64, 576),
                   blocks: int = 4, check_n: int = 16, timeout: float = 3600.0) -> dict[str, Any]:
    """The MicroBlaze plugin against the MB-Lite RTL, same image.

    Each algorithm is built as the `microblaze` target builds it plus
    -mno-xl-reorder (targets/mblite.py), checked for instructions MB-Lite
    lacks, then run three times: on MB-Lite under GHDL (every cycle the
    RTL's), and under QEMU with the plugin's `mblite` profile (the
    comparison) and its UG984 5-stage profile (what the `microblaze` target
    reports, for scale).  All three checksums must be the host library's.
    Returns {"core": {...}, "rows": [algo, kind, size, model, rtl,
    error_pct, ug984]} (or rows with "error")."""
    from .targets import mblite
    from .targets import microblaze as mb
    from .targets.firmware import host_checksum, parse_output
    from .targets.pipeline import BuildParams, _build_lock
    src = mblite.source(str(repo_path("mblite", mblite_path)))
    be = mblite.image_backend()
    core = {"name": "MB-Lite", "path": str(src), "commit": mblite.commit(src), "url": mblite.URL,
            "simulator": mblite.ghdl(), "flags": " ".join(be.toolchain.cflags)}
    if be.missing():
        raise FileNotFoundError(f"missing {', '.join(be.missing())}: scripts/install-toolchains.sh microblaze")
    objdump = be.nm.replace("-nm", "-objdump")
    rows: list[dict[str, Any]] = []
    for name in algos:
        cfg = be.cfg
        sel = impls.selection_for(name, cfg.candidates(name)[0], cfg.selection())
        with _build_lock(be.outdir()):
            image = be.build(name, sel, BuildParams(list(sizes), blocks, check_n))
        bad = mblite.unsupported(image.path, objdump)
        if bad:
            rows.append({"algo": name, "error": f"uses what MB-Lite lacks: {', '.join(bad[:6])}"})
            continue
        want = host_checksum(name, check_n)
        runs = {"model": mb.execute(image.path, be.nm, cfg.data["machine"], "mblite", timeout),
                "ug984": mb.execute(image.path, be.nm, cfg.data["machine"], 5, timeout),
                "rtl": mblite.run(src, image.path, be.nm, timeout)}
        outs = {k: parse_output(r.get("output", "")) for k, r in runs.items()}
        wrong = [f"{k}: {r['status']} {r.get('error', '')}".strip() if r["status"] != "exit" or not outs[k]["done"]
                 else f"{k}: checksum {outs[k].get('checksum')} != host {want}"
                 for k, r in runs.items() if r["status"] != "exit" or not outs[k]["done"]
                 or outs[k].get("checksum") != want]
        if wrong:
            rows.append({"algo": name, "error": "; ".join(wrong)})
            continue
        by = {k: {(r["kind"], r["size"]): r["cycles"] for r in o["rows"]} for k, o in outs.items()}
        ins = {(r["kind"], r["size"]): r.get("instructions") for r in outs["model"]["rows"]}
        secs = round(runs["rtl"].get("seconds", 0.0), 1)
        for key, rtl in by["rtl"].items():
            m = by["model"][key]
            rows.append({"algo": name, "kind": key[0], "size": key[1], "model": m, "rtl": rtl,
                         "error_pct": 100.0 * (m - rtl) / rtl if rtl else 0.0, "ug984": by["ug984"][key],
                         "instructions": ins[key], "rtl_seconds": secs})
        bs = lookup(name).block_size
        fits = {k: htime_fit([{"kind": kk[0], "size": kk[1], "median": v} for kk, v in by[k].items()], bs)
                for k in by}
        fm, fr, fu = fits["model"], fits["rtl"], fits["ug984"]
        if fm and fr and fu:
            m, r = fm["c_block"], fr["c_block"]
            rows.append({"algo": name, "kind": "c_block", "size": bs, "model": m, "rtl": r,
                         "error_pct": 100.0 * (m - r) / r, "ug984": fu["c_block"],
                         "instructions": None, "rtl_seconds": secs})
    return {"core": core, "rows": rows}


def against_boards(store: Store | None = None, run_ids: dict[str, int] | None = None) -> list[Result]:
    """Rows: target, algo, published cycles/byte, modelled long-message cycles/byte, error %."""
    from .targets import get
    out: list[Result] = []
    for f in load("published_boards")["figures"]:
        if native.find(f["algo"]) is None:
            out.append({**f, "error": "algorithm not in the registry yet"})
            continue
        rows = list(get(f["target"]).run([f["algo"]], [], blocks=8))
        if store is not None:
            assert run_ids is not None, "a store needs the runs the rows belong to"
            for r in rows:
                store.add(run_ids[f["target"]], r)
        if any(r.get("error") for r in rows):
            out.append({**f, "error": rows[0]["error"]})
            continue
        fit = htime_fit(rows, lookup(f["algo"]).block_size)
        if fit is None:
            out.append({**f, "error": "no whole-block measurements to fit"})
            continue
        cpb = fit["cycles_per_byte"]
        out.append({**f, "model_cpb": cpb, "model": rows[0]["count_kind"],
                    "error_pct": 100.0 * (cpb - f["cycles_per_byte"]) / f["cycles_per_byte"]})
    return out


# ---- ARM models against published figures for the same program ------------------------
#
# The programs are fetched by the person running the check (never copied into
# hashbench): pqm4 and pqm3 (with their mupq and PQClean submodules) and XKCP.
# Each is built with the flags of its publication, wrapped by a harness of
# ours (targets/emu/validate/) that brackets the call with two reads of the
# emulator's cycle counter, and run under the core's model.  pqm4/pqm3
# figures are read from the benchmark table of the checkout itself, so the
# figure always belongs to the code that is built.


_ROOT = Path(__file__).resolve().parents[2]
_EMU = _ROOT / "targets" / "emu"
_CACHE = Path.home() / ".cache" / "hashbench" / "validate"
REPOS = {"pqm4": "https://github.com/mupq/pqm4", "pqm3": "https://github.com/mupq/pqm3",
         "xkcp": "https://github.com/XKCP/XKCP", "aes": "https://github.com/Ko-/aes-armcortexm",
         "cifra": "https://github.com/ctz/cifra", "mblite": "https://github.com/takar/mb-lite"}

# Schwabe and Stoffelen, "All the AES You Need on Cortex-M3 and M4" (SAC 2016):
# source, key bits, bitsliced, and the rows of the checkout's README table
# (STM32L100C Cortex-M3 and STM32F407 Cortex-M4, cycles; CTR per 16-byte
# block, averaged over 4096 bytes)
AES_PROGRAMS = [
    ("aes128ctr/aes_128_ctr.s", 128, False, "AES-128 key expansion", "AES-128 encryption/decryption in CTR mode"),
    ("aes256ctr/aes_256_ctr.s", 256, False, "AES-256 key expansion", "AES-256 encryption/decryption in CTR mode"),
    ("aes128ctrbs/aes_128_ctr_bs.s", 128, True, "AES-128 key expansion to bitsliced state",
     "Constant-time bitsliced AES-128 encryption/decryption in CTR mode"),
]
AES_COLUMN = {"cortex-m3": 1, "cortex-m4": 2}

# cifra (github.com/ctz/cifra): its README's on-target measurements (STM32F030
# Cortex-M0, STM32F103 Cortex-M3, STM32F303 Cortex-M4F, all at their 8 MHz
# reset clock, cycles from SysTick) of the operations of src/arm/main.c, built
# as src/arm/Makefile builds them: -Os, with its own memcpy/memset, and the
# muNaCl Cortex-M0 assembly for Curve25519 on every core.
CIFRA_FLAGS = ["-Os", "-ffunction-sections", "-std=gnu99", "-mthumb"]
CIFRA_CORE = {"cortex-m0": ("-mcpu=cortex-m0", "-DCORTEX_M0", "Cortex-M0"),
              "cortex-m3": ("-mcpu=cortex-m3", "-DCORTEX_M3", "Cortex-M3"),
              "cortex-m4": ("-mcpu=cortex-m4", "-DCORTEX_M4", "Cortex-M4F")}
_CIFRA_AES = ["-DCF_AES_ENCRYPT_ONLY=1", "-DCF_SIDE_CHANNEL_PROTECTION=0", "-DCF_AES_MAXROUNDS=AES128_ROUNDS"]
CIFRA_OPS = [  # (harness name, README heading, extra flags of its Makefile, mostly assembly?)
    ("CURVE25519", "## Curve25519", [], True),
    ("SHA256", "## SHA256", [], False),
    ("SHA512", "## SHA512", [], False),
    ("SHA3_256", "## SHA3-256", [], False),
    ("AES128BLOCK", "### 128-bit key", _CIFRA_AES, False),
    ("CHACHA20", "## ChaCha20", [], False),
    ("HMACSHA256", "## HMAC-SHA256", [], False),
]
_CIFRA_SRC = ["sha256.c", "sha512.c", "sha3.c", "blockwise.c", "chash.c", "curve25519.c", "aes.c", "salsa20.c",
              "chacha20.c", "hmac.c"]
_CIFRA_ASM = ["arm/memcpy.s", "arm/memset.s", "arm/unacl/cortex_m0_mpy121666.s",
              "arm/unacl/cortex_m0_reduce25519.s", "arm/unacl/mul.s", "arm/unacl/sqr.s"]

# pqm4 (mk/opencm3.mk, mupq/mk/config.mk): -O3, the board's FPU ABI;
# pqm3 on the Nucleo-F207ZG (no FPU): -O3, soft float; aes-armcortexm's
# Makefiles: the same per core
PUB_FLAGS = {"cortex-m4": ["-O3", "-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16",
                           "-std=gnu99"],
             "cortex-m3": ["-O3", "-mcpu=cortex-m3", "-mthumb", "-msoft-float", "-std=gnu99"]}

KECCAK_XKCP = "lib/low/KeccakP-1600/ARM/KeccakP-1600-inplace-32bi-armv7m-le-gcc.s"
# Published Keccak-f[1600] figures (Cortex-M4, cycles for one permutation).
KECCAK_FIGURES = {
    "pqm4": (9413, "A. Adomnicai, 'Pushing Keccak to its limits on ARMv7-M', IACR ePrint 2023/773 "
                   "(the code pqm4 adopted in PR #254), as quoted in hashbench issue 19"),
    "xkcp": (11723, "XKCP ARMv7-M in-place 32bi, measured in IACR ePrint 2023/773 as its baseline, "
                    "as quoted in hashbench issue 19"),
}


def repo_path(name: str, given: str | None) -> Path:
    """The user's checkout, or a clone into the cache (needs network and git)."""
    if given:
        p = Path(given).expanduser()
        if not p.is_dir():
            raise FileNotFoundError(f"--{name} {p}: no such directory")
        return p
    p = _CACHE / name
    if not p.exists():
        if shutil.which("git") is None:
            raise FileNotFoundError(f"no checkout of {name}: pass --{name} PATH or install git")
        p.parent.mkdir(parents=True, exist_ok=True)
        steps = [["git", "clone", "--depth", "1", REPOS[name], str(p)]]
        if name in ("pqm4", "pqm3"):
            steps += [["git", "-C", str(p), "submodule", "update", "--init", "--depth", "1", "mupq"],
                      ["git", "-C", str(p / "mupq"), "submodule", "update", "--init", "--depth", "1", "pqclean"]]
        for cmd in steps:
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                shutil.rmtree(p, ignore_errors=True)
                raise FileNotFoundError(f"could not fetch {REPOS[name]} ({r.stderr.strip()[-200:]}); "
                                        f"pass --{name} PATH to a checkout")
    return p


def published_row(table: Path, scheme: str, impl: str = "clean") -> dict[str, Any] | None:
    """AVG/MIN/MAX of each operation column of a pqm4/pqm3 speed table row."""
    for line in table.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and re.match(rf"{re.escape(scheme)}( \(|$)", cells[0]) and cells[1] == impl:
            out: list[dict[str, int]] = []
            for c in cells[2:5]:
                v = {k: int(n.replace(",", "")) for k, n in re.findall(r"(AVG|MIN|MAX): ([\d,]+)", c)}
                out.append(v)
            return {"ops": out, "executions": cells[0]}
    return None


def published_hashing(table: Path, scheme: str, impl: str = "clean") -> list[float] | None:
    """The share of each operation's cycles spent hashing (%), from the
    "Hashing Evaluation" table of a pqm3/pqm4 benchmarks file."""
    on = False
    for line in table.read_text().splitlines():
        if line.startswith("# "):       # a section; its "## " subsections (KEMs, signatures) stay in it
            on = "hashing" in line.lower()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if on and len(cells) >= 5 and re.match(rf"{re.escape(scheme)}( \(|$)", cells[0]) and cells[1] == impl:
            got = [re.match(r"([\d.]+)%", c) for c in cells[2:5]]
            return [float(g.group(1)) for g in got if g]
    return None


#: functions of the symmetric primitives a pqm scheme calls (mupq's
#: fips202.c, the Keccak-f[1600] assembly and the schemes' wrappers around
#: them): what pqm3/pqm4's hashing profile counts as hashing
HASHING = re.compile(r"keccak|shake|sha3|fips202", re.I)


def _symbols(elf: Path) -> tuple[list[int], list[str]]:
    """Start addresses (sorted) and names of the code symbols of an ELF;
    assembly functions often carry no size, so a symbol runs to the next."""
    from elftools.elf.elffile import ELFFile
    from elftools.elf.sections import SymbolTableSection
    syms = []
    with open(elf, "rb") as f:
        tab = ELFFile(f).get_section_by_name(".symtab")
        for s in tab.iter_symbols() if isinstance(tab, SymbolTableSection) else ():
            if (s["st_info"]["type"] in ("STT_FUNC", "STT_NOTYPE") and s.name and s.name[0] not in "$."
                    and s["st_shndx"] != "SHN_UNDEF"):
                syms.append((s["st_value"] & ~1, s.name))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def _hashing_cycles(elf: Path, profile: dict[str, Any], res: dict[str, dict[str, Any]]) -> None:
    """Add to each measured operation of `res` the modelled cycles spent in
    HASHING functions: the interval between two counter reads whose cycles
    are the operation's (plus the bracket's) is the operation."""
    import bisect
    starts, names = _symbols(elf)
    marks = profile.get("marks", [])
    for op in res.values():
        want = op["cycles"] + op["overhead"]
        for a, b in zip(marks, marks[1:]):
            spent = {k: v - a.get(k, 0) for k, v in b.items() if v != a.get(k, 0)}
            if abs(sum(spent.values()) - want) > 0.01 * want:
                continue
            hashing = 0.0
            for addr, c in spent.items():
                i = bisect.bisect_right(starts, addr) - 1
                if i >= 0 and HASHING.search(names[i]):
                    hashing += c
            op["hashing"] = int(round(hashing))
            break


def _run(core: str, elf: Path, timeout: float, profile: bool = False) -> dict[str, dict[str, Any]]:
    from .emu.engine import Emulator
    prof: dict[str, Any] | None = {} if profile else None
    r = Emulator(core).run(str(elf), timeout_s=timeout, profile=prof)
    res: dict[str, dict[str, Any]] = {}
    for line in r.output.splitlines():
        m = re.match(r"(\w+) cycles=(\d+) overhead=(\d+) ok=([01])", line.strip())
        if m:
            res[m.group(1)] = {"cycles": int(m.group(2)), "overhead": int(m.group(3)), "ok": m.group(4) == "1"}
    if prof is not None:
        _hashing_cycles(elf, prof, res)
    return res


def _gcc(args: list[str], cwd: Path | None = None) -> None:
    p = subprocess.run(args, capture_output=True, text=True, cwd=cwd)
    if p.returncode:
        raise RuntimeError(f"{' '.join(args[:3])} ...: {p.stderr[-1500:]}")


def _link_flags(core: str) -> list[str]:
    return ["-nostartfiles", "-T", str(_EMU / "emu.ld"), "-Wl,--defsym=RAM_BASE=0x20000000",
            "-Wl,--defsym=RAM_SIZE=0x400000", "-Wl,--gc-sections", "-lc", "-lgcc"]


def _harness_sources() -> list[str]:
    return [str(_EMU / "hal_mmio.c"), str(_EMU / "start.c")]


def _keccak(core: str, which: str, repo: Path, out: Path, timeout: float) -> Result:
    src = repo / ("common/keccakf1600.S" if which == "pqm4" else KECCAK_XKCP)
    figure = which
    if which == "pqm4" and "Adomnicai" not in src.read_text(errors="replace"):
        figure = "xkcp"  # pqm4 before its PR #254 (2023) carried XKCP's ARMv7-M code
    elf = out / f"keccak-{which}-{core}.elf"
    _gcc(["arm-none-eabi-gcc", *PUB_FLAGS[core], f"-DHB_VAL_{which.upper()}", f"-I{_EMU}",
          f"-I{_EMU / 'validate'}", str(_EMU / "validate" / "permutation.c"), str(src), *_harness_sources(),
          *_link_flags(core), "-o", str(elf)])
    pub, source = KECCAK_FIGURES[figure]
    r = _run(core, elf, timeout).get("permute", {})
    return {"core": core, "program": f"Keccak-f[1600], {which} {src.name}", "operation": "permutation",
            "flags": " ".join(PUB_FLAGS[core]), "model": r.get("cycles"), "verified": r.get("ok", False),
            "published": pub, "published_range": None, "source": source}


def _readme_figure(readme: Path, row: str, column: int) -> float | None:
    for line in readme.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > column and cells[0] == row:
            m = re.match(r"[\d.]+", cells[column].replace(",", ""))
            return float(m.group(0)) if m else None
    return None


def _aes(core: str, repo: Path, out: Path, timeout: float) -> list[Result]:
    rows = []
    readme = repo / "README.md"
    for src, bits, bs, ks_row, ctr_row in AES_PROGRAMS:
        elf = out / f"aes-{Path(src).stem}-{core}.elf"
        _gcc(["arm-none-eabi-gcc", *PUB_FLAGS[core], f"-DHB_AES_BITS={bits}", *(["-DHB_AES_BS"] if bs else []),
              f"-I{_EMU}", f"-I{_EMU / 'validate'}", str(_EMU / "validate" / "aes_ctr.c"), str(repo / src),
              *_harness_sources(), *_link_flags(core), "-o", str(elf)])
        res = _run(core, elf, timeout)
        for what, row, per in (("keyschedule", ks_row, 1), ("ctr4096", ctr_row, 256)):
            r = res.get(what, {})
            rows.append({"core": core, "program": f"{src} (aes-armcortexm)",
                         "operation": "key expansion" if what == "keyschedule" else "CTR, per block of 4096 B",
                         "flags": " ".join(PUB_FLAGS[core]),
                         "model": None if r.get("cycles") is None else round(r["cycles"] / per, 1),
                         "verified": r.get("ok", False), "published": _readme_figure(readme, row, AES_COLUMN[core]),
                         "published_range": None,
                         "source": f"Schwabe, Stoffelen, SAC 2016: README.md of the checkout, '{row}' "
                                   f"({'STM32L100C' if core == 'cortex-m3' else 'STM32F407'})"})
    return rows


def _cifra_figure(readme: Path, heading: str, core_label: str) -> int | None:
    """The first cycle column of `core_label`'s row in the table under `heading`."""
    lines = readme.read_text().splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == heading)
    except StopIteration:
        return None
    for line in lines[start + 1:]:
        if line.startswith("#") and not heading.startswith("###"):
            break
        cells = [c.strip() for c in line.split("|")]
        if cells and cells[0] == core_label and len(cells) > 1 and cells[1].isdigit():
            return int(cells[1])
    return None


def _cifra(core: str, repo: Path, out: Path, timeout: float) -> list[Result]:
    src = repo / "src"
    mcpu, define, label = CIFRA_CORE[core]
    rows = []
    for name, heading, extra, asm in CIFRA_OPS:
        host = out / f"cifra-{name}-host"
        _gcc(["cc", "-O2", "-std=gnu99", "-DHB_HOST", f"-DHB_CIFRA_{name}", *extra, f"-I{src}", f"-I{src / 'ext'}",
              str(_EMU / "validate" / "cifra.c"), *[str(src / f) for f in _CIFRA_SRC], "-o", str(host)])
        want = subprocess.run([str(host)], capture_output=True, text=True, check=True).stdout.strip()
        elf = out / f"cifra-{name}-{core}.elf"
        _gcc(["arm-none-eabi-gcc", *CIFRA_FLAGS, mcpu, define, f"-DHB_CIFRA_{name}", *extra,
              f"-DHB_CHECKSUM=0x{want}u", f"-I{src}", f"-I{src / 'ext'}", f"-I{_EMU}", f"-I{_EMU / 'validate'}",
              str(_EMU / "validate" / "cifra.c"), *[str(src / f) for f in _CIFRA_SRC + _CIFRA_ASM],
              *_harness_sources(), *_link_flags(core), "-o", str(elf)])
        r = _run(core, elf, timeout).get("op", {})
        rows.append({"core": core, "program": f"cifra {name.lower()}" + (" (muNaCl assembly)" if asm else " (C)"),
                     "operation": heading.strip("# "), "flags": " ".join([*CIFRA_FLAGS, mcpu, *extra]),
                     "model": r.get("cycles"), "verified": r.get("ok", False),
                     "published": _cifra_figure(repo / "README.md", heading, label), "published_range": None,
                     "compiler_bound": not asm,
                     "source": f"cifra README.md of the checkout, '{heading.strip('# ')}', {label} row "
                               "(gcc of 2015, -Os: the C rows' instruction streams differ from ours)"})
    return rows


def _api_sizes(api: Path, ns: str) -> Result:
    text = api.read_text()
    out = {}
    for key, name in (("PK", "PUBLICKEYBYTES"), ("SK", "SECRETKEYBYTES"), ("CT", "CIPHERTEXTBYTES"),
                      ("SS", "BYTES")):
        m = re.search(rf"#define\s+{ns}CRYPTO_{name}\s+(\d+)", text)
        if m:
            out[key] = int(m.group(1))
    return out


def _scheme(core: str, repo: Path, kind: str, scheme: str, symcrypto: list[str], table: Path,
            out: Path, timeout: float, impl: str = "clean") -> list[Result]:
    """pqm-style scheme: the PQClean "clean" code under repo/mupq/pqclean, or
    the repository's own `impl` (e.g. pqm3's "m3", with assembly) under
    repo/crypto_<kind>; published row from `table`.  The keys must match
    those of the clean code built for the host."""
    clean = repo / "mupq" / "pqclean" / f"crypto_{kind}" / scheme / "clean"
    d = clean if impl == "clean" else repo / f"crypto_{kind}" / scheme / impl
    if not d.is_dir() or not clean.is_dir():
        return []
    ns = "PQCLEAN_" + re.sub(r"[^A-Z0-9]", "", scheme.upper()) + "_CLEAN_"
    sizes = _api_sizes(clean / "api.h", ns)
    defs = [f"-DHB_PK={sizes['PK']}", f"-DHB_SK={sizes['SK']}"]
    if kind == "kem":
        defs += ["-DHB_KEM", f"-DHB_CT={sizes['CT']}", f"-DHB_SS={sizes['SS']}"]
    common = [f"-I{repo / 'mupq' / 'common'}", f"-I{repo / 'common'}"]
    host = out / f"{scheme}-host"
    mc = repo / "mupq" / "common"
    _gcc(["cc", "-O2", "-std=gnu99", "-DHB_HOST", f"-DHB_NS(x)={ns}##x", *defs, f"-I{clean}", *common,
          str(_EMU / "validate" / "keypair.c"), *sorted(str(p) for p in clean.glob("*.c")),
          str(mc / "fips202.c"), str(mc / "sha2.c"), str(mc / "keccakf1600.c"), "-ffunction-sections",
          "-Wl,--gc-sections", "-o", str(host)])
    want = subprocess.run([str(host)], capture_output=True, text=True, check=True).stdout.strip()
    # the repository's own implementations carry no PQClean prefix
    ns_t = f"-DHB_NS(x)={ns}##x" if impl == "clean" else "-DHB_NS(x)=x"
    csrc = sorted(str(p) for p in d.iterdir() if p.suffix in (".c", ".S", ".s"))
    elf = out / f"{scheme}-{impl}-{core}.elf"
    _gcc(["arm-none-eabi-gcc", *PUB_FLAGS[core], ns_t, *defs, f"-DHB_CHECKSUM=0x{want}u", f"-I{_EMU}",
          f"-I{_EMU / 'validate'}", f"-I{d}", *common, str(_EMU / "validate" / "keypair.c"), *csrc,
          *[str(repo / s) for s in symcrypto], *_harness_sources(), *_link_flags(core), "-o", str(elf)])
    res = _run(core, elf, timeout, profile=True)
    ok = res.get("checksum", {}).get("ok", False)
    pub = published_row(table, scheme, impl)
    pub_hash = published_hashing(table, scheme, impl) or []
    ops = ["keypair", "enc", "dec"] if kind == "kem" else ["keypair"]
    rows = []
    for k, op in enumerate(ops):
        p = pub["ops"][k] if pub else {}
        rows.append({"core": core, "program": f"{scheme} {impl} ({repo.name})", "operation": op,
                     "flags": " ".join(PUB_FLAGS[core]), "model": res.get(op, {}).get("cycles"),
                     "verified": ok and res.get(op, {}).get("ok", False),
                     "published": p.get("AVG"), "published_range": (p.get("MIN"), p.get("MAX")),
                     "model_hashing": res.get(op, {}).get("hashing"),
                     "published_hashing_pct": pub_hash[k] if k < len(pub_hash) else None,
                     "source": f"{table.relative_to(repo)} of the checkout, row '{scheme}' {impl}"
                               + (f" ({pub['executions']})" if pub else " (row not found)")})
    return rows


def against_published(pqm4: str | None = None, xkcp: str | None = None, pqm3: str | None = None,
                      aes: str | None = None, cifra: str | None = None,
                      cores: Sequence[str] = ("cortex-m4", "cortex-m3", "cortex-m0"),
                      timeout: float = 900.0) -> list[Result]:
    """Rows: core, program, operation, flags, model cycles, published cycles
    (and MIN..MAX where the table gives them), error %, source."""
    out = _ROOT / "build" / "validate"
    out.mkdir(parents=True, exist_ok=True)
    rows: list[Result] = []

    def guard(what: tuple[str, str], fn: Callable[[], Result | list[Result]]) -> None:
        try:
            got = fn()
            rows.extend(got if isinstance(got, list) else [got])
        except (OSError, RuntimeError, subprocess.CalledProcessError) as e:
            rows.append({"core": what[0], "program": what[1], "operation": "", "error": str(e)[-300:]})

    if "cortex-m4" in cores:
        p4 = xk = None
        try:
            p4 = repo_path("pqm4", pqm4)
        except (OSError, subprocess.CalledProcessError) as e:
            rows.append({"core": "cortex-m4", "program": "pqm4", "operation": "", "error": str(e)})
        try:
            xk = repo_path("xkcp", xkcp)
        except (OSError, subprocess.CalledProcessError) as e:
            rows.append({"core": "cortex-m4", "program": "XKCP", "operation": "", "error": str(e)})
        if p4:
            guard(("cortex-m4", "pqm4 keccak"), lambda: _keccak("cortex-m4", "pqm4", p4, out, timeout))
        if xk:
            guard(("cortex-m4", "XKCP keccak"), lambda: _keccak("cortex-m4", "xkcp", xk, out, timeout))
        if p4:
            sym = ["mupq/common/fips202.c", "mupq/common/sha2.c", "common/keccakf1600.S",
                   "common/crypto_hashblocks_sha512.c", "common/crypto_hashblocks_sha512_inner32.s"]
            # the SPHINCS+ names changed with version 3.1 (sha256 -> sha2, shake256 -> shake)
            for scheme in ("sphincs-sha2-128f-simple", "sphincs-sha256-128f-simple",
                           "sphincs-shake-128f-simple", "sphincs-shake256-128f-simple"):
                guard(("cortex-m4", scheme),
                      partial(_scheme, "cortex-m4", p4, "sign", scheme, sym, p4 / "benchmarks.md", out, timeout))
            # ML-KEM: the portable code and pqm4's assembly NTT beside it
            for impl in ("clean", "m4fspeed"):
                guard(("cortex-m4", f"ml-kem-512 {impl}"),
                      partial(_scheme, "cortex-m4", p4, "kem", "ml-kem-512", sym, p4 / "benchmarks.md", out,
                              timeout, impl=impl))
    if "cortex-m3" in cores:
        try:
            p3 = repo_path("pqm3", pqm3)
        except (OSError, subprocess.CalledProcessError) as e:
            rows.append({"core": "cortex-m3", "program": "pqm3", "operation": "", "error": str(e)})
            p3 = None
        if p3:
            sym = ["mupq/common/fips202.c", "mupq/common/sha2.c", "common/keccakf1600.S",
                   "common/crypto_hashblocks_sha512.c", "common/crypto_hashblocks_sha512_m3_inner32.S"]
            for impl in ("clean", "m3"):
                guard(("cortex-m3", f"kyber512 {impl}"),
                      partial(_scheme, "cortex-m3", p3, "kem", "kyber512", sym,
                              p3 / "benchmarks-nucleo-f207zg.md", out, timeout, impl=impl))
    cores_aes = [c for c in ("cortex-m4", "cortex-m3") if c in cores]
    if cores_aes:
        try:
            ap = repo_path("aes", aes)
        except (OSError, subprocess.CalledProcessError) as e:
            rows.append({"core": cores_aes[0], "program": "aes-armcortexm", "operation": "", "error": str(e)})
            ap = None
        if ap is not None:
            for core in cores_aes:
                guard((core, "aes-armcortexm"), partial(_aes, core, ap, out, timeout))
    cores_cifra = [c for c in ("cortex-m0", "cortex-m3", "cortex-m4") if c in cores]
    if cores_cifra:
        try:
            cp = repo_path("cifra", cifra)
        except (OSError, subprocess.CalledProcessError) as e:
            rows.append({"core": cores_cifra[0], "program": "cifra", "operation": "", "error": str(e)})
            cp = None
        if cp is not None:
            for core in cores_cifra:
                guard((core, "cifra"), partial(_cifra, core, cp, out, timeout))
    for r in rows:
        if r.get("model") and r.get("published"):
            r["error_pct"] = 100.0 * (r["model"] - r["published"]) / r["published"]
    return rows
