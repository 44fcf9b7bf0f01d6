"""`hashbench hw ...`: the hardware cores from the command line.

  hw cores                         the discovered cores
  hw sim --core NAME               simulate against the C library, print the cycle counts
  hw synth --core NAME --family ecp5|ice40|xc7|gowin [--seeds 1,2,3] [--json]
  hw time --core NAME --bytes N [--family F | --fmax MHz] [--io-width W]
  hw report [--family F]           our cores normalised to SHA-2, beside seed 003's ranking
  hw seed003 [--out DIR]           seed 003 Tables 8-10 and Fig. 1 recomputed from its data
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from .cores import CoreError

if TYPE_CHECKING:
    from ..console import Handler, Subparsers
    from ..store import Store
    from . import campaign, flow, measured

#: the campaign's measured rows, kept in git so that a new machine reports them and resumes the
#: campaign where the last one stopped (written by `hashbench db dump --kind hw-task`)
RESULTS = Path(__file__).resolve().parents[3] / "results" / "hw-campaign.jsonl"


def _open_store(a: argparse.Namespace) -> Store:
    """The --db store, with the rows of --results merged in first (merging adds only what the
    store lacks, so a store that has them all is left as it is)."""
    from ..console import UsageError
    from ..store import Store
    st = Store(a.db)
    src = RESULTS if a.results is None else None if a.results == "none" else Path(a.results)
    if src is not None and (src.exists() or a.results is not None):
        if not src.exists():
            st.close()
            raise UsageError(f"--results {src}: no such file")
        n_runs, n_rows = st.merge(src)
        if n_rows:
            _consoles()[1].print(f"{n_rows} rows of {src} merged into {st.path}")
    return st

# seed 003 candidate <- hashbench algorithm names of the same family (regular expressions)
SEED003_FAMILY = (("SHA-2", r"sha(224|256|384|512)(_\d+)?$"), ("Keccak", r"(sha3_|keccak|shake)"),
                  ("BLAKE", r"blake_"), ("Groestl", r"groestl"), ("JH", r"jh"), ("Skein", r"skein"),
                  ("CubeHash", r"cubehash"), ("ECHO", r"echo"), ("Fugue", r"fugue"),
                  ("Hamsi", r"hamsi"), ("Luffa", r"luffa"), ("Shabal", r"shabal"),
                  ("SHAvite-3", r"shavite"), ("SIMD", r"simd"), ("BMW", r"bmw"))


def seed_name(algo: str) -> str | None:
    """The seed 003 candidate an algorithm belongs to (None: not in the study, e.g. BLAKE2)."""
    import re
    for k, rx in SEED003_FAMILY:
        if re.match(rx, algo):
            return k
    return None


def _consoles() -> tuple[Console, Console]:
    from ..console import err, out
    return out, err


def _f(v: object, nd: int = 1) -> str:
    if v is None:
        return "-"
    return f"{v:,.{nd}f}" if isinstance(v, float) else str(v)


def cmd_cores(a: argparse.Namespace) -> int:
    from . import cores
    out, _ = _consoles()
    cs = cores()
    if a.json:
        print(json.dumps([{"name": c.name, "algo": c.algo, "top": c.top, "block_bits": c.block_bits,
                           "digest_bits": c.digest_bits, "pad": c.pad, "parameters": c.parameters}
                          for c in cs], indent=1))
        return 0
    t = Table(title=f"{len(cs)} hardware cores (hdl/*/core.toml)")
    for h in ("core", "algorithm", "top", "block bits", "digest bits", "padding", "parameters"):
        t.add_column(h)
    for c in cs:
        t.add_row(c.name, c.algo, c.top, str(c.block_bits), str(c.digest_bits), c.pad,
                  ", ".join(f"{k}={v}" for k, v in c.parameters.items()))
    out.print(t)
    return 0


def cmd_sim(a: argparse.Namespace) -> int:
    from . import core
    from .sim import simulate
    out, _ = _consoles()
    c = core(a.core)
    r = simulate(c)
    cyc = r.cycles() if r.ok else {}
    if a.json:
        print(json.dumps({"core": c.name, "passed": r.passed, "failed": r.failed,
                          "failures": r.failures, "cycles": cyc}, indent=1))
    else:
        out.print(f"{c.name} ({c.algo}): {r.passed} messages match the C library, {r.failed} fail")
        for f in r.failures[:5]:
            out.print(f"  {f}")
        if cyc:
            out.print("cycles: " + ", ".join(f"{k} = {v}" for k, v in cyc.items()))
    return 0 if r.ok else 1


def _seeds(s: str) -> list[int]:
    from ..console import UsageError
    try:
        v = [int(x) for x in s.split(",") if x.strip()]
    except ValueError:
        raise UsageError(f"--seeds takes whole numbers, e.g. 1,2,3; got {s!r}") from None
    if not v:
        raise UsageError("--seeds needs at least one seed")
    return v


def cmd_synth(a: argparse.Namespace) -> int:
    from .. import __version__
    from ..store import Store
    from . import core, flow
    out, err = _consoles()
    c = core(a.core)
    fam = flow.family(a.family)
    seeds = _seeds(a.seeds)
    tools = flow.toolset(a.tools)
    work = Path(a.workdir) if a.workdir else Path("build") / "hw" / c.name / fam.name / tools
    err.print(f"synthesising {c.name} for {fam.name} ({fam.device}) with the {tools} tools; "
              f"seeds {seeds if fam.pnr else '-'}"
              + (f" with nextpnr's {a.placer} placer" if a.placer and fam.pnr else "") + f"; work files in {work}"
              + (" (the first yowasp call compiles for minutes)" if tools == "yowasp" else ""))
    res = flow.evaluate(c, fam.name, seeds, work, a.io_width, tools=tools, placer=a.placer)
    st = Store(a.db)
    ykey = flow.tool_key("yosys", tools)
    rid = st.start_run(f"fpga-{fam.name}", compiler=f"{ykey} {res['tools'].get(ykey)}",
                       flags=" | ".join(f"{fam.synth} {m}".strip() for m in fam.mappings),
                       environment=res["tools"], command=" ".join(sys.argv),
                       tool_version=__version__)
    st.add(rid, flow.store_row(res))
    norm = flow.normalise(flow.stored_results(st, fam.name, tools))
    st.close()
    mine = next((n for n in norm if n["core"] == c.name), res)
    if a.json:
        print(json.dumps(mine, indent=1, default=str))
        return 0
    t = Table(title=f"{c.name} on {fam.name} ({fam.device})")
    t.add_column("measure")
    t.add_column("value", justify="right")
    rows = [("LUT", res["lut"]), ("FF", res["ff"]), ("BRAM / DSP", f"{res['bram']} / {res['dsp']}"),
            *([("nextpnr placer", res["placer"])] if res.get("placer") and res["fmax_runs"] else []),
            ("Fmax MHz (median)", _f(res["fmax_mhz"])),
            ("Fmax per seed", ", ".join(f"{s}: {f:.1f}" for s, f in zip(res["seeds"], res["fmax_runs"])) or "-"),
            ("cycles init / block / final", f"{res['c_init']} / {res['c_block']} / {res['c_final']}"),
            ("throughput Mbit/s", _f(res["throughput_mbit_s"])),
            ("Mbit/s per LUT", _f(res["thr_per_lut"], 3)),
            (f"normalised to {flow.reference_core(c.digest_bits)}: thr, area, thr/area",
             ", ".join(_f(mine.get(k), 2) for k in ("norm_throughput", "norm_area", "norm_thr_area"))),
            ("tools", f"{tools}: " + ", ".join(f"{k} {v}" for k, v in res["tools"].items() if k != "iverilog"))]
    if len(res.get("mapping_lut") or {}) > 1:
        rows.insert(1, ("LUT mapping kept (LUTs of each)", f"{res['mapping'] or 'default'} ("
                        + ", ".join(f"{m} {n:,}" for m, n in res["mapping_lut"].items()) + ")"))
    if res.get("mapping_failed"):
        rows.insert(1, ("LUT mapping failed", "; ".join(f"{m}: {why}" for m, why in res["mapping_failed"].items())))
    if res.get("io_width"):
        rows.insert(0, ("I/O shell", f"hb_io_wrap, {res['io_width']}-bit (area includes it)"))
    if res.get("throughput_io_mbit_s"):
        rows.append((f"throughput through the {res['io_width']}-bit shell on one clock",
                     f"{_f(res['throughput_io_mbit_s'])} Mbit/s ({res['c_block_io']} cycles/block)"))
    for k, v in rows:
        t.add_row(k, str(v))
    out.print(t)
    return 0


def cmd_time(a: argparse.Namespace) -> int:
    from ..console import UsageError
    from ..store import Store
    from . import core, flow, model
    from .sim import simulate
    out, _ = _consoles()
    c = core(a.core)
    if a.bytes < 0:
        raise UsageError("--bytes must be >= 0")
    fmax, cycles, src = a.fmax, None, "--fmax"
    if fmax is None or a.family:
        st = Store(a.db)
        rs = [r for r in flow.stored_results(st, a.family) if r.get("core") == c.name and r.get("fmax_mhz")]
        st.close()
        if fmax is None:
            if not rs:
                raise UsageError(f"no synthesis result for {c.name}"
                                 f"{' on ' + a.family if a.family else ''} in the store: run "
                                 f"`hashbench hw synth --core {c.name} --family ecp5` or pass --fmax MHz")
            r = rs[-1]
            fmax, src = r["fmax_mhz"], f"store ({r['family']}, {r.get('started')})"
            cycles = {k: r[k] for k in ("c_init", "c_block", "c_final")}
    if cycles is None:
        s = simulate(c)
        if not s.ok:
            raise CoreError(f"{c.name} fails its simulation: {s.failures[:2]}")
        cycles = s.cycles()
    h = model.time_at(model.htime(c, cycles, a.bytes, a.io_width), fmax)
    if a.json:
        print(json.dumps({"core": c.name, "fmax_source": src, **h}, indent=1))
        return 0
    out.print(f"{c.name}: HTime({a.bytes} bytes = {h['blocks']} blocks) = {h['c_init']} + {h['c_in']} + "
              f"{h['c_block']}*{h['blocks']} + {h['c_final']} + {h['c_out']} = {h['cycles']:,} cycles")
    out.print(f"at {fmax:.2f} MHz ({src}): {h['time_us']:,.3f} us"
              + (f", {h['mbit_s']:,.1f} Mbit/s" if h["mbit_s"] else ""))
    return 0


def _rich(t: measured.Table) -> Table:
    """a measured.Table on the console"""
    rt = Table(title=t.title, caption=t.note or None)
    for i, h in enumerate(t.headers):
        rt.add_column(h, justify="left" if i == 0 else "right")
    for r in t.rows:
        rt.add_row(*r)
    return rt


def cmd_report(a: argparse.Namespace) -> int:
    from ..seeds import seed003
    from . import flow, measured
    out, _ = _consoles()
    st = _open_store(a)
    tools = flow.toolset(a.tools)
    res = flow.stored_results(st, a.family, tools)
    st.close()
    rc = seed003.recompute()
    if a.json:
        print(json.dumps({"ours": flow.normalise(res), "seed003": {k: rc[k] for k in ("rank8", "rank9", "rank10")}},
                         indent=1, default=str))
        return 0
    if not res:
        out.print(f"no hardware results of the {tools} tools in the store yet: `hashbench hw campaign` or "
                  f"`hashbench hw synth --core sha256 --family ecp5` (with --tools {tools})")
    else:
        out.print(f"results of the {tools} tools (--tools selects the set)")
    for mt in measured.stored_tables(res):
        out.print(_rich(mt))
    t = Table(title="seed 003 ranking (512-bit variants, geometric mean over 7 FPGA families, "
                    "recomputed from its Tables 1, 6, 9)")
    for h in ("rank", "thr/area", "norm thr/area", "throughput", "norm thr", "area", "norm area"):
        t.add_column(h, justify="right")
    for i in range(len(rc["rank10"])):
        a10, a8, a9 = rc["rank10"][i], rc["rank8"][i], rc["rank9"][i]
        t.add_row(str(i + 1), a10, f"{rc['table10'][a10]['overall']:.2f}", a8,
                  f"{rc['table8'][a8]['overall']:.2f}", a9, f"{rc['table9'][a9]['overall']:.2f}")
    out.print(t)
    return 0


def cmd_measured(a: argparse.Namespace) -> int:
    """seed003 --measured: the tables from our stored results, optionally as Markdown."""
    from ..seeds import seed003
    from . import campaign, cores, flow, measured
    out, _ = _consoles()
    st = _open_store(a)
    tools = flow.toolset(a.tools)
    res = flow.stored_results(st, tools=tools)
    dur = campaign.duration(st)
    # the invocation that stored the most tasks stands for the campaign (its workers, limits):
    # the latest one may be a side run of one core
    runs = st.db.execute("SELECT r.command, r.flags FROM runs r LEFT JOIN results x ON x.run_id = r.id "
                         "WHERE r.target = ? GROUP BY r.id ORDER BY count(x.id) DESC, r.id DESC LIMIT 1",
                         (campaign.RUN_TARGET,)).fetchone()
    cur = campaign.stored_tasks(st, current_only=True)
    n_rows = len(cur)
    sims = {r["core"]: r for r in cur.values() if r.get("stage") == "sim" and r.get("status") == "ok"}
    old = campaign.superseded(st)
    path = st.path
    names = [c.name for c in cores()]
    fams = list(flow.FAMILIES)
    seeds = 3
    args = _run_args(runs)
    workers = int(_flag(args, "--workers", "1"))
    left = campaign.estimate(st, names, fams, seeds,
                             timeout_synth=float(_flag(args, "--timeout-synth", campaign.TIMEOUT_SYNTH_S)),
                             timeout_pnr=float(_flag(args, "--timeout-pnr", campaign.TIMEOUT_PNR_S)))
    st.close()
    tabs = measured.render(res, sims)
    for t in tabs:
        out.print(_rich(t))
    rest = f"the rest of the campaign: {_estimate_text(left, workers)}"
    out.print(rest)
    miss = measured.missing(res, names, fams, seeds, old)
    out.print(f"{len(miss)} (core, family) results missing or incomplete (`hashbench hw report` for all stored)")
    fig = None
    if a.out or a.markdown:
        base = Path(a.out) if a.out else Path(a.markdown).parent
        fig = seed003.fig1(base / "hw-seed003-fig1.png", measured.fig1_points(res))
        out.print(f"Fig. 1 with our cores: {fig}")
    if a.markdown:
        md = _measured_markdown(res, tabs, miss, dur, runs, n_rows, path, fig, Path(a.markdown),
                                len(names), fams, seeds, tools, rest)
        Path(a.markdown).write_text(md)
        out.print(f"written: {a.markdown}")
    if a.readme:
        _readme_block(Path(a.readme), tabs, dur, n_rows, _n_tasks(len(names), fams, seeds), len(miss),
                      a.markdown, left, workers)
        out.print(f"updated: {a.readme}")
    return 0


README_BEGIN, README_END = "<!-- hw-measured:begin -->", "<!-- hw-measured:end -->"


def _estimate_text(e: campaign.Estimate, workers: int) -> str:
    """One sentence: what is left of the campaign and how long it should take."""
    if not e.tasks:
        return "nothing left to run"
    fit = f", median error x{e.fit_error:.2f} leaving each stored task out" if e.fit_error else ""
    return (f"{e.tasks} tasks left, {e.task_s / 3600:.1f} h of expected task time: at least "
            f"{e.wall_s(workers) / 3600:.1f} h on {workers} worker(s), {e.limit_s / 3600:.1f} h of task time if "
            f"each ran to its time limit ({e.from_same} estimated from the same task measured before or the "
            f"core's synthesis on another family, {e.from_fit} from time fitted to LUT count per stage and "
            f"family{fit}, {e.unknown} at the limit with no size known; {e.not_run} P&R seeds not run "
            "after a seed 1 that did not route or is expected to time out)")


def _run_args(runs: tuple[str, str] | None) -> list[str]:
    """The options of the stored campaign command (`hw campaign ...`)."""
    cmd = (runs[0] if runs else "hashbench hw campaign").split(" ", 1)
    return cmd[1].split("campaign", 1)[-1].split() if len(cmd) > 1 else []


def _flag(args: list[str], name: str, default: object) -> str:
    return next((args[i + 1] for i, x in enumerate(args[:-1]) if x == name), str(default))


def _n_tasks(n_cores: int, fams: list[str], seeds: int) -> int:
    """The campaign's tasks: per core one simulation, one synthesis per family and `seeds` P&R
    runs per family with place & route."""
    from . import flow
    return n_cores * (1 + len(fams) + sum(1 for f in fams if flow.family(f).pnr) * seeds)


def _campaign_state(dur: campaign.Duration, n_rows: int, expected: int, n_missing: int, md: str | None,
                    left: campaign.Estimate | None, workers: int) -> str:
    """The README's sentence on the campaign: what is stored after how long, and what is left,
    or, with nothing left, that the measured time is the whole campaign's."""
    text = (f"Campaign state ({dur['now']}): {n_rows} of {expected} tasks stored after "
            f"{dur['wall_s'] / 3600:.2f} h; {n_missing} (core, family) results missing or incomplete"
            + (f" (listed in [{md}]({md}))" if md else "") + ".")
    if left is None:
        return text
    if left.tasks:
        return text + (f"  Estimated rest: at least {left.wall_s(workers) / 3600:.1f} h on {workers} worker(s) "
                       f"for {left.tasks} tasks, so the whole campaign takes at least "
                       f"{(dur['wall_s'] + left.wall_s(workers)) / 3600:.0f} h on this machine (method in the report).")
    # the stored count differs from the expected one by the seeds not run, and by the default
    # placer's seed 1 kept beside the fallback placer's seeds
    extra = n_rows + left.not_run - expected
    return text + (f"  Nothing is left to run: the whole campaign took {dur['wall_s'] / 3600:.2f} h of wall-clock "
                   f"time on this machine ({left.not_run} P&R seeds not run, after a seed 1 that did not "
                   "route or timed out" + (f"; {extra} default-placer seed 1 runs stored beside the fallback "
                                           "placer's seeds" if extra > 0 else "") + ").")


