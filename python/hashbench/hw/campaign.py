"""The synthesis campaign: every core x family through the open flow, on Dask distributed.

One task per core simulation (the cycle counts), per (core, family) synthesis and per
(core, family, seed) place & route.  Tasks go to a Dask LocalCluster (N worker processes, one
thread each) or to a running scheduler's address, so the same campaign spreads over machines.
The client writes each finished task to the result store the moment it completes
(`as_completed`), one row per task: a killed campaign keeps every finished row, and a rerun
skips every task whose fingerprint (the RTL, the yosys script, the tool set and its versions,
the seed) is already stored.  A task never raises: a tool failure, a timeout or a design larger than the
device is a result (status and reason), stored like a success.  A (core, family)'s P&R seeds
2..N are submitted once its seed 1 has routed: a seed-1 timeout or failure is not run twice
more (the large cores nextpnr-ecp5 cannot route within the limit would cost hours each).

Device choice: ECP5 is placed on the smallest of LFE5U-25F/45F/85F that holds the synthesised
LUT4s and FFs with routing headroom (FILL); iCE40 is the HX8K only, and a core that exceeds it
is stored as 'does-not-fit' with its size rather than dropped.

Rows: kind 'hw-task', target 'fpga-<family>' (simulation: 'iverilog'), the stage, status,
fingerprint, duration and measures in the row's extra JSON; `results()` assembles them into one
result per (core, family) in the shape `flow.evaluate` returns."""
from __future__ import annotations

import hashlib
import heapq
import itertools
import json
import os
import platform
import statistics
import time
import uuid
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from . import flow
from .cores import Core, CoreError, hdl_dir
from .cores import core as load_core

if TYPE_CHECKING:
    from distributed import Client

    from ..store import Store

KIND = "hw-task"
RUN_TARGET = "fpga-campaign"
# (nextpnr option, device name, LUT4 = FF count) of the ECP5 parts nextpnr-ecp5 knows
ECP5_DEVICES = (("--25k", "LFE5U-25F", 24_288), ("--45k", "LFE5U-45F", 43_848),
                ("--85k", "LFE5U-85F", 83_640))
ICE40_HX8K_CELLS = 7_680
# Close to full, nextpnr's placer and router need many more iterations (or fail): a design is
# put on the next larger part once it fills more than this share of the logic cells.
FILL = 0.80
TIMEOUT_SYNTH_S = 1800.0
TIMEOUT_PNR_S = 3600.0


class CampaignError(Exception):
    pass


#: what a task returns and what is stored of it (status, reason, duration_s, host and the
#: stage's measures: their keys differ per stage and per outcome, so the shape is open)
TaskResult = dict[str, Any]


class TaskMeta(TypedDict, total=False):
    """What the client knows of a task when it submits it (stored beside its result)."""
    stage: str                  # 'sim', 'synth' or 'pnr'
    core: str
    algo: str
    family: str                 # synth and pnr only
    seed: int                   # pnr only
    fp: str
    synth_fp: str               # pnr only: the netlist's fingerprint
    block_bits: int
    digest_bits: int
    io_width: int | None        # synth only
    toolset: str                # synth and pnr: 'yowasp' or 'native' (flow.TOOLSETS)
    tools: dict[str, str | None]  # synth and pnr: the version of the stage's program
    placer: str                 # pnr only, set where not nextpnr's default (`pnr_placer`)


class Duration(TypedDict):
    invocations: int
    wall_s: float
    task_s: float
    first_start: str | None
    now: str


# ----------------------------------------------------------------- fingerprints

def _h(*parts: Any) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else json.dumps(p, sort_keys=True, default=str).encode())
        h.update(b"\0")
    return h.hexdigest()[:20]


def _version(pkg: str | None) -> str | None:
    if not pkg:
        return None
    try:
        return metadata.version(pkg)
    except metadata.PackageNotFoundError:
        return None


def _sources(core: Core, wrapper: bool) -> list[Path]:
    common = hdl_dir() / "common"
    fs = list(core.rtl) + sorted(common.glob("*.vh"))
    if wrapper:
        fs.append(common / "hb_io_wrap.v")
    return fs


def _set_tag(tools: str) -> tuple[str, ...]:
    """What the tool set adds to a fingerprint: nothing for yowasp, so that the stores filled
    with it before there was a choice keep resuming; the set's name for the others."""
    return () if tools == "yowasp" else (tools,)


def synth_fp(core: Core, fam: flow.Family, io_width: int, tools: str = "yowasp",
             yosys_version: str | None = None) -> str:
    """Changes when anything that shapes the netlist does: the RTL (and the shared headers),
    the yosys script, the tool set and its yosys version (the installed one unless given)."""
    script, _ = flow.yosys_script(core, fam, "netlist.json", "stat.json", io_width, hdl_dir())
    ver = yosys_version if yosys_version is not None else flow.tool_version("yosys", tools)
    return _h("synth", core.name, fam.name, script, *_set_tag(tools), ver,
              *[f.read_bytes() for f in _sources(core, fam.wrapper)])


def pnr_fp(sfp: str, fam: flow.Family, seed: int, tools: str = "yowasp", placer: str | None = None) -> str:
    """Changes with the netlist, the seed, the target, the tool set, nextpnr's version and the
    placer (nothing added for nextpnr's default, so that the rows stored before there was a
    choice keep resuming)."""
    return _h("pnr", sfp, fam.name, seed, fam.freq_mhz, *_set_tag(tools),
              flow.tool_version(fam.pnr, tools) if fam.pnr else None, *(("placer", placer) if placer else ()))


