"""Side by side with a peer library's portable C, built from a directory the
person running it provides (fetched by them, never part of hashbench).

Host: bench/peer_host.c links our library and the peer's C into one
program.  It first compares the peer's digest with ours at 18 lengths from
0 to 4096 bytes (a peer computing something else is reported, not timed),
then, per run and message size, times batches of ours and of the peer
alternately (15 batches each, about 20 KiB hashed per batch) and keeps the
fastest batch of each (the least disturbed by other jobs on the machine).  The ratio ours/peer of every run is
kept; the answer is the median of those ratios over the runs.  Both sides
see the same buffer, timer (TSC), core and warm state; the peer's sources
are compiled with the flags its build uses (-O2 -fno-strict-aliasing), ours
with ours (-O2).

    hashbench peer-c --peer sphlib --src ~/sphlib-3.0/c -a sha256,luffa_256

Supported peers: sphlib 3.0 (`c/` directory of the distribution, or `src/c`
of a mirror)."""
from __future__ import annotations

import hashlib
import os
import platform
import re
import statistics
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal, TypedDict, Union

ROOT = Path(__file__).resolve().parents[2]

#: peer -> (C sources to compile, flags, the define selecting it in peer_host.c)
PEERS = {
    "sphlib": (["blake", "bmw", "cubehash", "echo", "fugue", "groestl", "hamsi", "jh", "keccak", "luffa",
                "sha2", "sha2big", "shabal", "shavite", "simd", "skein"],
               ["-O2", "-fno-strict-aliasing"], "HB_PEER_SPHLIB"),
}
#: our registry names that sphlib 3.0 has
SPHLIB_ALGOS = (["sha224", "sha256", "sha384", "sha512"]
                + [f"{f}_{b}" for f in ("blake", "bmw", "cubehash", "echo", "fugue", "groestl", "hamsi", "jh",
                                        "keccak", "luffa", "shabal", "shavite3", "simd", "skein512")
                   for b in (224, 256, 384, 512)])


class PeerError(RuntimeError):
    pass


def _run(cmd: list[str]) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise PeerError(f"{' '.join(cmd)}\n{r.stderr.strip()}")


def find_src(src: Path, peer: str, first: str | None = None) -> Path:
    """The directory holding the peer's C sources (accepts the checkout's
    root): the one with `first`.c (default: the peer's first source)."""
    first = first or PEERS[peer][0][0]
    for d in (src, src / "c", src / "src" / "c"):
        if (d / f"{first}.c").exists():
            return d
    raise PeerError(f"no {first}.c under {src} (give the peer's C directory)")


def build_host(peer: str, src: Path, cc: str = "cc", build: Path | None = None) -> Path:
    """Compile the peer and bench/peer_host.c against build/libhashbench.a
    (`make lib` first); returns the program."""
    files, flags, define = PEERS[peer]
    src = find_src(src, peer)
    build = build or ROOT / "build" / "peer" / peer
    build.mkdir(parents=True, exist_ok=True)
    lib = ROOT / "build" / "libhashbench.a"
    _run(["make", "-C", str(ROOT), "-s", "lib"])
    objs = []
    for f in files:
        o = build / f"{f}.o"
        if not o.exists() or o.stat().st_mtime < (src / f"{f}.c").stat().st_mtime:
            _run([cc, *flags, "-c", str(src / f"{f}.c"), "-o", str(o)])
        objs.append(str(o))
    exe = build / "hb-peer-host"
    _run([cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2", f"-I{ROOT / 'include'}",
          f"-I{ROOT / 'targets' / 'host'}", f"-I{src}", f"-D{define}", str(ROOT / "bench" / "peer_host.c"),
          str(ROOT / "targets" / "host" / "hal.c"), *objs, str(lib), "-o", str(exe)])
    return exe


class Check(TypedDict):
    peer: str    # the peer's name for the algorithm, "none" if it has none
    ok: bool     # the peer's digest equals ours at every length checked


class Timing(TypedDict):
    algo: str
    size: int
    run: int
    ours: float   # cycles per message, fastest batch
    peer: float


class Ratio(TypedDict):
    algo: str
    size: int
    runs: int
    ratio: float  # median over runs of ours / peer
    ours_cycles: float
    peer_cycles: float


#: what host() yields, as results come
Item = Union[tuple[Literal["check"], str, Check], tuple[Literal["ratio"], Ratio]]