def _readme_block(readme: Path, tabs: list[measured.Table], dur: campaign.Duration, n_rows: int, expected: int,
                  n_missing: int, md: str | None, left: campaign.Estimate | None = None, workers: int = 1) -> None:
    """Replace the README's block between the hw-measured markers with the campaign's state and
    the measured ranking (the tables in full are in the Markdown report)."""
    from ..console import UsageError
    from . import measured
    text = readme.read_text()
    if README_BEGIN not in text or README_END not in text:
        raise UsageError(f"{readme}: no {README_BEGIN} ... {README_END} block to fill")
    rank = next(t for t in tabs if t.title.startswith("Ranking"))
    area = next(t for t in tabs if t.title.startswith("Table 9") and "512-bit" in t.title)
    block = [README_BEGIN, "", _campaign_state(dur, n_rows, expected, n_missing, md, left, workers),
             "",
             measured.markdown(rank).replace("### ", "**", 1).replace("\n", "**\n", 1),
             measured.markdown(area).replace("### ", "**", 1).replace("\n", "**\n", 1), README_END]
    pre, rest = text.split(README_BEGIN, 1)
    post = rest.split(README_END, 1)[1]
    readme.write_text(pre + "\n".join(block) + post)


def _measured_markdown(res: list[flow.HwResult], tabs: list[measured.Table], miss: list[str],
                       dur: campaign.Duration, runs: tuple[str, str] | None,
                       n_rows: int, store_path: Path, fig: Path | None, md_path: Path, n_cores: int,
                       fams: list[str], seeds: int, tools: str = "yowasp", rest: str = "") -> str:
    import os

    from . import campaign, flow, measured
    n_pnr_fams = sum(1 for f in fams if flow.family(f).pnr)
    expected = _n_tasks(n_cores, fams, seeds)
    vers = flow.versions(flow.family("ecp5"), tools)
    vers.update({k: v for k, v in flow.versions(flow.family("ice40"), tools).items()})
    where = (" (pinned in the `hw` extra; run with a 512 MiB WebAssembly call stack, where the "
             "runtime's 512 KiB default traps in yosys's abc9 on SIMD: `hw/wasmstack.py`)"
             if tools == "yowasp" else " (Debian's packages, on PATH)")
    args = _run_args(runs)
    # the store and work folder are the machine's own, and a run of some cores or families
    # resumes only those: the resume line names none of them (every task, the stored skipped)
    own = ("--db", "--workdir", "--cores", "--families", "--results")
    keep = [x for i, x in enumerate(args) if x not in own and (i == 0 or args[i - 1] not in own)]
    resume = "nice -n 19 hashbench hw campaign " + " ".join(keep)
    workers = _flag(args, "--workers", 1)
    lines = [
        "# Hash cores on FPGAs: seed 003 from our own cores (open flow)", "",
        "Generated by `hashbench hw seed003 --measured --markdown docs/hw-results.md` from the result store "
        "that `hashbench hw campaign` fills; every figure below is read from that store.", "",
        "**Method.** Every core in `hdl/` passes its iverilog testbench against the C library first "
        "(`hashbench hw sim`; the campaign re-runs it for the cycle counts).  Synthesis: "
        + ", ".join(f"{k} {v}" for k, v in vers.items() if k != "iverilog") + where +
        f" (tool set `{tools}`: the tables hold its rows only), no block RAM or DSP as in seed 003.  "
        "ECP5 and Gowin: every core mapped with and without wide LUTs (`-nowidelut`) from the same "
        "elaborated design, the netlist with fewer LUTs kept (a mapping that fails leaves the "
        "other's, listed under Missing; rows of an older script or RTL are left out).  ECP5: nextpnr-ecp5 "
        "out of context on the smallest LFE5U (25F/45F/85F) that holds the design below "
        f"{100 * campaign.FILL:.0f}% of its LUT4s, placed by nextpnr's default placer (HeAP) or, "
        "where HeAP's seed 1 did not route within the limit, by its static placer for every seed "
        "(the status names it); "
        "iCE40: the core inside the 8-bit I/O shell on the HX8K (a core above its 7,680 cells is "
        "reported with its size); xc7 and Gowin (GW2A, out of context): area only.  Fmax = the median of "
        f"nextpnr's achieved frequency over seeds 1..{seeds} (the seeds run so far are listed); "
        "throughput = block bits × Fmax / cycles per block (cycles from simulation).  Area = LUTs "
        "(an ECP5 carry cell counts as two LUT4s, a Gowin ALU as one LUT).  Normalised to SHA-2 of "
        "the same digest size on the same family, as seed 003 normalises to SHA-512.", "",
        "## The campaign", "",
        f"- {n_rows} of {expected} tasks stored ({n_cores} cores × (1 simulation + {len(fams)} syntheses + "
        f"{n_pnr_fams} families × {seeds} P&R seeds)), kept in git as `{RESULTS.parent.name}/{RESULTS.name}` "
        "(`hashbench db --db STORE dump --kind hw-task -o results/hw-campaign.jsonl`), which `hw campaign`, "
        "`hw report` and `hw seed003 --measured` merge into their store first: a new machine reports these "
        "rows and resumes the campaign after them",
        f"- measured duration so far: {dur['wall_s'] / 3600:.2f} h of wall-clock time over "
        f"{dur['invocations']} invocation(s) (start to last stored row of each, time when two ran side by side "
        "counted once; the first started "
        f"{dur['first_start']}, a running one's time since its last row is not counted), "
        f"{dur['task_s'] / 3600:.2f} h "
        f"of summed task time; {workers} Dask worker(s) at `nice -n 19` on a {os.cpu_count()}-core machine shared "
        f"with other jobs (load average {os.getloadavg()[1]:.1f} over the last 5 min, as of {dur['now']})",
        f"- resume (skips every stored task): `{resume}`"]
    if rest:
        lines.append(f"- {rest}; `hashbench hw campaign --estimate` gives the same for any cores, families "
                     "and limits")
    lines += ["",
        "## Stored results", ""]
    for t in measured.stored_tables(res):
        lines.append(measured.markdown(t))
    lines += ["## Missing or incomplete", ""]
    lines += [f"- {m}" for m in miss] or ["- none"]
    lines += ["", "## Seed 003 Tables 8–10 from our cores", "",
              "Beside each of our families, the paper's column for its closest family: "
              + ", ".join(f"{k} → {v}" for k, v in measured.CLOSEST.items()) + " (by logic cell: LUT size "
              "and generation).  Tables 8 and 10 need Fmax, so xc7 and Gowin (area only) appear in Table 9 only.", ""]
    for t in tabs:
        lines.append(measured.markdown(t))
    if fig:
        lines += ["## Fig. 1", "", f"![seed 003 Fig. 1 with our 512-bit cores]({os.path.relpath(fig, md_path.parent)})",
                  "", "Blue: the paper's candidates (Overall over its seven families); red: ours "
                  "(Overall over our families).", ""]
    return "\n".join(lines) + "\n"