def _kept(r: TaskResult | None, retry_failed: bool) -> TaskResult | None:
    """A stored task as done, or None for one to run: nothing stored, or, with retry_failed, a
    stored failure or timeout.  `run` and `estimate` share this rule."""
    if r is None or (retry_failed and r.get("status") in ("failed", "timeout")):
        return None
    return r


def _stage(stage: str, placer: str | None = None) -> str:
    """A task's stage for timing it: 'pnr:<placer>' for a P&R seed with a placer other than
    nextpnr's default, whose time says nothing of the default's."""
    return f"{stage}:{placer}" if stage == "pnr" and placer else stage


def pnr_placer(fam: flow.Family, default_seed1: TaskResult | None) -> str | None:
    """The placer of a netlist's P&R seeds: nextpnr's default (None) unless that placement's
    seed 1 is stored as timed out and the family has a fallback placer.  nextpnr-ecp5's router
    does not converge on HeAP's placement of some cores (Skein-512: thousands of wires still
    overused after an hour, with router1 or router2, at 26% of a 25F); the static placer's
    placement of the same netlist routes in minutes.  `run`, `estimate` and `results` choose by this rule."""
    if fam.fallback_placer and default_seed1 is not None and default_seed1.get("status") == "timeout":
        return fam.fallback_placer
    return None


def sim_fp(core: Core) -> str:
    common = hdl_dir() / "common"
    return _h("sim", core.name, core.algo, (core.dir / "core.toml").read_bytes(),
              (common / "tb_core.v").read_bytes(), *[f.read_bytes() for f in _sources(core, False)])


# ----------------------------------------------------------------- device choice

def ecp5_device(lut: int, ff: int) -> tuple[str, str, int] | None:
    """The smallest ECP5 part holding the design below FILL; else the largest if it holds
    the design at all (tight, may not route); None if nothing does."""
    need = max(lut, ff)
    for d in ECP5_DEVICES:
        if need <= FILL * d[2]:
            return d
    return ECP5_DEVICES[-1] if need <= ECP5_DEVICES[-1][2] else None


def placement(fam_name: str, lut: int, ff: int) -> dict[str, Any]:
    """device, nextpnr device options and whether the design fits, from the synthesised area"""
    fam = flow.family(fam_name)
    if fam_name == "ecp5":
        d = ecp5_device(lut, ff)
        if d is None:
            return {"fits": False, "device": "LFE5U-85F",
                    "reason": f"{max(lut, ff):,} LUT4/FF > {ECP5_DEVICES[-1][2]:,} of the largest ECP5 (85F)"}
        args = (d[0],) + tuple(a for a in fam.pnr_args if a != "--25k")
        return {"fits": True, "device": f"{d[1]}-CABGA381", "device_args": list(args),
                "capacity": d[2], "fill": round(max(lut, ff) / d[2], 3)}
    if fam_name == "ice40":
        if max(lut, ff) > ICE40_HX8K_CELLS:
            return {"fits": False, "device": fam.device,
                    "reason": f"{lut:,} SB_LUT4 / {ff:,} FF > {ICE40_HX8K_CELLS:,} logic cells of the HX8K"}
        return {"fits": True, "device": fam.device, "device_args": list(fam.pnr_args),
                "capacity": ICE40_HX8K_CELLS, "fill": round(max(lut, ff) / ICE40_HX8K_CELLS, 3)}
    return {"fits": True, "device": fam.device}


# ----------------------------------------------------------------- the tasks (run on a worker)

def _outcome(fn: Callable[[], TaskResult]) -> TaskResult:
    """Run one task body: its result with status 'ok', or the failure as a result."""
    t0 = time.monotonic()
    try:
        res: TaskResult = fn()
        res.setdefault("status", "ok")
    except flow.FlowTimeout as e:
        res = {"status": "timeout", "reason": str(e)}
    except (flow.FlowError, CoreError, CampaignError, OSError, ValueError) as e:
        msg = str(e)
        if len(msg) > 3000:         # the first line says what failed, the tail why
            msg = msg.split("\n", 1)[0] + "\n...\n" + msg[-2900:]
        res = {"status": "does-not-fit" if isinstance(e, flow.DoesNotFit) else "failed", "reason": msg}
    res["duration_s"] = round(time.monotonic() - t0, 1)
    res["host"] = platform.node()
    return res


def task_sim(core_name: str, hdl: str) -> TaskResult:
    from .sim import simulate

    def body() -> TaskResult:
        c = load_core(core_name, Path(hdl))
        r = simulate(c)
        if not r.ok:
            raise CoreError(f"{c.name} fails its testbench: {r.failures[:2]}")
        return {"passed": r.passed, **r.cycles()}
    return _outcome(body)


def _workdir(workroot: str, core_name: str, fam_name: str, sfp: str) -> Path:
    return Path(workroot) / core_name / fam_name / sfp[:12]


def _same_sources(c: Core, fam: flow.Family, io_width: int, expected: str, tools: str) -> None:
    """The row is stored under the fingerprint the client computed: refuse to measure sources
    that were edited between submission and run (the rerun submits them afresh), or with a
    yosys of another version than the client's (a worker on another machine)."""
    if synth_fp(c, fam, io_width, tools) != expected:
        raise CampaignError(f"{c.name}: the sources changed after the campaign submitted this task, or "
                            f"this worker's yosys ({tools}: {flow.tool_version('yosys', tools)}) is not "
                            f"the client's; rerun the campaign to measure the new ones")


