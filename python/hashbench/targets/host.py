"""The host target: the C harness (build/hb-bench) timing the library
with the x86-64 time-stamp counter (clock_gettime elsewhere).

The host library links each family's `host` implementation: where that is
a run-time dispatch (src/common/hb_dispatch.h) the fastest kernel this CPU
runs, or the one `impl` names (passed to the harness as HASHBENCH_IMPL).
Each row's impl says which kernel ran.

TSC counts are reference cycles at the TSC's nominal rate, not core clock
cycles (turbo and power states change the ratio): count_kind is
"tsc_cycles" and the TSC rate is measured and stored as clock_hz."""
from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from .. import impls, native
from ..analysis import unstable_reason
from .base import Profile, Row, Target, TargetUnavailable, finish_row
from .config import TargetConfig

ROOT = Path(__file__).resolve().parents[3]
LINE = re.compile(r"(\w+)=(\S+)")


def harness_path() -> Path:
    env = os.environ.get("HASHBENCH_HARNESS")
    return Path(env) if env else ROOT / "build" / "hb-bench"


def compiler_version(cc: str = "cc") -> str:
    try:
        return subprocess.run([cc, "--version"], capture_output=True, text=True,
                              timeout=10).stdout.splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "unknown"


def host_impl(name: str, impl: str | None = None) -> str:
    """The implementation of `name` the host library runs: `impl` if forced,
    else the dispatch's choice for this CPU (or the family's one host form)."""
    fam = impls.deciding_family(name)
    if fam is None:
        return impls.SINGLE
    f = impls.families()[fam]
    ran = impl if impl is not None else native.active_impl(fam) or f.host
    only = f.impls[ran].only if ran in f.impls else ()
    if not only or name in only:
        return ran
    # a kernel for some of the family's algorithms: in the host's dispatch
    # the others run the fastest form that speeds them up (SHA-512 avx2 when
    # shani is chosen: src/algos/sha2/dispatch/dispatch.c), in a build of
    # the kernel alone the default form
    if f.impls[f.host].dispatch:
        for m in native.runnable_impls(fam):
            if not f.impls[m].only or name in f.impls[m].only:
                return m
    return f.default


class HostTarget(Target):
    name = "host"
    description = "this machine: -O2, CPU kernels picked at run time, timed with the TSC"
    apt_packages = ("build-essential",)
    executables = ("make",)

    def __init__(self, cfg: TargetConfig | None = None):
        from .config import load
        self.cfg = cfg or load("host")
        self.hz: float | None = None       # TSC rate the harness measured
        self.source: str | None = None     # its cycle source: "rdtsc" or a clock

    def check(self) -> None:
        if harness_path().exists():
            return
        if shutil.which("make") is None or shutil.which(os.environ.get("CC", "cc")) is None:
            raise TargetUnavailable("target host: no C compiler/make to build the harness; "
                                    "install with: apt-get install build-essential")
        r = subprocess.run(["make", "-C", str(ROOT), "build/hb-bench"], capture_output=True, text=True)
        if r.returncode != 0 or not harness_path().exists():
            raise TargetUnavailable(f"target host: building the harness failed:\n{r.stderr[-2000:]}")

    def environment(self) -> dict[str, Any]:
        return {"compiler": compiler_version(os.environ.get("CC", "cc")), "flags": "-O2 -std=c99",
                "arch": platform.machine(), "harness": str(harness_path())}

    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 0, seconds: float = 0.05,
            min_reps: int = 31, fit_bytes: int | None = None, impl: str | None = None,
            **options: Any) -> Iterator[Row]:
        """fit_bytes: also measure whole blocks N = 1, 2, 4, ... up to this
        many bytes (default: [run] fit_bytes of the config) for the HTime(N)
        fit; 0 = only 1..blocks.  impl: force this kernel (HASHBENCH_IMPL)."""
        self.check()
        algos = list(algos)
        if fit_bytes is None:
            fit_bytes = self.cfg.run_opt("fit_bytes", 0) if blocks else 0
        for name in algos:
            cmd = [str(harness_path()), "-a", name, "-s", ",".join(str(s) for s in sizes),
                   "-b", str(blocks), "-g", str(fit_bytes), "-t", str(seconds), "-r", str(min_reps)]
            fam = impls.deciding_family(name)
            env = dict(os.environ)
            if impl is not None and fam is not None and impl != impls.SINGLE:
                if impl not in native.runnable_impls(fam):
                    yield {"algo": name, "target": self.name, "impl": impl,
                           "error": f"the host library cannot run {fam}/{impl} on this CPU "
                                    f"(runnable: {', '.join(native.runnable_impls(fam)) or 'none'})"}
                    continue
                env["HASHBENCH_IMPL"] = f"{fam}={impl}"
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            assert proc.stdout is not None and proc.stderr is not None  # both PIPE
            algo = native.find(name)
            impl_ran = host_impl(name, impl)
            for line in proc.stdout:
                kv = dict(LINE.findall(line))
                if line.startswith("#"):
                    self.hz, self.source = float(kv["hz"]), kv["source"]
                    continue
                if "algo" not in kv:
                    continue
                row: Row = {"algo": kv["algo"], "target": self.name, "impl": impl_ran, "size": int(kv["size"]),
                       "kind": kv["kind"], "reps": int(kv["reps"]),
                       "count_kind": "tsc_cycles" if self.source == "rdtsc" else "nanoseconds",
                       "ctx_bytes": algo.ctx_size if algo else None, "out_bytes": int(kv["out"]),
                       "cycle_source": self.source, "verified": True}
                for k in ("min", "q1", "median", "q3", "max"):
                    row[k] = float(kv[k])
                why = unstable_reason(row)
                if why:
                    row["unstable"] = why
                assert self.hz is not None, "the harness prints its rate (# hz=...) before any row"
                yield finish_row(row, Profile(clock_hz=self.hz, source="measured TSC rate"))
            err = proc.stderr.read()
            if proc.wait() != 0:
                yield {"algo": name, "target": self.name, "error": err.strip() or "harness failed"}