def parse(lines: Iterable[str]) -> tuple[dict[str, Check], list[Timing]]:
    """(check results by algorithm, timing rows) from the program's output."""
    checks: dict[str, Check] = {}
    rows: list[Timing] = []
    for line in lines:
        kv = dict(re.findall(r"(\w+)=(\S+)", line))
        if line.startswith("check "):
            checks[kv["algo"]] = {"peer": kv["peer"], "ok": kv["ok"] == "1"}
        elif line.startswith("time "):
            rows.append({"algo": kv["algo"], "size": int(kv["size"]), "run": int(kv["run"]),
                         "ours": float(kv["ours"]), "peer": float(kv["peer"])})
    return checks, rows


def summarise(rows: list[Timing]) -> list[Ratio]:
    """Per (algorithm, size): the median over runs of ours/peer, and the
    median over runs of each side's cycles per message."""
    by: dict[tuple[str, int], list[Timing]] = {}
    for r in rows:
        by.setdefault((r["algo"], r["size"]), []).append(r)
    out: list[Ratio] = []
    for (algo, size), rs in by.items():
        out.append({"algo": algo, "size": size, "runs": len(rs),
                    "ratio": statistics.median(r["ours"] / r["peer"] for r in rs if r["peer"] > 0),
                    "ours_cycles": statistics.median(r["ours"] for r in rs),
                    "peer_cycles": statistics.median(r["peer"] for r in rs)})
    return out


def host(peer: str, src: Path, algos: list[str], sizes: list[int], runs: int = 3,
         cc: str = "cc") -> Iterator[Item]:
    """Yield ("check", algo, info) and ("ratio", row) as results come."""
    exe = build_host(peer, src, cc=cc)
    for algo in algos:
        p = subprocess.run([str(exe), "-r", str(runs), "-s", ",".join(map(str, sizes)), algo],
                           capture_output=True, text=True, check=True)
        checks, rows = parse(p.stdout.splitlines())
        for a, info in checks.items():
            yield ("check", a, info)
        for row in summarise(rows):
            yield ("ratio", row)


class Environment(TypedDict):
    compiler: str      # first line of `cc --version`
    cpu: str
    machine: str
    cores: int | None


def environment(cc: str = "cc") -> Environment:
    ver = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()
    cpu = ""
    try:
        cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                    if ln.startswith("model name")), "")
    except OSError:
        pass
    return {"compiler": ver[0] if ver else cc, "cpu": cpu or platform.processor(),
            "machine": platform.machine(), "cores": os.cpu_count()}


# ---- embedded targets ----------------------------------------------------------
#
# `hashbench peer-c --target T`: one firmware image per algorithm holds our
# implementation and the peer's (bench/peer_fw.c), built by the target's own
# backend (the same compiler, flags and HAL as `hashbench bench --target T`)
# and run by its simulator.  The peer's source file is compiled into an
# archive of its own, so the linker map gives each side's code apart.

def sphlib_name(algo: str) -> tuple[str, str, str]:
    """(source file without .c, header, function family) of sphlib for one
    of our registry names."""
    if algo not in SPHLIB_ALGOS:
        raise PeerError(f"sphlib has no {algo} (it has: {', '.join(SPHLIB_ALGOS)})")
    if algo in ("sha224", "sha256", "sha384", "sha512"):
        return ("sha2" if int(algo[3:]) <= 256 else "sha2big"), "sph_sha2.h", f"sph_{algo}"
    fam, bits = algo.rsplit("_", 1)
    s = {"shavite3": "shavite", "skein512": "skein"}.get(fam, fam)
    return s, f"sph_{s}.h", f"sph_{s}{bits}"


def _tool(cc: str, name: str) -> str:
    """A binutils program beside a cross gcc (avr-gcc -> avr-size)."""
    return cc[: -len("gcc")] + name if cc.endswith("gcc") else name