def task_synth(core_name: str, fam_name: str, hdl: str, workroot: str, io_width: int,
               timeout: float, sfp: str, tools: str = "yowasp") -> TaskResult:
    def body() -> TaskResult:
        c = load_core(core_name, Path(hdl))
        fam = flow.family(fam_name)
        _same_sources(c, fam, io_width, sfp, tools)
        s = flow.synth(c, fam, _workdir(workroot, core_name, fam_name, sfp), io_width, timeout, tools)
        a = s["area"]
        return {"top": s["top"], **{k: a[k] for k in ("lut", "ff", "bram", "dsp", "lutram", "cells")},
                "mapping": s["mapping"], "mapping_lut": s["mapping_lut"],
                **({"mapping_failed": s["mapping_failed"]} if s["mapping_failed"] else {}),
                **placement(fam_name, a["lut"], a["ff"])}
    return _outcome(body)


def task_pnr(core_name: str, fam_name: str, seed: int, synth_res: TaskResult, hdl: str, workroot: str,
             io_width: int, timeout: float, sfp: str, tools: str = "yowasp", fp: str | None = None,
             timeout_synth: float = TIMEOUT_SYNTH_S, placer: str | None = None) -> TaskResult:
    def body() -> TaskResult:
        c = load_core(core_name, Path(hdl))
        fam = flow.family(fam_name)
        if fp is not None and pnr_fp(sfp, fam, seed, tools, placer) != fp:
            raise CampaignError(f"this worker's {fam.pnr} ({tools}: {flow.tool_version(fam.pnr or '', tools)}) "
                                f"is not the version the campaign submitted this task for")
        wd = _workdir(workroot, core_name, fam_name, sfp)
        if not (wd / "netlist.json").exists():
            # a worker on another machine (or another --workdir, a cleaned build/) has no
            # netlist: make it here, within the synthesis limit.  Failing to make it says
            # nothing of place & route, so it is a failure (--retry-failed), never a P&R timeout.
            _same_sources(c, fam, io_width, sfp, tools)
            try:
                flow.synth(c, fam, wd, io_width, timeout_synth, tools)
            except flow.FlowError as e:
                raise CampaignError(f"no netlist in {wd}, and synthesising it again failed: {e}") from None
        r = flow.place_route(c, fam, wd, seed, tuple(synth_res["device_args"]), timeout, tools, placer)
        return {"fmax_mhz": r["fmax_mhz"], "utilization": r["utilization"], "device": synth_res["device"]}
    return _outcome(body)


@dataclass
class TaskFns:
    """The task bodies; tests pass fakes to exercise the engine without synthesis."""
    sim: Callable[..., TaskResult] = task_sim
    synth: Callable[..., TaskResult] = task_synth
    pnr: Callable[..., TaskResult] = task_pnr


# ----------------------------------------------------------------- the store side

def stored_tasks(store: Store, current_only: bool = False) -> dict[str, TaskResult]:
    """The latest stored task result per fingerprint; with `current_only`, only the rows that
    this tree's RTL and flow would store again (see `is_current`)."""
    out: dict[str, TaskResult] = {}
    for r in store.rows("r.kind = ?", (KIND,)):
        e = json.loads(r.get("extra") or "{}")
        e.update(algo=r["algo"], error=r["error"])
        e["ts"] = r["ts"]
        e["run_id"] = r["run_id"]
        out[e["fp"]] = e
    if current_only:
        synths = {fp for fp, e in out.items() if e.get("stage") == "synth" and is_current(e)}
        out = {fp: e for fp, e in out.items()
               if (e.get("synth_fp") in synths if e.get("stage") == "pnr"
                   else fp in synths if e.get("stage") == "synth" else is_current(e))}
    return out


def superseded(store: Store) -> set[tuple[str, str]]:
    """(core, family) pairs with synthesis rows but none of them current: measured with an
    older RTL or synthesis script, to be measured again."""
    have: dict[tuple[str, str], bool] = {}
    for e in stored_tasks(store).values():
        if e.get("stage") == "synth":
            k = (e["core"], e["family"])
            have[k] = have.get(k, False) or is_current(e)
    return {k for k, cur in have.items() if not cur}


def is_current(row: TaskResult) -> bool:
    """Whether a stored sim or synthesis row is what this tree's RTL, testbench and yosys
    script give (with the yosys version the row records): a row of an edited core or of a
    changed synthesis command is superseded, never mixed into a table with current ones.  A
    row of a core or family this tree does not have is kept: there is nothing to compare."""
    try:
        c = load_core(row["core"])
        if row.get("stage") == "sim":
            return sim_fp(c) == row.get("fp")
        fam = flow.family(row["family"])
    except (CoreError, flow.FlowError, KeyError, OSError):
        return True
    tools = row.get("toolset") or "yowasp"
    ver = (row.get("tools") or {}).get(flow.tool_key("yosys", tools))
    return synth_fp(c, fam, int(row.get("io_width") or flow.DEFAULT_IO_WIDTH), tools, ver) == row.get("fp")


def _row(meta: TaskMeta, res: TaskResult) -> dict[str, Any]:
    row: dict[str, Any] = {"algo": meta["algo"], "kind": KIND, "size": meta["block_bits"],
           "target": f"fpga-{meta['family']}" if meta.get("family") else "iverilog",
           "verified": 1 if res.get("status") == "ok" else 0,
           "error": None if res.get("status") == "ok" else res.get("reason")}
    if res.get("fmax_mhz"):
        row["clock_hz"] = res["fmax_mhz"] * 1e6
    row.update({k: v for k, v in meta.items() if k not in ("algo",)})
    row.update({k: v for k, v in res.items() if k not in ("reason",)})
    return row