def cmd_seed003(a: argparse.Namespace) -> int:
    from ..seeds import seed003
    if a.measured:
        return cmd_measured(a)
    out, _ = _consoles()
    d = seed003.data()
    rc = seed003.recompute(d)
    checks = seed003.checks(d)
    names = {"table8": ("Table 8: throughput normalised to SHA-512", "table8_norm_throughput"),
             "table9": ("Table 9: area normalised to SHA-512", "table9_norm_area"),
             "table10": ("Table 10: throughput/area normalised to SHA-512", "table10_norm_thr_area")}
    order = {"table8": "rank8", "table9": "rank9", "table10": "rank10"}
    for key, (title, pubkey) in names.items():
        t = Table(title=f"seed 003 {title}: recomputed / published")
        t.add_column("candidate")
        for f in d["families"] + ["Overall"]:
            t.add_column(f, justify="right")
        for algo in rc[order[key]]:
            row = rc[key][algo]
            pub = d[pubkey][algo]
            cells = []
            for i in range(len(d["families"]) + 1):
                ours = row["overall"] if i == len(d["families"]) else row["by_family"][i]
                p = pub["overall"] if i == len(d["families"]) else pub["by_family"][i]
                cells.append("N/A" if ours is None and p is None else f"{_f(ours, 2)} / {_f(p, 2)}")
            t.add_row(algo, *cells)
        out.print(t)
    bad = [c for c in checks if not c["ok"]]
    out.print(f"{len(checks)} figures compared (Tables 1, 7, 8, 9, 10 and the three rankings): "
              f"{len(checks) - len(bad)} agree within their rounding, {len(bad)} differ")
    for b in bad:
        out.print(f"  MISMATCH {b['table']} {b['algo']} {b['family']}: ours {b['ours']} "
                  f"published {b['published']}")
    if a.out:
        p = seed003.fig1(Path(a.out) / "seed003_fig1.png")
        (Path(a.out) / "seed003.json").write_text(json.dumps(
            {"recomputed": rc, "checks": checks}, indent=1, default=str))
        out.print(f"Fig. 1: {p}")
    return 1 if bad else 0