class PeerWorkload:
    """The image of one algorithm with our implementation and the peer's
    (a `Workload` of hashbench.targets.pipeline)."""

    def __init__(self, algo: str, src: Path, archive: Path, header: str, fn: str, check_n: int,
                 side: int = 0):
        """side: 0 both in one image, 1 ours alone, 2 the peer alone (peer_fw.c)."""
        from .core import lookup
        a = lookup(algo)
        self.algo = algo
        self.side = side
        self.tag = "peer-" + archive.stem + ("", "-ours", "-peer")[side]
        self.sources = [ROOT / "bench" / "peer_fw.c", *([archive] if side != 1 else [])]
        self.include = [src]
        self.defines = [f"-DHB_PEER_CTX={fn}_context", f"-DHB_PEER_INIT={fn}_init", f"-DHB_PEER_UPDATE={fn}",
                        f"-DHB_PEER_CLOSE={fn}_close", f'-DHB_PEER_HEADER="{header}"', f"-DHB_PEER_SIDE={side}",
                        f"-DHB_PEER_DIGEST={a.digest_size}", f"-DHB_PEER_BLOCK={a.block_size}"]
        self.archive = archive
        self.header = header
        self.fn = fn
        self.check_n = check_n

    def checksum(self) -> str:
        """H(H(m_0) || ... || H(m_{n-1})) by the host library, unkeyed: the
        firmware's host_checksum keys an algorithm that takes a key (Skein),
        while peer_fw.c hashes as the peer does, without one."""
        from .core import Hash
        from .targets.firmware import pattern
        big = pattern(self.check_n)
        outer = Hash(self.algo)
        for i in range(self.check_n):
            outer.update(Hash(self.algo, big[:i]).digest())
        return outer.digest().hex()

    def row(self, fw_row: dict[str, Any]) -> dict[str, str]:
        return {"workload": "peer"}


def build_peer_object(tc: Any, src: Path, file: str, outdir: Path, flags: list[str]) -> Path:
    """The peer's source file compiled by the target's compiler with the
    target's flags (plus the peer's own, `flags`) into an archive of its own."""
    from .targets.firmware import BuildError, _stale
    from .targets.firmware import _run as fw_run
    outdir.mkdir(parents=True, exist_ok=True)
    tag = hashlib.sha256(repr((str(src), tc.cc, tc.cflags, flags)).encode()).hexdigest()[:8]
    obj = outdir / f"{file}-{tag}.o"
    lib = outdir / f"libpeer-{file}-{tag}.a"
    deps = [src / f"{file}.c", *src.glob("*.h"), *src.glob("*_helper.c")]
    try:
        if _stale(obj, deps):
            # our include folder too: a peer written over our library (the
            # tests' stand-in) needs hashbench.h; sphlib uses none of it
            fw_run([tc.cc, *tc.cflags, *tc.defines, *flags, f"-I{src}", f"-I{ROOT / 'include'}", "-c",
                    str(src / f"{file}.c"),
                    "-o", str(obj)])
        if _stale(lib, [obj]):
            lib.unlink(missing_ok=True)
            fw_run([tc.ar or _tool(tc.cc, "ar"), "rcs", str(lib), str(obj)])
    except BuildError as e:
        raise PeerError(f"the peer's {file}.c does not build for this target: {e}") from None
    return lib


class Side(TypedDict):
    cpb_64: float | None       # cycles per byte of one 64-byte message
    cpb_1024: float | None     # ... of one 1 KiB message
    cpb_long: float | None     # slope of cycles over 1..K whole blocks, per byte
    ipb_long: float | None     # the same of instructions (where the target counts them)
    code_bytes: int            # text + rodata + data of this side's objects in the image
    stack_bytes: int
    ctx_bytes: int


class TargetResult(TypedDict, total=False):
    algo: str
    target: str
    impl: str
    opt: str
    peer_fn: str
    ok: bool               # the peer's digests equal ours (only then it is timed)
    error: str             # why nothing (or only ours) was measured
    ours: Side
    peer: Side
    ratio_64: float | None     # ours / peer, < 1: ours is faster
    ratio_1024: float | None
    ratio_long: float | None
    ratio_code: float | None
    count_kind: str
    images: int            # 1: both sides in one image; 2: each alone (together they do not fit)
    passed_over: list[str]  # forms tried first that do not fit the part alone, and why


def _slope(rows: list[dict[str, Any]]) -> float | None:
    """Cycles per byte from the least-squares line through (size, cycles)."""
    if len(rows) < 2:
        return None
    xs = [float(r["size"]) for r in rows]
    ys = [float(r["cycles"]) for r in rows]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else None