def group(c: Core) -> int:
    """Who goes first within a stage: SHA-512, SHA-256 (every figure is normalised to them),
    the 512-bit candidates (seed 003's tables are of those), the 256-bit ones, then the cores
    outside the study (BLAKE2, Ascon)."""
    from .cli import seed_name
    sn = seed_name(c.algo)
    if sn is None:
        return 0
    return (3 if sn == "SHA-2" else 1) + (1 if c.digest_bits > 256 else 0)


# Stages in the order the campaign runs them: the area of every core on xc7 (seed 003's
# Table 9), then ECP5 (Tables 8 and 10), then iCE40, then the further seeds.  Within a family
# the first P&R seed of a synthesised core goes before the next synthesis, so that a campaign
# cut short leaves complete rows (area and Fmax) rather than netlists without a clock: some
# syntheses (ECHO, SIMD) take more than an hour on a shared core.
TIERS = {("sim", None): 100, ("synth", "xc7"): 90, ("pnr", "ecp5"): 85, ("synth", "ecp5"): 80,
         ("pnr", "ice40"): 65, ("synth", "ice40"): 60}


def priority(stage: str, family: str | None = None, seed: int = 1, lut: int = 0, grp: int = 1) -> int:
    """Dask priority (higher runs first): the stage's tier (seeds after the first come last,
    seed by seed), then the core's group, then the smaller design first."""
    if stage == "sim":
        tier = TIERS[("sim", None)]
    elif stage == "pnr" and seed > 1:
        tier = 40 - seed
    else:
        tier = TIERS.get((stage, family), 55 if stage == "synth" else 45)
    return tier * 10**9 + grp * 10**7 - min(lut, 10**7 - 1)


def pnr_seeds(seeds: int, sres: TaskResult, stored: Callable[[int], TaskResult | None],
              first: bool = True) -> list[int]:
    """The P&R seeds of a synthesis result to run now, given the stored P&R row of each seed
    (None: not stored).  Seed 1 follows the synthesis; seeds 2..N follow a seed 1 that routed
    (`first` False: only those, once seed 1 has).  A seed 1 that timed out or failed is not
    repeated with other seeds, where it would most likely take the same time again for nothing
    (nextpnr-ecp5's router does not converge on some of the large cores); with --retry-failed
    `run` passes no failed rows, so seed 1 runs again and the others follow if it routes.  A
    netlist that does not fit the part gets every seed at once: its rows are written from its
    size, not run.  `run` submits by this rule and `estimate` counts by it."""
    if sres.get("status") != "ok":
        return []
    fits = sres.get("fits", True)
    todo = [s for s in range(1 if first else 2, seeds + 1) if stored(s) is None]
    if fits and any(s > 1 for s in todo):
        one = stored(1)
        if one is None or one.get("status") != "ok":
            todo = [s for s in todo if s == 1]
    return todo


@dataclass
class Progress:
    total: int = 0
    stored: int = 0
    skipped: int = 0
    by_status: dict[str, int] = field(default_factory=dict)