def _list(s: str | None, what: str, known: list[str]) -> list[str]:
    from ..console import UsageError
    if not s:
        return known
    v = [x.strip() for x in s.split(",") if x.strip()]
    bad = [x for x in v if x not in known]
    if bad:
        raise UsageError(f"unknown {what}: {', '.join(bad)} (known: {', '.join(known)})")
    return v


def cmd_campaign(a: argparse.Namespace) -> int:
    import time

    from .. import engine
    from ..console import UsageError
    from . import campaign, cores, flow
    _, err = _consoles()
    names = _list(a.cores, "core", [c.name for c in cores()])
    fams = _list(a.families, "family", list(flow.FAMILIES))
    if a.seeds < 1 or a.workers < 1:
        raise UsageError("--seeds and --workers must be at least 1")
    st = _open_store(a)
    if a.estimate:
        e = campaign.estimate(st, names, fams, a.seeds, timeout_synth=a.timeout_synth, timeout_pnr=a.timeout_pnr,
                              retry_failed=a.retry_failed)
        st.close()
        print("\n".join([_estimate_text(e, a.workers)] + [f"  {x}" for x in e.lines]))
        return 0
    t0 = time.monotonic()

    def log(msg: str) -> None:
        stamp = time.strftime("%H:%M:%S", time.gmtime())
        print(f"[{stamp} +{time.monotonic() - t0:7.0f} s] {msg}", file=sys.stderr, flush=True)
    log(f"store {st.path}; work files under {a.workdir or campaign.default_workroot()}; "
        + (f"scheduler {a.scheduler}" if a.scheduler else f"LocalCluster of {a.workers} worker(s), 1 thread each"))
    tools = flow.toolset(a.tools)
    for prog in flow.programs([flow.family(f) for f in fams]):
        flow.tool(prog, tools)       # a missing program says what installs it, before any cluster
    client = engine.client(a.workers, a.scheduler)
    try:
        p = campaign.run(st, client, names, fams, a.seeds, tools=tools,
                         workroot=Path(a.workdir).resolve() if a.workdir else campaign.default_workroot().resolve(),
                         io_width=a.io_width, timeout_synth=a.timeout_synth, timeout_pnr=a.timeout_pnr,
                         retry_failed=a.retry_failed, log=log, command=" ".join(sys.argv))
    finally:
        engine.close(client)
    d = campaign.duration(st)
    st.close()
    log(f"done: {p.stored} stored ({', '.join(f'{k} {v}' for k, v in sorted(p.by_status.items())) or 'none'}), "
        f"{p.skipped} already stored; campaign wall time over {d['invocations']} invocation(s) "
        f"{d['wall_s'] / 3600:.2f} h, task time {d['task_s'] / 3600:.2f} h")
    return 0