def _side(rows: list[dict[str, Any]], prefix: str, code: int, ctx: int) -> Side:
    size = {r["size"]: r for r in rows if r["kind"] == prefix + "size"}

    def cpb(n: int) -> float | None:
        return size[n]["cycles"] / n if n in size else None
    return {"cpb_64": cpb(64), "cpb_1024": cpb(1024),
            "cpb_long": _slope([r for r in rows if r["kind"] == prefix + "blocks"]),
            "ipb_long": _slope([{"size": r["size"], "cycles": r["instructions"]} for r in rows
                                if r["kind"] == prefix + "blocks" and "instructions" in r]),
            "code_bytes": code, "stack_bytes": max((r.get("stack", 0) for r in size.values()), default=0),
            "ctx_bytes": ctx}


def _ratio(a: float | int | None, b: float | int | None) -> float | None:
    return a / b if a is not None and b else None


def _image(backend: Any, w: PeerWorkload, sel: dict[str, str], p: Any,
           timeout: float) -> tuple[Any, dict[str, Any]] | str:
    """(image, parsed output) of one image of `w`, or why there is none."""
    from .targets.firmware import BuildError, FitError, parse_output
    from .targets.pipeline import _build_lock, _stop_error
    p.workload = w
    try:
        with _build_lock(backend.outdir()):
            im = backend.build(w.algo, sel, p)
    except FitError as e:
        return str(e)
    except BuildError as e:
        return f"does not build: {str(e)[-500:]}"
    ex = backend.execute(im, timeout)
    ram = backend.ram_error(im, ex)
    if ram:
        return str(ram)
    out = parse_output(ex.output)
    if ex.status != "exit" or not out["done"]:
        return _stop_error(ex, timeout)
    return im, out


def target_run(target: str, src: Path, algos: list[str], sizes: list[int] | None = None,
               blocks: int | None = None, impl: str | None = None, peer: str = "sphlib",
               peer_flags: list[str] | None = None, timeout: float | None = None,
               check_n: int | None = None, two_images: bool = False, every_impl: bool = False,
               **options: Any) -> Iterator[TargetResult]:
    """Ours beside the peer on a simulated target, one result per algorithm.
    two_images: each side in an image of its own even when both fit in one
    (they do so anyway when together they do not fit the part).
    every_impl: one result per implementation the target's config names for
    the algorithm (else the selected one, or the next that fits the part).
    options go to the target's backend (avr: opt="-Os", mcu=...)."""
    from . import impls
    from .targets import get
    from .targets.pipeline import BuildParams, FirmwareTarget, _build_lock
    tg = get(target, **options)
    if not isinstance(tg, FirmwareTarget) or not hasattr(tg.backend, "toolchain"):
        raise PeerError(f"peer-c --target: {target} is not a gcc-built simulated target "
                        f"(e.g. cortex-m4, avr)")
    tg.check()
    backend, cfg = tg.backend, tg.cfg
    tc = backend.toolchain
    files, pflags, _ = PEERS[peer]
    flags = [*pflags[1:], *(peer_flags or [])]  # its flags beside the target's -O level
    sizes = sizes or [64, 1024]
    blocks = cfg.run_opt("blocks", 8) if blocks is None else blocks
    check_n = check_n or int(cfg.run_opt("check_n", 64))
    timeout = timeout or cfg.run_opt("timeout", 300)
    opt = next((f for f in tc.cflags if f.startswith("-O")), "")
    for name in algos:
        file, header, fn = sphlib_name(name)
        src = find_src(src, peer, file)
        if impl is not None and impl not in impls.implementations(name):
            raise PeerError(f"{name} has no implementation {impl!r} (has: {', '.join(impls.implementations(name))})")
        cands = [impl] if impl else cfg.candidates(name)
        with _build_lock(backend.outdir()):
            archive = build_peer_object(tc, src, file, backend.outdir() / "peer" / peer, flags)
        passed: list[str] = []
        for k, im in enumerate(cands):
            res: TargetResult = {"algo": name, "target": tg.name, "impl": im, "opt": opt, "peer_fn": fn,
                                 "ok": False, "count_kind": backend.count_kind}
            sel = impls.selection_for(name, im, cfg.selection())
            r = _pair(res, backend, PeerWorkload(name, src, archive, header, fn, check_n), sel,
                      BuildParams(sizes, blocks, check_n), timeout, two_images, tc)
            ours_missing = "ours" not in r and r.get("error", "").startswith("does not")
            if not every_impl and ours_missing and k + 1 < len(cands):
                # the selected form does not fit this part: the next candidate
                # of the target's config, as `hashbench bench` measures it
                passed.append(f"{im}: {r['error'].splitlines()[0][:120]}")
                continue
            if passed:
                r["passed_over"] = passed
            yield r
            if not every_impl:
                break


