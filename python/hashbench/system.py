"""Is this machine quiet enough to time on?  (`hashbench check-system`)

pyperf's `system show` idea for hashbench's host target: look at what
makes cycle counts wander -- other processes, a frequency governor that
ramps, turbo (the TSC counts reference cycles, so the core/TSC ratio moves
with boost), and the spread of a calibration measurement repeated a few
times -- and turn it into a verdict with what to do about each finding."""
from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import TypedDict

CPU = Path("/sys/devices/system/cpu")
#: repeated calibration medians may differ by this much (max-min)/median on a
#: machine whose figures repeat within a few percent
CALIBRATION_LIMIT = 0.03
#: a process using more than this fraction of one CPU counts as busy
BUSY_SHARE = 0.10


def _read(p: Path) -> str | None:
    try:
        return p.read_text().strip()
    except OSError:
        return None


def governors() -> dict[str, int]:
    """Scaling governor -> number of CPUs using it ({} where cpufreq is not
    exposed, as in most containers and VMs)."""
    out: dict[str, int] = {}
    for f in sorted(CPU.glob("cpu[0-9]*/cpufreq/scaling_governor")):
        g = _read(f)
        if g:
            out[g] = out.get(g, 0) + 1
    return out


def boost() -> bool | None:
    """True when turbo/boost is on, None when the kernel does not say."""
    nt = _read(CPU / "intel_pstate" / "no_turbo")
    if nt is not None:
        return nt == "0"
    b = _read(CPU / "cpufreq" / "boost")
    return None if b is None else b == "1"


def _cpu_ticks() -> dict[int, tuple[str, int]]:
    ticks = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        s = _read(d / "stat")
        if not s:
            continue
        name, rest = s[s.index("(") + 1:s.rindex(")")], s[s.rindex(")") + 2:].split()
        ticks[int(d.name)] = (name, int(rest[11]) + int(rest[12]))  # utime + stime
    return ticks


def busy_processes(interval: float = 0.5) -> list[tuple[str, int, float]]:
    """[(name, pid, share of one CPU)] of other processes over `interval` s,
    busiest first."""
    if not Path("/proc/self/stat").exists():
        return []
    hz = os.sysconf("SC_CLK_TCK")
    a = _cpu_ticks()
    time.sleep(interval)
    b = _cpu_ticks()
    me = os.getpid()
    out = []
    for pid, (name, t1) in b.items():
        if pid == me or pid not in a:
            continue
        share = (t1 - a[pid][1]) / hz / interval
        if share >= BUSY_SHARE:
            out.append((name, pid, share))
    return sorted(out, key=lambda x: -x[2])


class Calibration(TypedDict):
    algo: str
    size: int
    runs: int              # runs that gave a median
    medians: list[float]   # cycles, one per run
    spread: float | None   # (max - min) / middle median
    iqr: float | None      # largest within-run (q3 - q1) / median
    seconds: float


class Finding(TypedDict):
    level: str   # "noisy" | "warn"
    what: str
    do: str      # what to do about it


class SystemCheck(TypedDict):
    verdict: str   # "quiet" | "noisy" | "unknown"
    ncpu: int
    load: list[float] | None
    governors: dict[str, int]
    boost: bool | None
    busy: list[tuple[str, int, float]]
    calibration: Calibration | None
    findings: list[Finding]