def _guard(fn: Handler) -> Handler:
    def run(a: argparse.Namespace) -> int:
        from ..engine import EngineMissing
        from .campaign import CampaignError
        from .flow import FlowError
        from .sim import ToolMissing
        _, err = _consoles()
        try:
            return fn(a)
        except (CoreError, FlowError, ToolMissing, CampaignError, EngineMissing) as e:
            err.print(f"hashbench: {e}")
            return 2
    return run


def add_parser(sub: Subparsers) -> None:
    from .campaign import TIMEOUT_PNR_S, TIMEOUT_SYNTH_S
    from .flow import DEFAULT_IO_WIDTH, FAMILIES, TOOLSETS

    def tools_arg(s: argparse.ArgumentParser, what: str) -> None:
        s.add_argument("--tools", choices=TOOLSETS,
                       help=f"{what}: yowasp (WebAssembly builds from PyPI, the `hw` extra) or native "
                            "(yosys and nextpnr-* on PATH: scripts/install-toolchains.sh fpga-native); "
                            "default yowasp where installed, else native")
    def results_arg(s: argparse.ArgumentParser) -> None:
        s.add_argument("--results", help="campaign rows (a `db dump` file or a store) merged into --db first "
                                         f"(default: {RESULTS.parent.name}/{RESULTS.name} of the source tree "
                                         "where present; 'none': merge nothing)")
    p = sub.add_parser("hw", help="hardware cores: simulate, synthesise (open FPGA flow), time model, "
                                  "seed 003")
    hs = p.add_subparsers(dest="hw_cmd", required=True)
    s = hs.add_parser("cores", help="the discovered cores (hdl/*/core.toml)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_guard(cmd_cores))
    s = hs.add_parser("sim", help="simulate a core against the C library (iverilog)")
    s.add_argument("--core", required=True)
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_guard(cmd_sim))
    s = hs.add_parser("synth", help="synthesis + place & route: area, Fmax, throughput (into the store)")
    s.add_argument("--core", required=True)
    s.add_argument("--family", required=True, choices=sorted(FAMILIES))
    s.add_argument("--seeds", default="1,2,3", help="nextpnr seeds; Fmax is their median (default 1,2,3)")
    s.add_argument("--io-width", type=int, default=DEFAULT_IO_WIDTH,
                   help=f"bus width of the I/O shell on iCE40 (default {DEFAULT_IO_WIDTH})")
    s.add_argument("--workdir", help="work files (default build/hw/<core>/<family>/<tools>)")
    s.add_argument("--placer", choices=("heap", "sa", "static"),
                   help="nextpnr's placer (default: nextpnr's own, heap; the campaign uses a family's "
                        "fallback placer, static on ECP5, only where heap's placement did not route)")
    tools_arg(s, "the synthesis and P&R tools")
    s.add_argument("--db")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_guard(cmd_synth))
    s = hs.add_parser("campaign", help="synthesis + P&R of many cores x families x seeds on Dask "
                                       "(resumable: stored tasks are skipped)")
    s.add_argument("--cores", help="comma-separated core names (default: every core under hdl/)")
    s.add_argument("--families", help=f"comma-separated (default: {','.join(FAMILIES)})")
    s.add_argument("--seeds", type=int, default=3, help="nextpnr seeds 1..N per core and family (default 3)")
    s.add_argument("--workers", type=int, default=1, help="LocalCluster worker processes (default 1)")
    s.add_argument("--scheduler", help="address of a running Dask scheduler (instead of a LocalCluster)")
    s.add_argument("--timeout-synth", type=float, default=TIMEOUT_SYNTH_S,
                   help=f"seconds per yosys run (default {TIMEOUT_SYNTH_S:g}; core.toml synth_timeout_s wins)")
    s.add_argument("--timeout-pnr", type=float, default=TIMEOUT_PNR_S,
                   help=f"seconds per nextpnr run (default {TIMEOUT_PNR_S:g}; core.toml pnr_timeout_s wins)")
    s.add_argument("--retry-failed", action="store_true", help="rerun tasks stored as failed or timed out")
    s.add_argument("--estimate", action="store_true",
                   help="run nothing: the tasks left and their expected time from the stored ones")
    s.add_argument("--io-width", type=int, default=DEFAULT_IO_WIDTH)
    s.add_argument("--workdir", help="work files (default build/hw/campaign)")
    tools_arg(s, "the synthesis and P&R tools (stored with every row; a rerun skips only that set's rows)")
    s.add_argument("--db")
    results_arg(s)
    s.set_defaults(fn=_guard(cmd_campaign))
    s = hs.add_parser("time", help="HTime(N) of seed 003 eq. 2 for an N-byte message at Fmax")
    s.add_argument("--core", required=True)
    s.add_argument("--bytes", type=int, required=True)
    s.add_argument("--family", choices=sorted(FAMILIES), help="take Fmax from this family's stored result")
    s.add_argument("--fmax", type=float, help="clock in MHz (instead of the store)")
    s.add_argument("--io-width", type=int, help="through the w-bit shell: c_in, c_out > 0")
    s.add_argument("--db")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_guard(cmd_time))
    s = hs.add_parser("report", help="our cores normalised to SHA-2, beside seed 003's ranking")
    s.add_argument("--family", choices=sorted(FAMILIES))
    tools_arg(s, "whose stored results")
    s.add_argument("--db")
    results_arg(s)
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_guard(cmd_report))
    s = hs.add_parser("seed003", help="seed 003 Tables 8-10 and Fig. 1 recomputed from its published data")
    s.add_argument("--out", help="folder for Fig. 1 and the JSON")
    s.add_argument("--measured", action="store_true",
                   help="the tables from OUR stored results (hw campaign) beside the published ones")
    s.add_argument("--markdown", help="with --measured: write the whole report as Markdown (e.g. docs/hw-results.md)")
    s.add_argument("--readme", help="with --measured: fill the hw-measured block of this README with the "
                                    "campaign's state, the ranking and Table 9")
    tools_arg(s, "with --measured: whose stored results")
    s.add_argument("--db")
    results_arg(s)
    s.set_defaults(fn=_guard(cmd_seed003))
