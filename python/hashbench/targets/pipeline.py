"""The one firmware pipeline of every embedded target.

    build -> run with a timeout -> on-target checksum -> sizes and blocks -> rows

written once here; what differs between simulators sits behind `Backend`
(two methods: build an image, execute it).  Every (algorithm,
implementation) yields either its rows or one row whose `error` starts with
one of:

    "does not build: "         the compiler or linker failed
    "does not fit (flash: "    the image is larger than the part's code memory
    "does not fit (RAM: "      static data + stack exceed the part's RAM
    "stopped early: "          the simulator stopped before the firmware's end
                               (crash, fault, its own limit) -- checksum not read
    "hung: "                   killed at the timeout or the cycle limit
    "checksum differs: "       the on-target checksum is not the host library's

Sizes, one definition for every target:
    code_bytes   library code + constant data (text + rodata) in the image
                 (driver, HAL and C library excluded)
    stack_bytes  peak stack of one hash, painted and read back by the firmware
    static_bytes the library's static RAM (work areas made static, .data/.bss)
    ram_bytes    ctx_bytes + stack_bytes + static_bytes
"""
from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .. import impls, native
from ..core import lookup
from .base import Row, Target, TargetUnavailable, finish_row
from .config import Profile, TargetConfig
from .firmware import BuildError, FitError, Toolchain, host_checksum, parse_output


@dataclass
class Image:
    """A built firmware image of one algorithm and implementation."""
    path: Path
    code: dict[str, int]           # text, rodata, total, static (firmware.code_bytes)
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class Execution:
    """What a simulator returned: console text and how it stopped."""
    output: str
    status: str                    # "exit" | "timeout" | "limit" | "crash"
    detail: str = ""
    info: dict[str, Any] = field(default_factory=dict)


class Workload(Protocol):
    """A driver other than the hash benchmark (hashbench.can.onboard.CanWorkload)."""
    tag: str                   # build folder of its images, beside the hash images
    algo: str                  # the registry entry it is built around
    sources: list[Path]        # its C files, in place of bench/firmware.c
    include: list[Path]
    defines: list[str]

    def checksum(self) -> str:
        """The host's value of the checksum the driver prints."""
        ...

    def row(self, fw_row: Row) -> dict[str, str]:
        """Fields it adds to the row of one firmware result line."""
        ...


@dataclass
class BuildParams:
    sizes: list[int]
    blocks: int
    check_n: int
    xof_out: int = 32
    #: None: the hash benchmark (bench/firmware.c); else another driver built
    #: and run the same way (sources, defines, include, tag, checksum(), row())
    workload: Workload | None = None

    def subdir(self) -> str:
        """Where a backend keeps this image apart from the hash images."""
        return "" if self.workload is None else self.workload.tag


class Backend:
    """What one kind of simulator (and its toolchain) adds to the pipeline."""

    @property
    def count_kind(self) -> str:
        """count_kind of the rows: "cycles_exact" unless the cycles come from
        a model ("cycles_model:<model>", named by the backend's config)."""
        return "cycles_exact"

    def __init__(self, cfg: TargetConfig, **options: Any):
        self.cfg = cfg
        self.options = options

    def check(self) -> None:
        """Raise TargetUnavailable when something beyond the config's
        executables and files is missing (a Python module, a source tree)."""

    def environment(self) -> dict[str, Any]:
        return {}

    def outdir(self) -> Path:
        from .firmware import ROOT
        return ROOT / "build" / "fw" / self.cfg.name

    def build(self, algo: str, sel: dict[str, str], p: BuildParams) -> Image:
        raise NotImplementedError

    def execute(self, image: Image, timeout: float) -> Execution:
        raise NotImplementedError

    def missing(self) -> list[str]:
        """What the config's executables and files do not cover (a toolchain
        built into a cache)."""
        return []

    def ram_error(self, image: Image, ex: Execution) -> str | None:
        """A "does not fit (RAM: ...)" found only by running (stack into data)."""
        return None

    def row_extra(self, image: Image, ex: Execution, fw_row: Row) -> dict[str, Any]:
        """Simulator-specific fields of a row (sim counters, machine cycles)."""
        return {}

    def target_name(self) -> str:
        return self.cfg.name

    def profile(self) -> Profile:
        return self.cfg.profile