def run(store: Store, client: Client, core_names: Iterable[str], families: Iterable[str], seeds: int, *,
        workroot: Path, io_width: int = flow.DEFAULT_IO_WIDTH,
        timeout_synth: float = TIMEOUT_SYNTH_S, timeout_pnr: float = TIMEOUT_PNR_S,
        retry_failed: bool = False, fns: TaskFns | None = None, tools: str = "yowasp",
        log: Callable[[str], None] = lambda s: None,
        on_stored: Callable[[dict[str, Any]], None] | None = None, command: str = "") -> Progress:
    """Submit every task not yet stored, store each result as it completes; return the tally."""
    from distributed import as_completed

    fns = fns or TaskFns()
    hdl = str(hdl_dir())
    cs = [load_core(n) for n in core_names]
    fams = [flow.family(f) for f in families]
    if seeds < 1:
        raise CampaignError("--seeds must be at least 1")
    tools = flow.toolset(tools)
    if fns is None or fns.synth is task_synth or fns.pnr is task_pnr:
        # every program of the tool set before the first task: a missing one says what
        # installs it, instead of a failed row per task
        for prog_name in flow.programs(fams):
            flow.tool(prog_name, tools)
    done = stored_tasks(store)

    def stored_ok(fp: str) -> TaskResult | None:
        return _kept(done.get(fp), retry_failed)

    vers = {k: v for k, v in flow.versions(tools=tools).items()}
    for f in fams:
        if f.pnr:
            vers[flow.tool_key(f.pnr, tools)] = flow.tool_version(f.pnr, tools)
    yosys_v = {flow.tool_key("yosys", tools): flow.tool_version("yosys", tools)}
    run_id = store.start_run(RUN_TARGET, compiler=" ".join(f"{k} {v}" for k, v in yosys_v.items()),
                             flags=f"families={','.join(f.name for f in fams)} seeds={seeds} io_width={io_width} "
                                   f"tools={tools}",
                             environment=vers, command=command, tool_version=_version("hashbench") or "")
    prog = Progress()
    pending: dict[Hashable, TaskMeta] = {}     # by the future's key
    ac = as_completed()

    # Tasks wait on the client in priority order, no more in flight than the workers have
    # threads.  A worker runs the best task it holds the moment one ends, before the client has
    # submitted what that result unlocks: holding more, it would start the next synthesis ahead
    # of the P&R of the core just synthesised, and a routed core would wait behind an hour-long
    # synthesis.  (Dask's scheduler-side queuing holds back only large groups of similar tasks.)
    held: list[tuple[int, int, TaskMeta, Callable[..., TaskResult], tuple[Any, ...]]] = []
    order = itertools.count()      # equal priorities leave in the order they came

    def top_up() -> None:
        try:
            slots = max(1, sum(client.nthreads().values()))
        except Exception:           # a scheduler that cannot say: one at a time still finishes
            slots = 1
        while held and len(pending) < slots:
            prio, _, meta, fn, args = heapq.heappop(held)
            send(meta, fn, args, -prio)

    def submit(meta: TaskMeta, fn: Callable[..., TaskResult], args: tuple[Any, ...], priority: int) -> None:
        heapq.heappush(held, (-priority, next(order), meta, fn, args))

    def send(meta: TaskMeta, fn: Callable[..., TaskResult], args: tuple[Any, ...], priority: int) -> None:
        # unique per submission: a key still known to the scheduler (an earlier campaign on the
        # same cluster) would hand back that run's result or error instead of running the task
        key = (f"{meta['stage']}-{meta['core']}-{meta.get('family') or 'sim'}-{meta.get('seed') or 0}-"
               f"{meta['fp'][:8]}-{uuid.uuid4().hex[:8]}")
        fut = client.submit(fn, *args, key=key, priority=priority, pure=False)
        pending[fut.key] = meta
        ac.add(fut)
        prog.total += 1

    def save(meta: TaskMeta, res: TaskResult) -> None:
        row = _row(meta, res)
        store.add(run_id, row)
        done[meta["fp"]] = row
        prog.stored += 1
        prog.by_status[res["status"]] = prog.by_status.get(res["status"], 0) + 1
        what = f"{meta['stage']} {meta['core']}" + (f" {meta['family']}" if meta.get("family") else "") + \
               (f" seed {meta['seed']}" if meta.get("seed") else "")
        detail = ""
        if res["status"] == "ok":
            if meta["stage"] == "synth":
                detail = f"{res['lut']:,} LUT {res['ff']:,} FF" + (f" -> {res['device']}" if res.get("device") else "")
                if not res.get("fits", True):
                    detail += f" (does not fit: {res.get('reason')})"
            elif meta["stage"] == "pnr":
                detail = f"{res['fmax_mhz']:.1f} MHz on {res.get('device')}"
            else:
                detail = f"c_block {res.get('c_block')}"
        else:
            detail = (res.get("reason") or "").splitlines()[0][:160] if res.get("reason") else ""
        log(f"stored {what}: {res['status']} {detail} ({res.get('duration_s', 0):.0f} s)")
        if on_stored is not None:
            on_stored(row)

    def plan_pnr(c: Core, fam: flow.Family, sfp: str, sres: TaskResult, first: bool = True) -> None:
        if fam.pnr is None:
            return
        # the rule reads the stored row itself, not stored_ok: with --retry-failed, the
        # fallback placer's failures run again, not the default's hour that did not route
        placer = pnr_placer(fam, done.get(pnr_fp(sfp, fam, 1, tools)))
        have = {s: stored_ok(pnr_fp(sfp, fam, s, tools, placer)) for s in range(1, seeds + 1)}
        prog.skipped += sum(1 for s, r in have.items() if r is not None and (first or s > 1))
        for seed in pnr_seeds(seeds, sres, have.__getitem__, first):
            fp = pnr_fp(sfp, fam, seed, tools, placer)
            meta: TaskMeta = {"stage": "pnr", "core": c.name, "algo": c.algo, "family": fam.name, "seed": seed,
                    "fp": fp, "synth_fp": sfp, "block_bits": c.block_bits, "digest_bits": c.digest_bits,
                    "toolset": tools, "tools": {flow.tool_key(fam.pnr, tools): vers.get(flow.tool_key(fam.pnr, tools))}}
            if placer:
                meta["placer"] = placer
            if not sres.get("fits", True):
                # no run: the synthesised size already says it, and it is stored per seed so
                # that the report shows the family's row as measured, not missing
                save(meta, {"status": "does-not-fit", "reason": sres.get("reason"), "device": sres.get("device"),
                            "lut": sres.get("lut"), "ff": sres.get("ff"), "duration_s": 0.0})
                continue
            prio = priority("pnr", fam.name, seed, int(sres.get("lut") or 0), group(c))
            submit(meta, fns.pnr, (c.name, fam.name, seed, sres, hdl, str(workroot), io_width,
                                   float(c.extra.get("pnr_timeout_s", timeout_pnr)), sfp, tools, fp,
                                   float(c.extra.get("synth_timeout_s", timeout_synth)), placer), prio)

    for c in cs:
        fp = sim_fp(c)
        if stored_ok(fp):
            prog.skipped += 1
        else:
            submit({"stage": "sim", "core": c.name, "algo": c.algo, "fp": fp, "block_bits": c.block_bits,
                    "digest_bits": c.digest_bits}, fns.sim, (c.name, hdl), priority("sim", grp=group(c)))
        for fam in fams:
            sfp = synth_fp(c, fam, io_width, tools)
            have = stored_ok(sfp)
            if have:
                prog.skipped += 1
                plan_pnr(c, fam, sfp, have)
                continue
            synth_meta: TaskMeta = {"stage": "synth", "core": c.name, "algo": c.algo, "family": fam.name, "fp": sfp,
                    "block_bits": c.block_bits, "digest_bits": c.digest_bits,
                    "io_width": io_width if fam.wrapper else None, "toolset": tools, "tools": yosys_v}
            submit(synth_meta, fns.synth, (c.name, fam.name, hdl, str(workroot), io_width,
                                     float(c.extra.get("synth_timeout_s", timeout_synth)), sfp, tools),
                   priority("synth", fam.name, grp=group(c)))
    planned = len(held)
    top_up()
    log(f"campaign: {planned} tasks to run (P&R seeds are added as their netlists and seed 1 arrive), "
        f"{prog.skipped} already stored "
        f"({len(cs)} cores, families {', '.join(f.name for f in fams)}, {seeds} seed(s), tools {tools}: "
        f"{', '.join(f'{k} {v}' for k, v in vers.items() if k != 'iverilog')})")

    for fut in ac:
        done_meta = pending.pop(fut.key)
        try:
            res = fut.result()
        except Exception as e:      # the worker died or the task was lost: a failure, stored
            res = {"status": "failed", "reason": f"task lost: {type(e).__name__}: {e}", "duration_s": 0.0}
        save(done_meta, res)
        if done_meta["stage"] == "synth":
            c = next(x for x in cs if x.name == done_meta["core"])
            plan_pnr(c, flow.family(done_meta["family"]), done_meta["fp"], res)
        elif done_meta["stage"] == "pnr" and done_meta["seed"] == 1 and res["status"] in ("ok", "timeout"):
            # seeds 2..N after a seed 1 that routed; the fallback placer's seed 1 after the
            # default's that timed out (plan_pnr finds which)
            c = next(x for x in cs if x.name == done_meta["core"])
            sres = done.get(done_meta["synth_fp"])
            fam = flow.family(done_meta["family"])
            fallback = not done_meta.get("placer") and pnr_placer(fam, res) is not None
            if sres is not None and (res["status"] == "ok" or fallback):
                plan_pnr(c, fam, done_meta["synth_fp"], sres, first=fallback)
        top_up()
    return prog