def calibrate(runs: int = 5, size: int = 4096, algo: str = "sha256") -> Calibration:
    """Time one message `runs` times with the host harness (each run a
    median over its own repetitions) and report how far the medians and
    the within-run quartiles spread."""
    from .targets import get
    from .targets.host import LINE, harness_path
    get("host").check()
    meds: list[float] = []
    iqr: list[float] = []
    t0 = time.monotonic()
    for _ in range(runs):
        r = subprocess.run([str(harness_path()), "-a", algo, "-s", str(size), "-t", "0.05"],
                           capture_output=True, text=True, timeout=60)
        for line in r.stdout.splitlines():
            kv = dict(LINE.findall(line))
            if kv.get("algo") == algo:
                med = float(kv["median"])
                meds.append(med)
                iqr.append((float(kv["q3"]) - float(kv["q1"])) / med if med else 0.0)
    mid = sorted(meds)[len(meds) // 2] if meds else 0.0
    return {"algo": algo, "size": size, "runs": len(meds), "medians": meds,
            "spread": (max(meds) - min(meds)) / mid if mid else None,
            "iqr": max(iqr) if iqr else None, "seconds": time.monotonic() - t0}


def check(calibration_runs: int = 5) -> SystemCheck:
    """Every finding, and a verdict: 'quiet' (figures repeat), 'noisy'
    (expect unstable rows) or 'unknown' (nothing could be measured)."""
    ncpu = os.cpu_count() or 1
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    findings: list[tuple[str, str, str]] = []   # (level, what, what to do)
    if load is not None:
        l1 = load[0]
        if l1 >= max(ncpu - 0.5, 0.5):
            findings.append(("noisy", f"load average {l1:.2f} on {ncpu} CPUs: no idle core for the benchmark",
                             "wait for other jobs to finish (uptime), or stop them"))
        elif l1 >= 0.5:
            findings.append(("warn", f"load average {l1:.2f} on {ncpu} CPUs",
                             "other work shares the machine; results may wander"))
    gov = governors()
    if gov and set(gov) != {"performance"}:
        findings.append(("warn", "CPU frequency governor " + ", ".join(f"{g} ({n} CPUs)" for g, n in gov.items()),
                         "sudo cpupower frequency-set -g performance (pyperf system tune does the same)"))
    bst = boost()
    if bst:
        findings.append(("warn", "turbo/boost is on: the TSC counts reference cycles, the core/TSC ratio "
                         "follows temperature and load",
                         "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo "
                         "(or 0 > cpufreq/boost)"))
    busy = busy_processes()
    if busy:
        top = ", ".join(f"{n} (pid {p}, {100 * s:.0f}%)" for n, p, s in busy[:5])
        lvl = "noisy" if sum(s for _, _, s in busy) >= ncpu - 0.5 else "warn"
        findings.append((lvl, f"busy processes: {top}", "stop them or benchmark later"))
    cal = None
    try:
        cal = calibrate(calibration_runs)
    except Exception as e:  # no compiler, harness failed: say so, the rest still stands
        findings.append(("warn", f"calibration not run: {e}", "build the harness: make build/hb-bench"))
    if cal and cal["spread"] is not None:
        if cal["spread"] > CALIBRATION_LIMIT:
            findings.append(("noisy", f"calibration ({cal['algo']}, {cal['size']} B, {cal['runs']} runs): "
                             f"medians differ by {100 * cal['spread']:.1f}% (> {100 * CALIBRATION_LIMIT:.0f}%)",
                             "figures will not repeat; rows whose spread is large are marked unstable"))
        elif cal["iqr"] is not None and cal["iqr"] > 0.10:
            findings.append(("warn", f"calibration: repetitions within a run spread {100 * cal['iqr']:.0f}%",
                             "preemption during timed loops; medians still hold"))
    levels = {f[0] for f in findings}
    verdict = "noisy" if "noisy" in levels else ("unknown" if cal is None else "quiet")
    return {"verdict": verdict, "ncpu": ncpu, "load": list(load) if load else None,
            "governors": gov, "boost": bst, "busy": busy[:10], "calibration": cal,
            "findings": [{"level": lv, "what": w, "do": d} for lv, w, d in findings]}


def one_line(res: SystemCheck) -> str:
    """The verdict in one sentence for a summary or a report header."""
    if res["verdict"] == "quiet" and not res["findings"]:
        cal = res.get("calibration")
        spread = cal["spread"] if cal else None   # None: every median was 0
        return f"machine quiet: calibration medians within {100 * spread:.1f}%" if spread is not None \
            else "machine quiet"
    what = "; ".join(f["what"] for f in res["findings"][:3])
    return f"machine {res['verdict']}: {what}"