def _pair(res: TargetResult, backend: Any, w: PeerWorkload, sel: dict[str, str], p: Any, timeout: float,
          two_images: bool, tc: Any) -> TargetResult:
    """One comparison: ours (the implementation of `sel`) and the peer in
    one image, or each in its own when together they do not fit or build."""
    from .core import lookup
    from .targets.firmware import code_bytes
    args = (w.algo, w.include[0], w.archive, w.header, w.fn, w.check_n)
    both = "does not fit: asked for two images" if two_images else _image(backend, w, sel, p, timeout)
    if isinstance(both, str) and both.startswith("does not"):
        # together they exceed the part (or the peer's tables break the
        # link): each side in an image of its own, built the same way
        res["images"] = 2
        mine = _image(backend, PeerWorkload(*args, side=1), sel, p, timeout)
        theirs = _image(backend, PeerWorkload(*args, side=2), sel, p, timeout)
        if isinstance(theirs, str):
            theirs = f"{w.fn} alone: {theirs.splitlines()[0][:300]} ({peer_data(tc, w.archive)})"
    else:
        res["images"] = 1
        mine = theirs = both
    if isinstance(mine, str):
        return {**res, "error": mine}
    want = w.checksum()
    im_o, out_o = mine
    if out_o.get("checksum") != want:
        return {**res, "error": f"our checksum differs: on-target {out_o.get('checksum')} != host {want}"}
    ours = _side(out_o["rows"], "", code_bytes(im_o.path.with_suffix(".map"))["total"],
                 int(out_o.get("ctx", lookup(w.algo).ctx_size)))
    res["ours"] = ours
    if isinstance(theirs, str):
        return {**res, "error": theirs}
    im_p, out_p = theirs
    if str(out_p.get("peer_checksum")) != want or out_p.get("peer_equal") != 1:
        return {**res, "error": f"{w.fn}'s digest differs from ours (checksum {out_p.get('peer_checksum')} "
                                f"!= {want}); not timed"}
    pr = _side(out_p["rows"], "peer-", code_bytes(im_p.path.with_suffix(".map"), owners=(w.archive.name,))["total"],
               int(out_p.get("peer_ctx", 0)))
    return {**res, "ok": True, "peer": pr,
            "ratio_64": _ratio(ours["cpb_64"], pr["cpb_64"]),
            "ratio_1024": _ratio(ours["cpb_1024"], pr["cpb_1024"]),
            "ratio_long": _ratio(ours["cpb_long"], pr["cpb_long"]),
            "ratio_code": _ratio(ours["code_bytes"], pr["code_bytes"])}


def peer_data(tc: Any, archive: Path) -> str:
    """The peer object's sizes, for a message about an image that does not fit."""
    r = subprocess.run([_tool(tc.cc, "size"), "-t", str(archive)], capture_output=True, text=True)
    last = r.stdout.strip().splitlines()[-1].split() if r.returncode == 0 and r.stdout.strip() else []
    if len(last) >= 3 and last[0].isdigit():
        return f"the peer's object: text {last[0]}, data {last[1]}, bss {last[2]} bytes"
    return "the peer's object sizes unknown"


def markdown(results: list[TargetResult]) -> str:
    """The results of target_run as a Markdown table (what the README shows)."""
    def f(x: float | None, fmt: str = "{:,.1f}") -> str:
        return "" if x is None else fmt.format(x)
    lines = ["| algorithm | ours (form) | ours c/B 64 B / 1 KiB / long | sphlib c/B 64 B / 1 KiB / long "
             "| ratio 64 B / 1 KiB / long | code ours / sphlib (B) |",
             "|---|---|---:|---:|---:|---:|"]
    for r in results:
        o = r.get("ours")
        ours = " / ".join(f(o[k]) for k in ("cpb_64", "cpb_1024", "cpb_long")) if o else ""
        if not r["ok"]:
            err = r.get("error", "").strip().splitlines()
            lines.append(f"| {r['algo']} | {r['impl']} | {ours} | {err[0][:160] if err else ''} | | "
                         f"{o['code_bytes'] if o else ''} / |")
            continue
        p = r["peer"]
        lines.append(f"| {r['algo']} | {r['impl']} | {ours} | "
                     + " / ".join(f(p[k]) for k in ("cpb_64", "cpb_1024", "cpb_long")) + " | "
                     + " / ".join(f(r[k], "{:.2f}") for k in ("ratio_64", "ratio_1024", "ratio_long")) + " | "
                     + f"{r['ours']['code_bytes']:,} / {p['code_bytes']:,} |")
    return "\n".join(lines) + "\n"