# ----------------------------------------------------------------- assembled results

def results(store: Store, tools: str | None = None) -> list[flow.HwResult]:
    """One result per (core, family) from the latest current synthesis row (`is_current`) and
    the P&R rows of that netlist, with the core's cycle counts from its latest current
    simulation row: the keys of `flow.evaluate`, plus status, seeds and failures for what did
    not finish.  `tools` keeps the rows of one tool set (rows stored without one are yowasp's)."""
    rows = [dict(json.loads(r.get("extra") or "{}"), ts=r["ts"], run_id=r["run_id"], algo=r["algo"],
                 error=r["error"]) for r in store.rows("r.kind = ?", (KIND,))]
    rows = [r for r in rows if r.get("stage") == "pnr" or is_current(r)]
    sims: dict[str, dict[str, Any]] = {}
    synths: dict[tuple[str, str], dict[str, Any]] = {}
    pnrs: dict[str, dict[str | None, dict[int, dict[str, Any]]]] = {}   # by netlist, placer, seed
    for r in rows:
        if r["stage"] == "sim" and r.get("status") == "ok":
            sims[r["core"]] = r
        elif r["stage"] == "synth":
            if tools is not None and r.get("toolset", "yowasp") != tools:
                continue
            synths[(r["core"], r["family"])] = r
        elif r["stage"] == "pnr":
            pnrs.setdefault(r["synth_fp"], {}).setdefault(r.get("placer"), {})[r["seed"]] = r
    out: list[flow.HwResult] = []
    for (cname, fam), s in sorted(synths.items()):
        by_placer = pnrs.get(s["fp"], {})
        default1 = by_placer.get(None, {}).get(1)
        placer = pnr_placer(flow.family(fam), default1)
        runs = by_placer.get(placer, {})
        ok = {sd: r["fmax_mhz"] for sd, r in sorted(runs.items()) if r.get("status") == "ok"}
        bad = {sd: f"{r['status']}: {flow.brief(r.get('error'))}" for sd, r in sorted(runs.items())
               if r.get("status") != "ok"}
        cyc = sims.get(cname, {})
        fmax = statistics.median(ok.values()) if ok else None
        d: flow.HwResult = {"core": cname, "algo": s["algo"], "family": fam, "block_bits": s["block_bits"],
             "digest_bits": s["digest_bits"], "status": s["status"], "synth_error": s.get("error"),
             "device": (next(iter(runs.values())).get("device") if runs else None) or s.get("device"),
             "fits": s.get("fits", True), "fill": s.get("fill"),
             **{k: s.get(k) for k in ("lut", "ff", "bram", "dsp", "lutram", "top", "io_width", "mapping",
                                       "mapping_lut", "mapping_failed")},
             "synth_s": s.get("duration_s"), "pnr_s": {sd: r.get("duration_s") for sd, r in runs.items()},
             "seeds": sorted(ok), "fmax_runs": list(ok.values()), "fmax_mhz": fmax,
             "pnr_failures": bad, "pnr_target_mhz": flow.family(fam).freq_mhz or None,
             "placer": placer,
             # why the fallback placer: the default's seed 1 that did not route
             "placer_why": ((flow.brief(default1.get("error")) or default1["status"])
                            if placer and default1 else None),
             **{k: cyc.get(k) for k in ("c_init", "c_block", "c_final", "c_in", "c_out")},
             "started": s["ts"], "source": "campaign", "toolset": s.get("toolset", "yowasp"),
             "tools": s.get("tools") or {}}
        d["throughput_mbit_s"] = d["block_bits"] * fmax / d["c_block"] if fmax and d["c_block"] else None
        d["thr_per_lut"] = d["throughput_mbit_s"] / d["lut"] if d["throughput_mbit_s"] and d["lut"] else None
        out.append(d)
    return out