class GccBackend(Backend):
    """A backend whose images are gcc-built ELFs (firmware.build_library and
    build_image): the message buffer holds every size and, when it fits in
    64 KiB, the whole-block runs.  Subclasses set `toolchain` and execute()."""

    toolchain: Toolchain

    def build(self, algo: str, sel: dict[str, str], p: BuildParams) -> Image:
        from .firmware import build_image, build_library, code_bytes
        a = lookup(algo)
        outdir = self.outdir()
        lib = build_library(self.toolchain, outdir, sel)
        maxmsg = max([*p.sizes, p.check_n, 1])
        blocks = p.blocks if p.blocks * a.block_size <= max(maxmsg, 1 << 16) else 0
        mm = max(maxmsg, blocks * a.block_size)
        elf, mp = build_image(self.toolchain, algo, outdir / f"{algo}@{impls.algo_tag(algo, sel)}" / p.subdir(),
                              lib, p.sizes, blocks, mm, p.check_n, p.xof_out, sel=sel, workload=p.workload)
        return Image(elf, code_bytes(mp))


def _stop_error(ex: Execution, timeout: float) -> str:
    if ex.status == "timeout":
        return f"hung: simulator killed after {timeout:.0f} s. {ex.detail}".strip()
    if ex.status == "limit":
        return f"hung: stopped at the simulator's limit. {ex.detail}".strip()
    return f"stopped early: {ex.detail or ex.status}"


def measure(backend: Backend, algos: Iterable[str], sizes: list[int], blocks: int | None = None,
            check_n: int | None = None, timeout: float | None = None, impl: str | None = None,
            every_impl: bool = True, profile: Profile | None = None, client: Any = None) -> Iterator[Row]:
    """Rows of every (algorithm, implementation) on one target.

    impl: build only this implementation (a name of `impls.implementations`);
    every_impl: measure every candidate of the target's config (else only its
    selected one); client: a Dask client (hashbench.engine) that runs each
    (algorithm, implementation) as one task, the rows yielded as each task
    completes (a simulator's counts do not depend on the machine's load)."""
    cfg = backend.cfg
    blocks = cfg.run_opt("blocks", 4) if blocks is None else blocks
    check_n = check_n or cfg.run_opt("check_n", 64)
    timeout = timeout or cfg.run_opt("timeout", 300)
    profile = profile or backend.profile()
    base_sel = cfg.selection()
    work: list[tuple[str, str, dict[str, str]]] = []
    for name in algos:
        if impl is not None:
            cands = [impl] if impl in impls.implementations(name) else []
            if not cands:
                yield {"algo": name, "target": backend.target_name(), "impl": impl,
                       "error": f"no implementation {impl!r} (has: {', '.join(impls.implementations(name))})"}
                continue
        else:
            cands = cfg.candidates(name) if every_impl else cfg.candidates(name)[:1]
        lookup(name)            # an unknown name fails here, before any task
        work += [(name, im, impls.selection_for(name, im, base_sel)) for im in cands]
    p = BuildParams(sizes, blocks, check_n)
    if client is None:
        for name, im, sel in work:
            yield from _one(backend, name, im, sel, lookup(name), p, timeout, profile)
        return
    from distributed import as_completed
    futs = {client.submit(one_task, backend, name, im, sel, p, timeout, profile, pure=False,
                          priority=-i): (name, im) for i, (name, im, sel) in enumerate(work)}
    for fut in as_completed(futs):
        name, im = futs[fut]
        try:
            rows = fut.result()
        except Exception as e:      # the worker died or lost the task: this pair's error row
            rows = [{"algo": name, "target": backend.target_name(), "impl": im,
                     "error": f"stopped early: task lost on the engine ({type(e).__name__}: {e})"}]
        yield from rows


def one_task(backend: Backend, name: str, im: str, sel: dict[str, str], p: BuildParams, timeout: float,
             profile: Profile) -> list[Row]:
    """One (algorithm, implementation) on a worker of the task engine: its rows."""
    return list(_one(backend, name, im, sel, lookup(name), p, timeout, profile))


@contextlib.contextmanager
def _build_lock(outdir: Path) -> Iterator[None]:
    """One build at a time in a target's build folder: two runs that share
    it (two `hashbench bench` processes) would otherwise mix half-written
    objects into one image (seen: a wrong 8051 checksum)."""
    outdir.mkdir(parents=True, exist_ok=True)
    with open(outdir / ".build.lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def measure_workload(backend: Backend, workload: Workload, timeout: float | None = None,
                     profile: Profile | None = None, check_n: int = 16) -> Iterator[Row]:
    """Rows of another driver than the hash benchmark (workload: sources,
    defines, algo, checksum(), row()) built with the target's selected
    implementation of workload.algo, checked and measured like a hash."""
    cfg = backend.cfg
    timeout = timeout or cfg.run_opt("timeout", 300)
    profile = profile or backend.profile()
    name = workload.algo
    sel_base = cfg.selection()
    im = cfg.candidates(name)[0]
    sel = impls.selection_for(name, im, sel_base)
    yield from _one(backend, name, im, sel, lookup(name), BuildParams([], 0, check_n, workload=workload),
                    timeout, profile)