class Best(TypedDict):
    algo: str
    ours: TargetResult | None     # the run whose ours is fastest over long messages
    peer: TargetResult | None     # the run whose peer is fastest
    ratio_64: float | None
    ratio_1024: float | None
    ratio_long: float | None
    ours_small: TargetResult | None   # the run with our smallest code
    peer_small: TargetResult | None   # the run with the peer's smallest code
    why: str                      # when a side has no figure: the errors


def best_of(results: list[TargetResult]) -> list[Best]:
    """Per algorithm, each side's fastest build among `results` (several
    optimisation levels and forms of one target), the ratios between them,
    and each side's smallest build."""
    by: dict[str, list[TargetResult]] = {}
    for r in results:
        by.setdefault(r["algo"], []).append(r)

    def cpb(r: TargetResult, side: str) -> float:
        s = r.get(side)
        return s["cpb_long"] if s and s["cpb_long"] is not None else float("inf")  # type: ignore[index]
    out: list[Best] = []
    for algo, rs in by.items():
        mine = [r for r in rs if "ours" in r]
        theirs = [r for r in rs if "peer" in r]
        o = min(mine, key=lambda r: cpb(r, "ours"), default=None)
        p = min(theirs, key=lambda r: cpb(r, "peer"), default=None)

        ratios = {k: (_ratio(o["ours"][k], p["peer"][k]) if o and p else None)
                  for k in ("cpb_64", "cpb_1024", "cpb_long")}
        # why the missing side is missing: the peer's errors come in results
        # that have ours, ours in those that have not
        errs = sorted({_short(r["error"]) for r in rs if r.get("error") and ("ours" in r) == (o is not None)})
        out.append({"algo": algo, "ours": o, "peer": p, "ratio_64": ratios["cpb_64"],
                    "ratio_1024": ratios["cpb_1024"], "ratio_long": ratios["cpb_long"],
                    "ours_small": min(mine, key=lambda r: r["ours"]["code_bytes"], default=None),
                    "peer_small": min(theirs, key=lambda r: r["peer"]["code_bytes"], default=None),
                    "why": "; ".join(errs) if o is None or p is None else ""})
    return out


def _short(error: str) -> str:
    """An error's gist for a table cell: its first line without the object
    sizes, the sizes of a part that does not fit, or the linker's text."""
    e = error.splitlines()[0].split(" (the peer's object")[0]
    e = re.sub(r"(does not fit \((?:flash|RAM)):[^)]*\)", r"\1)", e)
    return re.sub(r"does not build: .*", "does not build (link error)", e)[:160]


def markdown_best(best: list[Best]) -> str:
    """best_of() as the README's Markdown table."""
    def f(x: float | None, fmt: str = "{:,.1f}") -> str:
        return "" if x is None else fmt.format(x)

    def build(r: TargetResult | None, side: str) -> str:
        if r is None:
            return ""
        s = r[side]  # type: ignore[literal-required]
        form = f"{r['impl']} " if side == "ours" else ""
        return f"{form}{r['opt']}: " + " / ".join(f(s[k]) for k in ("cpb_64", "cpb_1024", "cpb_long"))

    def small(r: TargetResult | None, side: str) -> str:
        if r is None:
            return ""
        form = f"{r['impl']} " if side == "ours" else ""
        return f"{r[side]['code_bytes']:,} ({form}{r['opt']})"  # type: ignore[literal-required]
    lines = ["| algorithm | ours, fastest: c/B 64 B / 1 KiB / long | sphlib, fastest | ratio 64 B / 1 KiB / long "
             "| smallest ours, B | smallest sphlib, B |", "|---|---|---|---:|---:|---:|"]
    for b in best:
        ratio = " / ".join(f(b[k], "{:.2f}") for k in ("ratio_64", "ratio_1024", "ratio_long"))
        if b["why"]:
            ratio = b["why"]
        lines.append(f"| {b['algo']} | {build(b['ours'], 'ours')} | {build(b['peer'], 'peer')} | {ratio} | "
                     f"{small(b['ours_small'], 'ours')} | {small(b['peer_small'], 'peer')} |")
    return "\n".join(lines) + "\n"