def duration(store: Store) -> Duration:
    """Wall-clock time of the campaign: the union of its invocations' spans (each one's start to
    its last stored row), so that invocations run side by side on other tasks count once; and
    the summed task time, in seconds."""
    runs = store.db.execute("SELECT id, started FROM runs WHERE target = ?", (RUN_TARGET,)).fetchall()
    spans = []
    for rid, started in runs:
        last = store.db.execute("SELECT max(ts) FROM results WHERE run_id = ?", (rid,)).fetchone()[0]
        if last:
            spans.append((datetime.fromisoformat(started), datetime.fromisoformat(last)))
    wall = 0.0
    end = None
    for a, b in sorted(spans):
        if end is not None and a < end:     # overlaps what is counted: only its part past `end`
            a = end
        if b > a:
            wall += (b - a).total_seconds()
        end = b if end is None else max(end, b)
    task = sum(float(r.get("duration_s") or 0) for r in stored_tasks(store).values())
    return {"invocations": len(spans), "wall_s": wall, "task_s": task,
            "first_start": min((s for _, s in runs), default=None),
            "now": datetime.now(timezone.utc).isoformat(timespec="seconds")}


@dataclass
class Estimate:
    """What is left of a campaign and how long it should take (`estimate`)."""
    tasks: int = 0                  # tasks still to run (P&R of cores not synthesised yet included)
    task_s: float = 0.0             # their summed expected time
    limit_s: float = 0.0            # their summed time if each ran to its time limit
    longest_s: float = 0.0          # the longest expected single task
    from_same: int = 0              # estimated from the same task measured before
    from_fit: int = 0               # from the fitted time-vs-LUT of its stage and family
    unknown: int = 0                # no size known yet (no synthesis finished): the time limit
    not_run: int = 0                # seeds after a seed 1 that did not (or is expected not to) route
    fit_error: float | None = None  # leave-one-out median factor of the fit (1.5: within x1.5)
    lines: list[str] = field(default_factory=list)   # one per (stage, family) with tasks left
    todo: list[tuple[str, str, str | None, float]] = field(default_factory=list)  # stage, core, family, s

    def wall_s(self, workers: int) -> float:
        """A lower bound of the wall-clock time on `workers`: the work shared perfectly, and
        no less than the longest task."""
        return max(self.task_s / max(1, workers), self.longest_s)


def _fit(points: list[tuple[float, float]]) -> Callable[[float], float] | None:
    """log(seconds) = a + b log(LUT) by least squares over (LUT, seconds), or None with too few
    points; the tool runs grow with the design, roughly by a power of its size."""
    import numpy as np
    pts = [(lut, sec) for lut, sec in points if lut > 0 and sec > 0]
    if len({lut for lut, _ in pts}) < 3:
        return None
    x, y = np.log([p[0] for p in pts]), np.log([p[1] for p in pts])
    b, a = np.polyfit(x, y, 1)
    return lambda lut: float(np.exp(a + b * np.log(max(lut, 1.0))))