def _one(backend: Backend, name: str, im: str, sel: dict[str, str], a: native.Algo, p: BuildParams,
         timeout: float, profile: Profile) -> Iterator[Row]:
    base: Row = {"algo": name, "target": backend.target_name(), "impl": im, "ctx_bytes": a.ctx_size,
            "selection": impls.algo_tag(name, sel)}
    try:
        with _build_lock(backend.outdir()):
            image = backend.build(name, sel, p)
    except FitError as e:
        yield {**base, "error": str(e)}
        return
    except BuildError as e:
        msg = str(e)
        yield {**base, "error": msg if msg.startswith("does not") else f"does not build: {msg[-500:]}"}
        return
    code = {"code_bytes": image.code["total"], "code_text": image.code["text"],
            "code_rodata": image.code["rodata"]}
    ex = backend.execute(image, timeout)
    ram = backend.ram_error(image, ex)
    if ram:
        yield {**base, **code, "error": ram}
        return
    out = parse_output(ex.output)
    want = host_checksum(name, p.check_n, p.xof_out) if p.workload is None else p.workload.checksum()
    got = out.get("checksum")
    if ex.status != "exit" and got is None:
        yield {**base, **code, "error": _stop_error(ex, timeout)}
        return
    if got != want:
        yield {**base, **code, "verified": False,
               "error": f"checksum differs: on-target {got} != host {want}; not measured"}
        return
    if ex.status != "exit" or not out["done"]:
        yield {**base, **code, "verified": False,
               "error": _stop_error(ex, timeout) + " (after a correct checksum); not measured"}
        return
    stack = max((r.get("stack", 0) for r in out["rows"]), default=0)
    static = image.code.get("static", 0)
    ctx = out.get("ctx", a.ctx_size)
    for r in out["rows"]:
        c = float(r["cycles"])
        if p.workload is not None:   # a workload's rows are different work, each its own stack
            stack = r.get("stack", 0)
        row: Row = {**base, **code, "size": r["size"], "kind": r["kind"], "reps": 1, "median": c, "q1": c,
               "q3": c, "min": c, "max": c, "count_kind": backend.count_kind,
               "instructions": r.get("instructions"), "verified": True, "stack_bytes": stack,
               "static_bytes": static, "ram_bytes": ctx + stack + static,
               **image.info.get("row", {}), **backend.row_extra(image, ex, r)}
        if p.workload is not None:
            row.update(p.workload.row(r))
        yield finish_row(row, profile)


class FirmwareTarget(Target):
    """An embedded target: its config plus the backend of its simulator."""

    def __init__(self, cfg: TargetConfig, backend: Backend):
        self.cfg = cfg
        self.backend = backend
        self.name = backend.target_name()
        self.description = cfg.description
        self.apt_packages = cfg.apt
        self.executables = cfg.executables
        self.profile = backend.profile()

    def missing(self) -> list[str]:
        return self.cfg.missing() + self.backend.missing()

    def install_hint(self) -> str:
        return self.cfg.install_hint()

    def check(self) -> None:
        miss = self.missing()
        if miss:
            raise TargetUnavailable(f"target {self.name}: missing {', '.join(miss)}; install with: "
                                    f"{self.cfg.install_hint()}")
        self.backend.check()

    def environment(self) -> dict[str, Any]:
        return {"target_config": str(self.cfg.folder / "target.toml"),
                "selection": impls.selection_tag(self.cfg.selection()),
                "clock_source": self.profile.source, **self.backend.environment()}

    def run(self, algos: Iterable[str], sizes: list[int], blocks: int | None = None,
            timeout: float | None = None, check_n: int | None = None, impl: str | None = None,
            every_impl: bool = False, active_mw: float | None = None, client: Any = None,
            **options: Any) -> Iterator[Row]:
        self.check()
        prof = self.profile
        if active_mw is not None:
            prof = Profile(prof.clock_hz, 1.0, active_mw, prof.source + f"; active power {active_mw} mW given")
        yield from measure(self.backend, algos, sizes, blocks, check_n, timeout, impl, every_impl, prof, client)