def estimate(store: Store, core_names: Iterable[str], families: Iterable[str], seeds: int, *,
             timeout_synth: float = TIMEOUT_SYNTH_S, timeout_pnr: float = TIMEOUT_PNR_S,
             retry_failed: bool = False) -> Estimate:
    """The tasks a campaign of these cores, families and seeds has still to run, and their
    expected time: a task measured before (another seed of the same netlist) is expected to take
    what it took; a synthesis never run on this family, what the core's synthesis took on the others
    (scaled by the median ratio between the two families over the cores that have both); the
    rest, a power law of the LUT count fitted per stage and family (`_fit`, its leave-one-out
    error reported).  The LUT count of a core not synthesised on a family is its count on the
    others.  Each expectation is capped at the time limit, where the campaign stops the tool.
    retry_failed: what `run(retry_failed=True)` runs again, a stored failure or timeout, is left
    (the placer still follows the default's stored seed 1, as in `run`)."""
    import numpy as np
    every = list(stored_tasks(store).values())
    cur = stored_tasks(store, current_only=True)
    # times of the current RTL and scripts only: ECP5 and Gowin synthesis now maps twice, and
    # an older netlist can be twice the size, so older rows would mislead
    took: dict[tuple[str, str, str | None], list[float]] = {}
    for r in cur.values():
        d = float(r.get("duration_s") or 0)
        if d > 0:
            took.setdefault((_stage(r["stage"], r.get("placer")), r["core"], r.get("family")), []).append(d)
    synths = {r["fp"]: r for r in every if r.get("stage") == "synth"}
    luts: dict[str, dict[str, float]] = {}
    ffs: dict[str, dict[str, float]] = {}
    # sizes of any row (the current ones last, so they win): a size to go by where the
    # current RTL has not been synthesised yet
    for r in sorted(synths.values(), key=lambda r: r["fp"] in cur):
        if r.get("lut"):
            luts.setdefault(r["core"], {})[r["family"]] = float(r["lut"])
            ffs.setdefault(r["core"], {})[r["family"]] = float(r.get("ff") or 0)
    pts: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for r in cur.values():
        if r.get("status") != "ok" or not r.get("duration_s"):
            continue
        if r["stage"] == "synth" and r.get("lut"):
            pts.setdefault(("synth", r["family"]), []).append((float(r["lut"]), float(r["duration_s"])))
        elif r["stage"] == "pnr" and (synths.get(r.get("synth_fp") or "") or {}).get("lut"):
            lut = float(synths[r["synth_fp"]]["lut"])
            pts.setdefault((_stage("pnr", r.get("placer")), r["family"]), []).append((lut, float(r["duration_s"])))
    fits = {k: _fit(v) for k, v in pts.items()}
    errs = []
    for v in pts.values():
        for i, (lut, sec) in enumerate(v):
            f = _fit(v[:i] + v[i + 1:])
            if f is not None:
                errs.append(abs(float(np.log(f(lut) / sec))))
    est = Estimate(fit_error=float(np.exp(np.median(errs))) if errs else None)

    def ratio(fam: str, other: str) -> float:
        rs = [statistics.median(took[("synth", c, fam)]) / statistics.median(took[("synth", c, other)])
              for (st, c, f) in list(took) if st == "synth" and f == fam and ("synth", c, other) in took]
        return statistics.median(rs) if rs else 1.0

    def lut_of(core: str, fam: str) -> float:
        mine = luts.get(core, {})
        return mine.get(fam) or (statistics.median(mine.values()) if mine else 0.0)

    def ff_of(core: str) -> float:
        return statistics.median(ffs.get(core, {}).values() or [0.0])

    per: dict[tuple[str, str], list[float]] = {}

    def add(stage: str, core: str, fam: str | None, limit: float) -> float:
        same = took.get((stage, core, fam))
        if same:
            sec = statistics.median(same)
            est.from_same += 1
        elif stage == "synth" and fam is not None and any(("synth", core, f) in took for f in fams):
            sec = statistics.median(statistics.median(took[("synth", core, f)]) * ratio(fam, f)
                                    for f in fams if ("synth", core, f) in took)
            est.from_same += 1
        elif stage != "sim" and not lut_of(core, fam or ""):
            sec = limit             # no synthesis of the core has finished anywhere: no size to go by
            est.unknown += 1
        else:
            # a placer with no time of its own on the family goes by the default's
            f = fits.get((stage, fam or "")) or fits.get((stage.split(":")[0], fam or ""))
            known = [x for (st, _, ff), xs in took.items() if st == stage and ff == fam for x in xs]
            sec = (f(lut_of(core, fam or "")) if f else statistics.median(known) if known else limit)
            est.from_fit += 1
        sec = min(sec, limit)
        est.tasks += 1
        est.task_s += sec
        est.limit_s += limit
        est.longest_s = max(est.longest_s, sec)
        per.setdefault((stage, fam or "simulation"), []).append(sec)
        est.todo.append((stage, core, fam, sec))
        return sec

    fams = list(families)
    sims = {r["core"] for r in cur.values() if r.get("stage") == "sim"}
    synth_cur = {(r["core"], r["family"]): r for r in cur.values() if r.get("stage") == "synth"}
    pnr_cur = {(r["synth_fp"], r.get("placer"), r["seed"]): r for r in cur.values() if r.get("stage") == "pnr"}

    for c in core_names:
        if c not in sims:
            add("sim", c, None, timeout_synth)
        for fam in fams:
            s = _kept(synth_cur.get((c, fam)), retry_failed)
            if s is None:
                add("synth", c, fam, timeout_synth)
            if not flow.family(fam).pnr:
                continue
            # a synthesis still to run is expected to succeed, and to fit if its size does
            sres = s if s is not None else {"status": "ok", "fits": placement(fam, int(lut_of(c, fam)),
                                                                              int(ff_of(c)))["fits"]}
            if sres.get("status") != "ok" or not sres.get("fits", True):
                continue                # no P&R, or its rows written from the size at no cost
            ff = flow.family(fam)
            placer = pnr_placer(ff, pnr_cur.get((s["fp"], None, 1)) if s is not None else None)
            have = {seed: _kept(pnr_cur.get((s["fp"], placer, seed)), retry_failed) if s is not None else None
                    for seed in range(1, seeds + 1)}
            todo = pnr_seeds(seeds, sres, have.__getitem__)
            stage = _stage("pnr", placer)
            unknown = est.unknown
            secs1 = [add(stage, c, fam, timeout_pnr) for _ in todo]
            if (todo == [1] and secs1[0] >= timeout_pnr and est.unknown == unknown and placer is None
                    and ff.fallback_placer):
                # expected to time out (from measured times, not for want of a size): `run`
                # goes on with the fallback placer's seed 1
                placer = ff.fallback_placer
                stage = _stage("pnr", placer)
                have = {seed: None for seed in have}
                secs1 = [add(stage, c, fam, timeout_pnr)]
            if todo == [1] and secs1[0] < timeout_pnr:
                # seed 1 is expected to route: the seeds that `run` plans once it has
                more = pnr_seeds(seeds, sres, {**have, 1: {"status": "ok"}}.__getitem__, first=False)
                for _ in more:
                    add(stage, c, fam, timeout_pnr)
                todo += more
            est.not_run += seeds - sum(1 for r in have.values() if r is not None) - len(todo)
    for (stage, fam), secs in sorted(per.items()):
        est.lines.append(f"{stage} {fam}: {len(secs)} task(s), {sum(secs) / 3600:.2f} h expected")
    return est


def default_workroot() -> Path:
    return Path(os.environ.get("HASHBENCH_BUILD", "build")) / "hw" / "campaign"
