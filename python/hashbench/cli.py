"""The `hashbench` command line."""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, cast

# Imported here: only what `hashbench hash` needs.  rich, the store, the
# targets and the rest are imported by the commands that use them, so that
# hashing a file does not first spend a quarter second of CPU on imports.
from . import __version__, algorithms, console, info, native
from .console import UsageError
from .console import fmt as _fmt
from .core import HMAC, Hash, lookup

if TYPE_CHECKING:
    from rich.table import Table

    from .console import Handler
    from .store import Row
    from .system import SystemCheck

DEFAULT_SIZES = [0, 1, 16, 30, 46, 64, 78, 128, 256, 576, 1024, 1536, 4096, 16384, 65536, 1048576]
MAX_SIZE = 1 << 30


def _table(title: str | None = None, **kw: Any) -> Table:
    """A rich Table, rich imported on first use (see the imports above)."""
    from rich.table import Table
    return Table(title=title, **kw)

def parse_hex(s: str | None, what: str) -> bytes | None:
    if s is None:
        return None
    try:
        return bytes.fromhex(s)
    except ValueError:
        raise UsageError(f"{what} must be hex digits, got {s!r}") from None


def parse_sizes(s: str | None, default: list[int]) -> list[int]:
    if not s:
        return list(default)
    sizes = []
    for part in s.split(","):
        part = part.strip().lower()
        mult = 1
        for suf, m in (("kib", 1024), ("mib", 1 << 20), ("k", 1024), ("m", 1 << 20)):
            if part.endswith(suf):
                part, mult = part[: -len(suf)], m
                break
        try:
            v = int(part) * mult
        except ValueError:
            raise UsageError(f"bad size {part!r}: sizes are whole numbers of bytes, e.g. 0,64,1KiB") from None
        if v < 0 or v > MAX_SIZE:
            raise UsageError(f"size {v} out of range 0..{MAX_SIZE} bytes")
        sizes.append(v)
    return sizes


def resolve_algos(spec: list[str] | None, all_: bool) -> list[str]:
    if all_:
        return algorithms()
    if not spec:
        raise UsageError("name at least one algorithm with -a NAME[,NAME] (or --all)")
    names = []
    for s in spec:
        for n in s.split(","):
            if n.strip():
                names.append(lookup(n.strip()).name.decode())
    return names


# ---- list / info -----------------------------------------------------------

def cmd_list(a: argparse.Namespace) -> int:
    import json
    rows = [info(n) for n in algorithms()]
    if a.json:
        print(json.dumps(rows, indent=1))
        return 0
    t = _table(title=f"hashbench {__version__}: {len(rows)} algorithms")
    for c in ("name", "digest", "block", "ctx", "flags"):
        t.add_column(c, justify="left" if c in ("name", "flags") else "right")
    for r in rows:
        t.add_row(r["name"], str(r["digest_size"] or "XOF"), str(r["block_size"]), str(r["ctx_size"]),
                  " ".join(r["flags"]))
    console.out.print(t)
    return 0


# ---- hash / mac --------------------------------------------------------------

def _inputs(files: list[str]) -> Iterator[tuple[str, IO[bytes]]]:
    if not files:
        files = ["-"]
    for f in files:
        if f == "-":
            yield f, sys.stdin.buffer
        else:
            try:
                yield f, open(f, "rb")
            except OSError as e:
                raise UsageError(f"cannot read {f}: {e.strerror}") from None


#: bytes per update when reading a stream: large enough that the call
#: into the library is noise beside the hashing, small enough to stay in cache
READ_BLOCK = 1 << 20


def _feed(h: Hash | HMAC, fh: IO[bytes]) -> None:
    """Hash an open file: a regular file larger than READ_BLOCK mapped into
    memory and handed to the C code in one call (no copy, as b3sum does),
    anything else (a pipe, a small file) in READ_BLOCK pieces."""
    import mmap
    try:
        size = os.fstat(fh.fileno()).st_size if fh is not sys.stdin.buffer else 0
    except (OSError, ValueError):
        size = 0
    if size > READ_BLOCK:
        try:
            # ACCESS_COPY: writable, so that the ctypes path (HASHBENCH_LIB)
            # reads it in place too (ctypes refuses read-only buffers; the C
            # entry point takes either); never written, so no page is copied
            mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
        except (OSError, ValueError):
            mm = None
        if mm is not None:
            with mm:
                if hasattr(mm, "madvise") and hasattr(mmap, "MADV_SEQUENTIAL"):
                    mm.madvise(mmap.MADV_SEQUENTIAL)
                view = memoryview(mm)
                try:
                    h.update(view)
                finally:
                    view.release()
            return
    buf = bytearray(READ_BLOCK)
    view = memoryview(buf)
    # _inputs yields open(..., "rb") and sys.stdin.buffer: buffered readers
    reader = cast("io.BufferedIOBase", fh)
    try:
        while True:
            n = reader.readinto(buf)
            if not n:
                break
            h.update(view[:n])
    finally:
        view.release()


def _digest_files(make: Callable[[], Hash | HMAC], files: list[str], length: int | None, xof: bool) -> None:
    for name, fh in _inputs(files):
        h = make()
        with fh if fh is not sys.stdin.buffer else contextlib.nullcontext(fh):
            _feed(h, fh)
        d = h.digest(length) if xof and isinstance(h, Hash) else h.digest()
        print(f"{d.hex()}  {name}")


def cmd_hash(a: argparse.Namespace) -> int:
    from . import new
    alg = lookup(a.algo)
    key, custom = parse_hex(a.key, "--key"), parse_hex(a.custom, "--custom")
    xof = bool(alg.flags & native.HB_XOF)
    if a.length is not None and a.length < 0:
        raise UsageError("--length must be positive")
    size = a.length if not xof else None

    def make() -> Hash | HMAC:
        return new(a.algo, key=key, customization=custom, digest_size=size)
    make()  # validate parameters before reading any input
    _digest_files(make, a.files, a.length, xof)
    return 0


def cmd_mac(a: argparse.Namespace) -> int:
    from . import mac, new
    key = parse_hex(a.key, "--key")
    custom = parse_hex(a.custom, "--custom")
    n = a.algo.lower().replace("-", "_")
    if not n.startswith("hmac_"):
        alg = lookup(a.algo)
        if not alg.flags & (native.HB_KEYED | native.HB_MAC):
            raise UsageError(f"{alg.name.decode()} is not a MAC; use -a hmac_{alg.name.decode()}")
    for name, fh in _inputs(a.files):
        tag = mac(a.algo, key, fh.read(), length=a.length, customization=custom)
        print(f"{tag.hex()}  {name}")
    del new
    return 0


# ---- verify -------------------------------------------------------------------

def cmd_verify(a: argparse.Namespace) -> int:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from . import kat
    names = resolve_algos(a.algo, not a.algo)
    names = [n for n in names if n in set(kat.available())] if not a.algo else names
    t = _table(title="known-answer tests (tests/vectors)")
    t.add_column("algorithm")
    t.add_column("passed", justify="right")
    t.add_column("failed", justify="right")
    tot_ok = tot_bad = 0
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  console=console.err, transient=True, disable=not console.err.is_terminal) as prog:
        task = prog.add_task("verifying", total=len(names))
        for n in names:
            prog.update(task, description=f"verifying {n}")
            ok, bad, notes = kat.run(n, monte_carlo=not a.no_monte_carlo)
            tot_ok += ok
            tot_bad += bad
            t.add_row(n, str(ok), f"[red]{bad}[/red]" if bad else "0")
            for note in notes:
                console.err.print(f"  {n}: {note}")
            prog.advance(task)
    console.out.print(t)
    missing = [n for n in resolve_algos(None, True) if n not in set(kat.available())]
    if missing and not a.algo:
        console.out.print(f"no vector file for: {', '.join(missing)}")
    print(f"verify: {tot_ok} passed, {tot_bad} failed")
    return 1 if tot_bad else 0


# ---- bench --------------------------------------------------------------------

def cmd_bench(a: argparse.Namespace) -> int:
    import csv
    import json
    from pathlib import Path

    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from . import bench, impls, targets
    from .store import Store

    names = resolve_algos(a.algo, a.all)
    sizes = parse_sizes(a.sizes, []) if a.sizes else None
    if a.blocks is not None and not 0 <= a.blocks <= 4096:
        raise UsageError("--blocks must be in 0..4096")
    if a.target not in targets.names():
        raise UsageError(f"unknown target {a.target!r}; known: {', '.join(targets.names())}")
    topts: dict[str, str] = {}
    if a.mcu:  # avr: another MCU than the config's default (unknown -> ValueError, exit 2)
        if a.target != "avr":
            raise UsageError("--mcu applies to --target avr")
        topts["mcu"] = a.mcu
    if a.impl:
        if a.target == "host":
            # the kernels the host library links and this CPU runs
            for n in names:
                fam = impls.deciding_family(n)
                can = native.runnable_impls(fam) if fam else [impls.SINGLE]
                if a.impl not in can:
                    linked = impls.host_selection().get(fam, impls.SINGLE) if fam else impls.SINGLE
                    raise UsageError(f"--impl: the host library runs {n} as one of "
                                     f"{', '.join(can) or linked} on this CPU, not {a.impl!r}")
        for n in names:
            if a.impl not in impls.implementations(n):
                raise UsageError(f"{n} has no implementation {a.impl!r}; it has: "
                                 f"{', '.join(impls.implementations(n))}")
    opts: dict[str, float] = {}
    if a.seconds is not None:
        opts["seconds"] = a.seconds
    if a.active_mw is not None:
        if a.active_mw <= 0:
            raise UsageError("--active-mw must be positive")
        opts["active_mw"] = a.active_mw
    if a.timeout is not None:
        opts["timeout"] = a.timeout
    if a.fit_bytes is not None:
        if a.target != "host":
            raise UsageError("--fit-bytes applies to --target host")
        if not 0 <= a.fit_bytes <= MAX_SIZE:
            raise UsageError(f"--fit-bytes must be in 0..{MAX_SIZE}")
        opts["fit_bytes"] = a.fit_bytes
    if (a.workers or a.scheduler) and a.target == "host":
        raise UsageError("--workers/--scheduler apply to simulated targets (their counts do not depend on the "
                         "machine's load); host timings need the machine to themselves")
    if a.workers is not None and a.workers < 1:
        raise UsageError("--workers must be at least 1")
    targets.get(a.target, **topts).check()  # TargetUnavailable -> exit 2 before anything is written
    sysres = None
    if a.target == "host" and not a.no_system_check:
        from . import system
        sysres = system.check(calibration_runs=3)
        console.err.print(("[yellow]" if sysres["verdict"] == "noisy" else "") + system.one_line(sysres)
                  + ("[/yellow] (details: hashbench check-system)" if sysres["verdict"] == "noisy" else ""))

    client = None
    if a.workers or a.scheduler:
        from .engine import EngineMissing
        from .engine import client as engine_client
        try:
            client = engine_client(a.workers or 1, a.scheduler)
        except EngineMissing as e:
            raise UsageError(str(e)) from None
    store = Store(a.db)
    rows: list[Row] = []
    writer = None
    if a.csv:
        from .store import COLUMNS
        writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
    quiet = a.json or a.csv
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}"),
                  TimeElapsedColumn(), console=console.err, transient=True,
                  disable=not console.err.is_terminal) as prog:
        task = prog.add_task(f"{a.target}", total=None)
        notes = {"machine_check": {k: sysres[k] for k in ("verdict", "load", "findings")}} if sysres else None
        try:
            for row in bench.run(a.target, names, sizes, a.blocks, impl=a.impl, every_impl=not a.selected,
                                 store=store, command=" ".join(sys.argv), verify=not a.no_verify,
                                 target_options=topts, notes=notes, client=client, **opts):
                rows.append(row)
                prog.update(task, advance=1, description=f"{a.target}: {row.get('algo')}/{row.get('impl')} "
                                                         f"{row.get('size', '')}")
                if a.json:
                    print(json.dumps({k: v for k, v in row.items() if v is not None}, sort_keys=True), flush=True)
                elif writer:
                    writer.writerow(row)
        finally:
            if client is not None:
                from .engine import close
                close(client)
    store.close()
    few = len({r["algo"] for r in rows}) <= 8
    if not quiet:
        if a.table or few:
            print_table(rows, a.target)
            print_forms(rows, a.target)
        print_summary(rows, a.target, sysres)
    path = None
    if a.report:
        from .report import write_report
        env = targets.get(a.target, **topts).environment()
        if sysres:
            from . import system
            env["machine check"] = system.one_line(sysres)
        path = write_report(rows, Path(a.report), title=f"hashbench on {a.target}", environment=env,
                            system=sysres)
        console.err.print(f"report: {path}")
    errors = [r for r in rows if r.get("error")]
    for r in errors:
        console.err.print(f"[yellow]{r['algo']}/{r.get('impl')}: {r['error']}[/yellow]")
    console.err.print(f"{len(rows) - len(errors)} measurements stored in {store.path}")
    return 0


def print_summary(rows: list[Row], target: str, sysres: SystemCheck | None = None) -> None:
    """What a run found, in a few lines: the best algorithm of each size
    class, how many figures are unstable, and the machine's verdict."""
    from .analysis import SIZE_CLASSES, Ranked, forms, rankings
    fs = forms(rows)
    t = _table(title=f"best on {target} per message size (of {len({f['algo'] for f in fs})} algorithms; "
                    "--table for every row)")
    for c in ("size class", "1st", "2nd", "3rd", "sha256"):
        t.add_column(c)
    for cls, (label, _, _) in SIZE_CLASSES.items():
        rk = rankings(fs, target, cls)
        if not rk:
            continue
        sha = next((r for r in rk if r["algo"] == "sha256"), None)
        def cell(r: Ranked) -> str:
            return f"{r['algo']}/{r['impl']} {_fmt(r['value'], 2 if r['value'] < 100 else 0)}" + \
                (" (unstable)" if r["unstable"] else "")
        top3: list[Ranked | None] = [*rk[:3], None, None, None][:3]
        t.add_row(label, *[cell(r) if r else "" for r in top3],
                  f"#{sha['rank']} {_fmt(sha['value'], 2 if sha['value'] < 100 else 0)}" if sha else "-")
    console.out.print(t)
    bad = [f for f in fs if f["unstable"]]
    noisy_rows = sum(len(f["unstable_rows"]) for f in fs)
    if bad:
        console.out.print(f"[yellow]unstable long-message rates ({len(bad)}):[/yellow] "
                  + "; ".join(f"{f['algo']}/{f['impl']}: {f['unstable']}" for f in bad[:5])
                  + (" ..." if len(bad) > 5 else ""))
    if noisy_rows:
        console.out.print(f"{noisy_rows} of {sum(1 for r in rows if r.get('median') is not None)} measurements have a "
                  "q1-q3 spread over 10% (marked unstable in the store and the report); "
                  "long-message rates use each measurement's minimum, which interference cannot lower")
    if sysres:
        from . import system
        console.out.print(system.one_line(sysres))


def print_forms(rows: list[Row], target: str) -> None:
    """Per algorithm, every implementation measured: cycles/byte and code
    bytes, the fastest and the smallest marked."""
    from . import impls
    from .bench import best_forms
    best = best_forms(rows)
    t = _table(title=f"implementations on {target}: speed and size (* fastest, s smallest)")
    for c in ("algorithm", "impl", "cycles/B", "over", "code bytes", "", "form"):
        t.add_column(c, justify="right" if c in ("cycles/B", "code bytes") else "left")
    for algo, d in best.items():
        for im, f in d["forms"].items():
            mark = ("*" if im == d["fastest"] else "") + ("s" if im == d["smallest"] else "")
            t.add_row(algo, im, _fmt(f["cpb"], 2) if f["cpb"] is not None else "-", f["how"],
                      _fmt(f["code_bytes"]), mark,
                      f["error"][:60] if f["error"] else
                      f"unstable: {f['unstable']}"[:60] if f.get("unstable") else impls.describe(algo, im)[:60],
                      style="yellow" if f.get("unstable") else None)
        t.add_section()
    console.out.print(t)


def print_table(rows: list[Row], target: str) -> None:
    from .analysis import long_rate
    t = _table(title=f"hashbench on {target}: median (q1-q3) per message")
    for c in ("algorithm", "bytes", "cycles", "q1-q3", "cycles/B", "MB/s"):
        t.add_column(c, justify="left" if c == "algorithm" else "right")
    by_algo: dict[str, list[Row]] = {}
    for r in rows:
        by_algo.setdefault(r["algo"], []).append(r)
    for algo, rs in by_algo.items():
        for r in rs:
            if r.get("kind") != "size":
                continue
            t.add_row(algo, str(r["size"]), _fmt(r["median"], 0), f"{_fmt(r['q1'], 0)}-{_fmt(r['q3'], 0)}",
                      _fmt(r.get("cycles_per_byte")), _fmt(r.get("mbps")),
                      style="yellow" if r.get("unstable") else None)
        lr = long_rate(rs, info(algo)["block_size"]) if algo in native.registry() else None
        if lr and lr["cpb"] is not None:
            t.add_row(algo, "long", f"{lr['c_block']:,.0f}/block" if lr["c_block"] else lr["how"],
                      f"fixed {lr['c_fixed']:,.0f}" if lr["c_fixed"] is not None else "",
                      f"{lr['cpb']:.2f}" + (" unstable" if lr["unstable"] else ""), "",
                      style="bold yellow" if lr["unstable"] else "bold")
        t.add_section()
    console.out.print(t)
    hz = next((r.get("clock_hz") for r in rows if r.get("clock_hz")), None)
    if hz:
        console.out.print(f"cycles: {rows[0].get('count_kind', '?')} at {hz / 1e9:.3f} GHz; "
                  f"long = Theil-Sen slope of HTime(N) = c_fixed + c_block*N over whole blocks, "
                  f"checked against the largest message; yellow = unstable")


def cmd_recommend(a: argparse.Namespace) -> int:
    import json

    from . import targets
    from .recommend import Choice, parse_bytes, recommend
    from .store import Store
    if a.target not in targets.names():
        raise UsageError(f"unknown target {a.target!r}; known: {', '.join(targets.names())}")
    if not 0 <= a.size <= MAX_SIZE:
        raise UsageError(f"--size must be in 0..{MAX_SIZE}")
    try:
        max_rom, max_ram = parse_bytes(a.max_rom), parse_bytes(a.max_ram)
    except ValueError:
        raise UsageError("--max-rom/--max-ram take bytes, e.g. 8K, 1KiB, 512") from None
    st = Store(a.db)
    rows = st.rows("r.target = ?", (a.target,))

    def rank(rows: list[Row]) -> tuple[list[Choice], list[Choice], list[str]]:
        return recommend(rows, a.target, a.size, max_rom=max_rom, max_ram=max_ram, security=a.security,
                         mac=a.mac, standardised=a.standardised)
    ok, excluded, missing = rank(rows)
    if a.measure and (missing or not any(c.how == "measured" for c in ok + excluded)):
        from . import bench
        todo = missing if missing else sorted({c.algo for c in ok + excluded})
        console.err.print(f"measuring {len(todo)} algorithms at {a.size} B on {a.target} ...")
        for _ in bench.run(a.target, todo, sorted({a.size, 64, 1024}), store=st,
                           command=" ".join(sys.argv)):
            pass
        rows = st.rows("r.target = ?", (a.target,))
        ok, excluded, missing = rank(rows)
    st.close()
    if a.json:
        import dataclasses
        print(json.dumps({"ranked": [dataclasses.asdict(c) for c in ok],
                          "excluded": [dataclasses.asdict(c) for c in excluded], "not_measured": missing},
                         indent=1, default=str))
        return 0 if ok else 1
    cons = ", ".join(x for x in (f"ROM <= {max_rom:,} B" if max_rom is not None else "",
                                 f"RAM <= {max_ram:,} B" if max_ram is not None else "",
                                 f">= {a.security}-bit security" if a.security else "",
                                 "MAC" if a.mac else "", "standardised" if a.standardised else "") if x)
    t = _table(title=f"{a.target}, {a.size}-byte messages{': ' + cons if cons else ''} (fastest first)")
    for col in ("#", "algorithm", "impl", "cycles", "us", "uJ", "ROM B", "RAM B", "security", "status"):
        t.add_column(col, justify="right" if col in ("#", "cycles", "us", "uJ", "ROM B", "RAM B", "security")
                     else "left")
    for i, c in enumerate(ok[:a.top], 1):
        t.add_row(str(i), c.algo, c.impl, _fmt(c.cycles, 0) + ("*" if c.how != "measured" else ""),
                  _fmt(c.time_us, 1) if c.time_us is not None else "", _fmt(c.energy_uj, 2) if c.energy_uj else "",
                  _fmt(c.code_bytes), _fmt(c.ram_bytes), str(c.facts["security"]),
                  c.facts["label"].split(" (")[0] + (" [unstable]" if c.unstable else ""),
                  style="yellow" if c.unstable else None)
    console.out.print(t)
    if any(c.how != "measured" for c in ok[:a.top]):
        console.out.print(f"* interpolated between the nearest sizes measured; `--measure` measures {a.size} B")
    srcs: dict[str, str] = {}
    for c in ok[:a.top]:
        srcs.setdefault(c.facts["label"], c.facts["source"])
    for label, src in srcs.items():
        console.out.print(f"  {label}: {src}")
    notes = {c.algo: c.facts["note"] for c in ok[:a.top] if c.facts["note"]}
    for algo, note in notes.items():
        console.out.print(f"  note, {algo}: {note}")
    if excluded:
        import re
        from collections import Counter
        why = Counter(re.split(r"[\d:(]", r, maxsplit=1)[0].strip() for c in excluded for r in c.excluded)
        console.out.print(f"excluded {len(excluded)}: " + ", ".join(f"{k} ({n})" for k, n in why.most_common()))
        ex = sorted([c for c in excluded if c.cycles is not None], key=lambda c: c.cycles or 0.0)[:a.top]
        t = _table(title="excluded, fastest first")
        for col in ("algorithm", "impl", "cycles", "why"):
            t.add_column(col)
        for c in ex:
            t.add_row(c.algo, c.impl, _fmt(c.cycles, 0), "; ".join(c.excluded))
        console.out.print(t)
    if missing:
        console.out.print(f"not measured on {a.target} at this size: {len(missing)} algorithms "
                  f"({', '.join(missing[:6])}{', ...' if len(missing) > 6 else ''}); "
                  f"measure them: hashbench recommend ... --measure, or hashbench bench --target {a.target} "
                  f"-a {','.join(missing[:3])}{',...' if len(missing) > 3 else ''} --sizes {a.size}")
    return 0 if ok else 1


def cmd_check_system(a: argparse.Namespace) -> int:
    import json

    from . import system
    res = system.check(calibration_runs=a.runs)
    if a.json:
        print(json.dumps(res, indent=1))
        return 0 if res["verdict"] != "noisy" else 1
    load = res["load"]
    avg = ', '.join(f'{x:.2f}' for x in load) if load else 'unknown'
    console.out.print(f"CPUs: {res['ncpu']}; load average: {avg}")
    console.out.print(f"frequency governor: {', '.join(res['governors']) or 'not exposed (container/VM)'}; "
              f"boost: {'unknown' if res['boost'] is None else 'on' if res['boost'] else 'off'}")
    cal = res["calibration"]
    if cal:
        console.out.print(f"calibration: {cal['algo']} {cal['size']} B x {cal['runs']} runs: medians "
                  + ", ".join(f"{m:,.0f}" for m in cal["medians"])
                  + f" (spread {100 * (cal['spread'] or 0):.1f}%)")
    for f in res["findings"]:
        colour = "red" if f["level"] == "noisy" else "yellow"
        console.out.print(f"[{colour}]{f['level']}[/{colour}]: {f['what']}\n    do: {f['do']}")
    verdict = res["verdict"]
    console.out.print(f"verdict: [bold]{verdict}[/bold]" + (
        " -- host figures will wander; long-message rates use the minimum over repetitions and "
        "rows with a wide spread are marked unstable" if verdict == "noisy" else ""))
    return 0 if verdict != "noisy" else 1


# ---- targets / db / report --------------------------------------------------------

def cmd_targets(a: argparse.Namespace) -> int:
    from . import targets
    t = _table(title="measuring targets (targets/<name>/target.toml)")
    for c in ("target", "what", "clock", "status", "install"):
        t.add_column(c)
    for n in targets.names():
        cfg = targets.load(n)
        miss = cfg.missing()
        hz = targets.get(n).profile.clock_hz if n != "host" else None
        t.add_row(n, cfg.description, f"{hz / 1e6:g} MHz" if hz else "",
                  "[green]ready[/green]" if not miss else f"[red]missing {', '.join(miss)}[/red]",
                  "" if not miss else cfg.install_hint())
    console.out.print(t)
    return 0


def cmd_impls(a: argparse.Namespace) -> int:
    from . import impls
    names = resolve_algos(a.algo, False) if a.algo else None
    t = _table(title="implementations (src/algos/<family>/impls.toml)")
    for c in ("family", "impl", "default", "host", "summary", "algorithms"):
        t.add_column(c)
    users: dict[str, list[str]] = {}
    for n in impls.algorithm_names():
        deciding = impls.deciding_family(n)
        if deciding and (names is None or n in names):
            users.setdefault(deciding, []).append(n)
    from .targets.host import host_impl
    for fam in impls.families().values():
        if names is not None and fam.name not in users:
            continue
        # host: the form the host library links; in a dispatch, "runs" marks
        # the kernels this CPU runs (one per width in sha2), "can" the others
        # it could, "-" one it cannot
        running = {host_impl(n) for n in users.get(fam.name, [])}
        runnable = native.runnable_impls(fam.name)
        for im in fam.impls.values():
            u = users.get(fam.name, [])
            host = ("yes" if im.name == fam.host else
                    "runs" if im.name in running else "can" if im.name in runnable else
                    "-" if im.name in fam.impls[fam.host].dispatch else "")
            t.add_row(fam.name, im.name, "yes" if im.name == fam.default else "", host, im.summary,
                      f"{len(u)}: {', '.join(u[:4])}{', ...' if len(u) > 4 else ''}")
        t.add_section()
    console.out.print(t)
    return 0


def _db_filter(a: argparse.Namespace) -> tuple[str, tuple[str, ...]]:
    """WHERE clause of `db export`/`db query`/`db dump` from --machine,
    --target, --impl, --algo, --kind, --since, --until (dates are ISO 8601,
    UTC)."""
    where, params = [], []
    for opt, col in (("machine", "runs.machine"), ("target", "r.target"), ("impl", "r.impl"), ("algo", "r.algo"),
                     ("kind", "r.kind")):
        v = getattr(a, opt, None)
        if v:
            vals = [x.strip() for x in v.split(",") if x.strip()]
            where.append(f"{col} IN ({', '.join('?' * len(vals))})")
            params += vals
    for opt, op in (("since", ">="), ("until", "<=")):
        v = getattr(a, opt, None)
        if v:
            from datetime import datetime
            try:
                datetime.fromisoformat(v)
            except ValueError:
                raise UsageError(f"--{opt} takes an ISO date, e.g. 2026-11-24 or 2026-11-24T09:00") from None
            where.append(f"r.ts {op} ?")
            # a bare date in --until means the whole day
            params.append(v + ("T23:59:59" if op == "<=" and len(v) == 10 else ""))
    return " AND ".join(where), tuple(params)


def cmd_db(a: argparse.Namespace) -> int:
    import csv
    import json
    from pathlib import Path

    from .store import COLUMNS, Store
    st = Store(a.db)
    if a.db_cmd == "merge":
        for f in a.files:
            if not Path(f).exists():
                raise UsageError(f"{f}: no such file")
            n_runs, n_rows = st.merge(f)
            print(f"{f}: {n_runs} runs, {n_rows} rows added")
    elif a.db_cmd == "dump":
        import io
        buf = io.StringIO()
        n_runs, n_rows = st.dump(buf, *_db_filter(a))
        if a.output and a.output != "-":
            # written whole or not at all: a dump kept in git is never left half written
            out = Path(a.output)
            tmp = out.with_name(out.name + ".tmp")
            tmp.write_text(buf.getvalue(), encoding="utf-8")
            tmp.replace(out)
            print(f"{out}: {n_runs} runs, {n_rows} rows", file=sys.stderr)
        else:
            sys.stdout.write(buf.getvalue())
    elif a.db_cmd == "export":
        rows = st.rows(*_db_filter(a))
        fmt = "json" if a.json else "csv" if a.csv else a.format
        if fmt == "json":
            print(json.dumps(rows, indent=1, default=str))
        else:
            w = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else COLUMNS)
            w.writeheader()
            w.writerows(rows)
    elif a.db_cmd == "query":
        from .analysis import forms
        rows = st.rows(*_db_filter(a))
        fs = forms(rows)
        if a.json:
            print(json.dumps(fs, indent=1, default=str))
        else:
            t = _table(title=f"{len(rows)} rows: latest figures per (target, algorithm, implementation)")
            for c in ("target", "algorithm", "impl", "cycles @64 B", "c/B @1 KiB", "long c/B", "ROM B", "RAM B",
                      "stability"):
                t.add_column(c, justify="left" if c in ("target", "algorithm", "impl", "stability") else "right")
            for f in fs:
                c1k = f["cycles"].get(1024)
                t.add_row(f["target"], f["algo"], f["impl"], _fmt(f["cycles"].get(64), 0),
                          _fmt(c1k / 1024, 2) if c1k else "", _fmt(f["long_cpb"], 2) if f["long_cpb"] else "",
                          _fmt(f["code_bytes"]), _fmt(f["ram_bytes"]),
                          (f["unstable"] or "ok")[:50] if not f["error"] else f["error"][:50])
            console.out.print(t)
            machines = sorted({str(r.get("machine")) for r in rows})
            dates = sorted(str(r.get("ts")) for r in rows)
            if rows:
                console.out.print(f"machines: {', '.join(machines)}; measured {dates[0]} .. {dates[-1]}")
    elif a.db_cmd == "cpb-table":
        from .report import cpb_table
        if not a.target:
            raise UsageError("db cpb-table: --target T1,T2,... (the columns)")
        targets = [t.strip() for t in a.target.split(",") if t.strip()]
        from .targets.config import names as target_names
        unknown = [t for t in targets if t not in target_names()]
        if unknown:
            raise UsageError(f"db cpb-table: unknown target {', '.join(unknown)} (hashbench targets)")
        algos = resolve_algos([a.algo], False) if a.algo else None
        rows = st.rows(*_db_filter(a))
        print(cpb_table(rows, targets, algos), end="")
    elif a.db_cmd == "path":
        print(st.path)
    st.close()
    return 0


def cmd_report(a: argparse.Namespace) -> int:
    from pathlib import Path

    from .report import write_report
    from .store import Store
    st = Store(a.db)
    where, params = [], []
    if a.target:
        where.append("r.target = ?")
        params.append(a.target)
    rows = st.rows(" AND ".join(where), tuple(params))
    st.close()
    if not rows:
        raise UsageError("no results in the store yet; run `hashbench bench` first")
    # every row: the analysis takes the latest of each (target, algorithm,
    # implementation, kind, size)
    path = write_report(rows, Path(a.out), title="hashbench report", markdown=a.markdown)
    print(path)
    return 0


def cmd_peers(a: argparse.Namespace) -> int:
    import json
    if not a.mbps:
        return _peer_ratios(a)
    from .peers import compare
    names: list[str] = resolve_algos(a.algo, False) if a.algo else [
        n for n in ("sha256", "sha512", "sha3_256", "sha3_512", "shake_128", "keccak_512", "blake2b",
                    "blake2s", "blake3", "kt128", "turboshake128", "ascon_hash256", "blake_512",
                    "skein512_512", "groestl_512", "jh_512", "shabal_512", "cubehash_512")
        if n in algorithms()]
    t = _table(title="MB/s at 1 MiB, one core, measured side by side in this run")
    for c in ("algorithm", "implementation", "MB/s", "method"):
        t.add_column(c, justify="right" if c == "MB/s" else "left")
    res = []
    for r in compare(names):
        res.append(r)
        t.add_row(r["algo"], r["implementation"], f"{r['mbps']:,.0f}", r["method"])
    if a.json:
        print(json.dumps(res, indent=1))
    else:
        console.out.print(t)
    return 0


PEER_HOST_SIZES = "64,1024,1048576"


def cmd_peer_c(a: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from . import peer_c
    if not a.src:
        raise UsageError("give the peer's C sources with --src DIR (fetch them yourself: hashbench "
                         "never ships them), e.g. the c/ directory of sphlib 3.0")
    names = resolve_algos(a.algo, False) if a.algo else [n for n in peer_c.SPHLIB_ALGOS if n in algorithms()]
    if a.target and a.target != "host":
        return _peer_c_target(a, names)
    sizes = [int(x) for x in a.sizes.split(",")]
    env = peer_c.environment()
    checks: dict[str, peer_c.Check] = {}
    ratios: list[peer_c.Ratio] = []
    res = {"peer": a.peer, "environment": env, "checks": checks, "ratios": ratios}
    t = _table(title=f"ours / {a.peer} on {env['cpu']} ({env['compiler']}); "
                    f"median of ratios over {a.runs} interleaved runs; < 1 means ours is faster")
    t.add_column("algorithm")
    for s in sizes:
        t.add_column(f"{s} B", justify="right")
    row: dict[str, dict[int, float]] = {}
    try:
        for item in peer_c.host(a.peer, Path(a.src), names, sizes, runs=a.runs):
            if item[0] == "check":
                _, algo, check = item
                checks[algo] = check
                if not check["ok"]:
                    t.add_row(algo, *(["digest differs" if check["peer"] != "none" else "no peer"]
                                      + [""] * (len(sizes) - 1)))
            else:
                r = item[1]
                ratios.append(r)
                row.setdefault(r["algo"], {})[r["size"]] = r["ratio"]
                if len(row[r["algo"]]) == len(sizes):
                    t.add_row(r["algo"], *(f"{row[r['algo']][s]:.2f}" for s in sizes))
    except peer_c.PeerError as e:
        raise UsageError(str(e)) from None
    if a.json:
        print(json.dumps(res, indent=1))
    else:
        console.out.print(t)
    return 0


def _peer_c_target(a: argparse.Namespace, names: list[str]) -> int:
    """`peer-c --target T`: ours and the peer in one image per algorithm on
    a simulated target (hashbench.peer_c.target_run).  avr: --opt=-O2,-Os
    measures both levels and reports each side's faster one."""
    import json
    from pathlib import Path

    from . import peer_c
    from .targets import TargetUnavailable, get
    if (a.opt or a.mcu) and a.target != "avr":
        raise UsageError("--opt and --mcu apply to --target avr (other targets build with their "
                         "target.toml's flags)")
    levels: list[str | None] = list(a.opt.split(",")) if a.opt else [None]
    sizes = [int(x) for x in a.sizes.split(",")] if a.sizes != PEER_HOST_SIZES else [64, 1024]
    results: list[peer_c.TargetResult] = []
    envs: list[dict[str, Any]] = []

    def f(x: float | None, fmt: str = "{:,.1f}") -> str:
        return "" if x is None else fmt.format(x)
    t = _table(title=f"ours / {a.peer} on {a.target}: cycles/byte, one run each (the simulator is deterministic)")
    for col in ("algorithm", "impl", "opt", "ours 64 B", "peer 64 B", "ours 1 KiB", "peer 1 KiB",
                "ratio 64 B", "ratio 1 KiB", "ratio long", "ours code", "peer code"):
        t.add_column(col, justify="left" if col in ("algorithm", "impl", "opt") else "right")
    try:
        for level in levels:
            opts: dict[str, Any] = {k: v for k, v in (("opt", level), ("mcu", a.mcu)) if v}
            tg = get(a.target, **opts)
            envs.append(tg.environment() if not tg.missing() else {})
            for r in peer_c.target_run(a.target, Path(a.src), names, sizes=sizes, blocks=a.blocks, impl=a.impl,
                                       peer=a.peer, peer_flags=a.peer_flag, two_images=a.two_images,
                                       every_impl=a.every_impl, **opts):
                results.append(r)
                o = r.get("ours")
                if not r["ok"]:
                    t.add_row(r["algo"], r["impl"], r["opt"], f(o["cpb_64"]) if o else "",
                              r.get("error", "").splitlines()[0][:160], f(o["cpb_1024"]) if o else "", "", "", "",
                              "", str(o["code_bytes"]) if o else "", "")
                    continue
                p = r["peer"]
                assert o is not None
                t.add_row(r["algo"], r["impl"], r["opt"], f(o["cpb_64"]), f(p["cpb_64"]), f(o["cpb_1024"]),
                          f(p["cpb_1024"]), f(r["ratio_64"], "{:.2f}"), f(r["ratio_1024"], "{:.2f}"),
                          f(r["ratio_long"], "{:.2f}"), f"{o['code_bytes']:,}", f"{p['code_bytes']:,}")
    except (peer_c.PeerError, TargetUnavailable, ValueError) as e:
        raise UsageError(str(e)) from None
    if a.json:
        print(json.dumps({"peer": a.peer, "target": a.target, "environment": envs,
                          "peer_flags": [*peer_c.PEERS[a.peer][1][1:], *(a.peer_flag or [])],
                          "results": results, "best": peer_c.best_of(results)}, indent=1))
    elif a.markdown:
        print(peer_c.markdown_best(peer_c.best_of(results)) if len(levels) > 1 or a.every_impl
              else peer_c.markdown(results), end="")
    else:
        console.out.print(t)
    return 0


def _peer_ratios(a: argparse.Namespace) -> int:
    import json

    from .peers import KEYED, RATIO_SIZES, PeerError, peered_algos, ratios, rust_peer_lib
    # blake2b_keyed, blake2s_keyed: our BLAKE2 with a key, no registry names
    asked = [n.strip() for s in a.algo or [] for n in s.split(",") if n.strip()]
    # by default every algorithm with a peer here
    names: list[str] = [n if n in KEYED else resolve_algos([n], False)[0] for n in asked] if asked else (
        peered_algos(algorithms()) + list(KEYED))
    if a.runs < 3:
        raise UsageError("--runs: at least 3 (the table shows medians)")
    rust = None
    if not a.no_rust:
        try:
            rust = rust_peer_lib()
        except PeerError as e:
            # the other peers are still worth measuring
            print(f"hashbench peers: no Rust-crate peers: {e}", file=sys.stderr)
    load = os.getloadavg()[0]
    try:
        rows = ratios(names, a.runs, rust=rust)
    except PeerError as e:
        raise UsageError(str(e)) from None
    if a.json:
        print(json.dumps({"load_1min": load, "date": time.strftime("%Y-%m-%d"), "ratios": rows}, indent=1))
        return 0
    t = _table(title=f"ours / peer time, median of {a.runs} interleaved runs (< 1: hashbench is faster); "
                     f"{time.strftime('%Y-%m-%d')}, load {load:.1f} on {os.cpu_count()} CPUs")
    for c in ("algorithm", "kernel", "peer", *(f"{s // 1024} KiB" if s >= 1024 and s < 1 << 20 else
                                                 f"{s >> 20} MiB" if s >= 1 << 20 else f"{s} B"
                                                 for s in RATIO_SIZES), "method"):
        t.add_column(c, justify="right" if c[0].isdigit() else "left")
    by: dict[tuple[str, str, str, str], dict[int, float]] = {}
    for r in rows:
        by.setdefault((r["algo"], r["kernel"], r["peer"], r["method"]), {})[r["size"]] = r["ratio"]
    for (algo, kernel, peer, method), v in by.items():
        t.add_row(algo, kernel, peer, *(f"{v[s]:.2f}" if s in v else "-" for s in RATIO_SIZES), method)
    console.out.print(t)
    return 0


def cmd_seed(a: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from .store import Store
    from .targets import get
    if a.study == "000":
        return _seed000(a)
    if a.study == "001":
        return _seed001(a)
    if a.study == "004":
        return _seed004(a)
    if a.study != "002":
        raise UsageError(f"seed {a.study}: `hashbench seed` regenerates 000, 001, 002 and 004; 003 is "
                         f"`hashbench hw seed003` / `hashbench hw report`")
    from .seeds import seed002
    for tn in seed002.TARGETS:
        get(tn).check()
    store = Store(a.db)
    run_ids = {tn: store.start_run(tn, command=" ".join(sys.argv), tool_version=__version__,
                                   environment=get(tn).environment()) for tn in seed002.TARGETS}
    measured = seed002.measure(store=store, run_ids=run_ids)
    store.close()
    head, rows, avg = seed002.table(measured)
    t = _table(title="Seed 002, Table 3 regenerated: Keccak-512 (c/b* = cycles per padded input bit, "
                    "the study's 'cycles/byte')")
    for h in head:
        t.add_column(h, justify="right")
    for r in rows:
        t.add_row(*[_fmt(v, 1) if isinstance(v, float) else str(v) for v in r])
    console.out.print(t)
    t = _table(title="Seed 002, Table 4: average per processor (published A9 figure in the study's c/b*; "
                    "its M4/ARM7 figures are quoted from other papers)")
    for h in ("processor", "published", "hashbench c/b*", "hashbench cycles/byte, long messages"):
        t.add_column(h, justify="right")
    for k, v in avg.items():
        t.add_row(k, str(v["published"]), f"{v['ours']:.0f}", f"{v['long_cpb']:.0f}")
    console.out.print(t)
    if a.out:
        p = seed002.plot(measured, Path(a.out) / "seed002_keccak512.png")
        (Path(a.out) / "seed002.json").write_text(json.dumps({"head": head, "rows": rows, "average": avg}, indent=1))
        console.err.print(f"plot: {p}")
    return 0


def _seed001(a: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from .seeds import seed001
    from .store import Store
    from .targets import get
    tg = get(seed001.TARGET)
    tg.check()
    store = Store(a.db)
    rid = store.start_run(seed001.TARGET, command=" ".join(sys.argv), tool_version=__version__,
                          environment=tg.environment())
    measured = seed001.measure(store=store, run_id=rid, timeout=a.timeout)
    store.close()
    head, rows, notes = seed001.table(measured, seed001.measure_o0(timeout=a.timeout))
    t = _table(title="Seed 001 regenerated: SHA-2 / SHA-3 on MicroBlaze at 100 MHz (published: Nexys A7, "
                    "DDR2 + caches, UART output in the interval; hashbench: the hash alone, gcc -O2, "
                    "cycles_model:microblaze-5stage, single-cycle memory; energy at the profile's power)")
    for h in head:
        t.add_column(h, justify="right")
    for r in rows:
        t.add_row(*[_fmt(v, 2) if isinstance(v, float) and v < 10 else _fmt(v, 0) if isinstance(v, float)
                    else _fmt(v) for v in r])
    console.out.print(t)
    for n in notes:
        console.out.print(f"  {n}")
    if a.out:
        Path(a.out).mkdir(parents=True, exist_ok=True)
        (Path(a.out) / "seed001.json").write_text(json.dumps({"head": head, "rows": rows, "notes": notes},
                                                             indent=1, ensure_ascii=False))
    return 0


def _seed000(a: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from .seeds import seed000
    from .store import Store
    from .targets import get
    tg = get(seed000.TARGET)
    tg.check()
    store = Store(a.db)
    rid = store.start_run(seed000.TARGET, command=" ".join(sys.argv), tool_version=__version__,
                          environment=tg.environment())
    measured = seed000.measure(store=store, run_id=rid)
    from .can import table3
    t3 = table3.rows(store, seed000.TARGET)   # the Cortex-A9 rows just measured, our cores' HTime
    store.close()
    head, rows = seed000.table(measured)
    t = _table(title="Seed 000, Table 1 regenerated: cycles on Cortex-A9 (published: real board; "
                    "hashbench: portable C, gcc -O2, cycles_model:cortex-a9-inorder)")
    for h in head:
        t.add_column(h, justify="right")
    for r in rows:
        t.add_row(*[_fmt(v, 2) if isinstance(v, float) and v < 100 else _fmt(v, 0) if isinstance(v, float)
                    else _fmt(v) for v in r])
    console.out.print(t)
    cond: dict[str, Any] | None = None
    if a.conditions:
        opts = ["O2"] + [o.strip().lstrip("-") for o in a.conditions.split(",") if o.strip().lstrip("-") != "O2"]
        for o in opts:
            if o not in ("O0", "O1", "O2", "O3", "Os"):
                raise UsageError(f"--conditions takes optimisation levels (O0,O1,Os,O3), got {o!r}")
        console.err.print(f"seed 000: measuring Table 1 on cortex-a9 at {', '.join('-' + o for o in opts)}")
        runs = seed000.conditions(opts)
        h2, r2, summ = seed000.ratio_table(runs)
        t = _table(title="Seed 000, Table 1: published / ours at 78 B under other build conditions "
                        "(near 1 and alike across algorithms = the conditions explain the published figures)")
        for h in h2:
            t.add_column(h, justify="right")
        for r in r2:
            t.add_row(*[_fmt(v, 2) if isinstance(v, float) and v < 100 else _fmt(v, 0) if isinstance(v, float)
                        else _fmt(v) for v in r])
        console.out.print(t)
        for o, sm in summ.items():
            console.out.print(f"-{o}: published/ours geometric mean {sm['geomean']:.2f}, max/min {sm['spread']:.1f} "
                      f"over {sm['n']} algorithms")
        cond = {"runs": runs, "summary": summ}
    from .can.cli import print_table3
    print_table3(console.out, t3, seed000.TARGET)
    if a.out:
        Path(a.out).mkdir(parents=True, exist_ok=True)
        (Path(a.out) / "seed000.json").write_text(json.dumps({"head": head, "rows": rows, "conditions": cond,
                                                              "table3": t3},
                                                             indent=1, ensure_ascii=False, default=str))
    return 0


def _seed004(a: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from .seeds import seed004
    from .store import Store
    from .targets import get
    targets = a.targets.split(",") if a.targets else list(seed004.TARGETS)
    for t in targets:
        if t not in seed004.TARGETS:
            raise UsageError(f"seed 004: unknown target {t!r} (choose from {', '.join(seed004.TARGETS)})")
        get(t).check()
    algos = resolve_algos(a.algo, False) if a.algo else None
    store = Store(a.db)
    rids = {t: store.start_run(t, command=" ".join(sys.argv), tool_version=__version__,
                               environment=get(t).environment()) for t in targets}
    measured = seed004.measure(targets, algos, store=store, run_ids=rids, reuse=not a.remeasure,
                               timeout=a.timeout,
                               progress=lambda t, n: console.err.print(f"seed 004: measuring {n} on {t}"))
    store.close()

    def show(title: str, head: list[str], rows: list[list[Any]]) -> None:
        t = _table(title=title)
        for h in head:
            t.add_column(h, justify="right")
        for r in rows:
            t.add_row(*[_fmt(v, 2 if isinstance(v, float) and v < 20 else 1) if not isinstance(v, str)
                        else v[:48] for v in r])
        console.out.print(t)

    head, rows = seed004.figure1(measured)
    show("Seed 004, Figure 1 regenerated (8051: published hand-written C51 on an extended 8051; ours "
         "portable C, SDCC, classic 8051, machine cycles = clocks/12; AVR exact cycles; ARM7TDMI "
         f"{seed004.current_count_kind('arm7tdmi')})", head, rows)
    rk = seed004.rankings(measured)
    for size, cols in rk.items():
        names = list(cols)
        show(f"Seed 004, Figures 2/5: rankings by cycles/byte, {size}-bit outputs", ["rank", *names],
             [[i + 1, *[c[i] if i < len(c) else "" for c in cols.values()]]
              for i in range(max(len(c) for c in cols.values()))])
    show("Seed 004, Figure 7: our AVR beside XBX's ATmega1281 (cycles/byte)",
         ["candidate", "ours", "XBX c/B", "ours c/B", "ours/XBX"], seed004.avr_vs_xbx(measured))
    head2, rows2 = seed004.others(measured)
    show("Not in seed 004: the same measurements for SHA-2, SHA-3 and the others", head2, rows2)
    if a.out:
        Path(a.out).mkdir(parents=True, exist_ok=True)
        (Path(a.out) / "seed004.json").write_text(json.dumps(
            {"measured": measured, "figure1": {"head": head, "rows": rows}, "rankings": rk,
             "avr_vs_xbx": seed004.avr_vs_xbx(measured), "others": {"head": head2, "rows": rows2}},
            indent=1, ensure_ascii=False))
    return 0


def cmd_validate(a: argparse.Namespace) -> int:
    import json

    from . import validate
    from .store import Store
    from .targets import get
    if a.published_only:
        return _validate_published(a)
    if a.target == "microblaze" or a.mblite:
        return _validate_mblite(a)
    names = resolve_algos(a.algo, False) if a.algo else ["sha256", "sha3_256", "sha512"]
    store = Store(a.db)
    tnames = ["rv32imc", "softcore-rv32", "cortex-m3"]
    for tn in tnames:
        get(tn).check()
    rids = {tn: store.start_run(tn, command=" ".join(sys.argv), tool_version=__version__,
                                environment=get(tn).environment()) for tn in tnames}
    rows = validate.against_rtl(names, store=store, run_ids=rids)
    t = _table(title="rv32imc cycle model vs PicoRV32 RTL (softcore-rv32), same firmware")
    for h in ("algorithm", "what", "bytes", "model cycles", "RTL cycles", "error %", "same instr."):
        t.add_column(h, justify="right")
    for r in rows:
        if r.get("error"):
            t.add_row(r["algo"], "error", "", "", "", "", r["error"][:60])
            continue
        t.add_row(r["algo"], r["kind"], str(r["size"]), f"{r['model']:,.0f}", f"{r['rtl']:,.0f}",
                  f"{r['error_pct']:+.1f}", "" if r["instructions_equal"] is None else str(r["instructions_equal"]))
    console.out.print(t)
    rows2 = validate.against_boards(store=store, run_ids=rids)
    store.close()
    t = _table(title="ARM cycle models vs published real-board figures (long messages)")
    for h in ("target", "algorithm", "published c/B", "model c/B", "error %", "source"):
        t.add_column(h, justify="right")
    for r in rows2:
        t.add_row(r["target"], r["algo"], str(r["cycles_per_byte"]),
                  "-" if r.get("error") else f"{r['model_cpb']:.1f}",
                  r.get("error", "")[:40] if r.get("error") else f"{r['error_pct']:+.1f}", r["source"][:70])
    console.out.print(t)
    if a.json:
        print(json.dumps({"rtl": rows, "boards": rows2}, indent=1))
    return _validate_published(a)


def _validate_mblite(a: argparse.Namespace) -> int:
    import json

    from . import validate
    from .targets.mblite import MbliteUnavailable
    names = resolve_algos(a.algo, False) if a.algo else ["sha256", "sha3_256", "blake2s"]
    try:
        res = validate.against_mblite(names, a.mblite)
    except (MbliteUnavailable, FileNotFoundError) as e:
        console.err.print(f"[red]validate-models --target microblaze: {e}[/red]")
        return 2
    c = res["core"]
    t = _table(title=f"MicroBlaze plugin, MB-Lite profile, vs the MB-Lite RTL ({c['simulator']}), same image; "
                    f"MB-Lite {c['commit'][:12]} from {c['path']}")
    for h in ("algorithm", "what", "bytes", "model cycles", "RTL cycles", "error %", "UG984 5-stage", "instructions"):
        t.add_column(h, justify="right")
    for r in res["rows"]:
        if r.get("error"):
            t.add_row(r["algo"], "error", "", "", "", "", "", r["error"][:80])
            continue
        fmt = "{:,.1f}" if r["kind"] == "c_block" else "{:,.0f}"
        t.add_row(r["algo"], r["kind"], str(r["size"]), fmt.format(r["model"]), fmt.format(r["rtl"]),
                  f"{r['error_pct']:+.2f}", fmt.format(r["ug984"]),
                  "" if r["instructions"] is None else f"{r['instructions']:,}")
    console.out.print(t)
    console.out.print(f"flags: {c['flags']}")
    if a.json:
        print(json.dumps(res, indent=1))
    good = [r for r in res["rows"] if not r.get("error")]
    return 0 if good and len(good) == len(res["rows"]) else 1


def _validate_published(a: argparse.Namespace) -> int:
    import json

    from . import validate
    rows = validate.against_published(pqm4=a.pqm4, xkcp=a.xkcp, pqm3=a.pqm3, aes=a.aes, cifra=a.cifra)
    t = _table(title="ARM cycle models vs published board figures, same program and flags")
    for h in ("core", "program", "operation", "model cycles", "published", "error %", "source"):
        t.add_column(h, justify="right")
    for r in rows:
        if r.get("error"):
            t.add_row(r["core"], r["program"], "error", "", "", "", r["error"][-80:])
            continue
        pub = "-" if r.get("published") is None else f"{r['published']:,}"
        t.add_row(r["core"], r["program"], r["operation"],
                  f"{r['model']:,}" + ("" if r["verified"] else " (WRONG OUTPUT)"), pub,
                  f"{r['error_pct']:+.1f}" if "error_pct" in r else "-", r["source"][:90])
    console.out.print(t)
    prof = [r for r in rows if r.get("model_hashing") and r.get("published_hashing_pct") and r.get("published")]
    if prof:
        # the publication's hashing profile splits its cycles in two; splitting
        # the model's the same way says which part the error is in
        t = _table(title="hashing (Keccak/SHA-3 functions) and the rest: model against the published profile")
        for h in ("core", "program", "operation", "model hashing", "published hashing", "hashing error %",
                  "rest error %"):
            t.add_column(h, justify="right")
        for r in prof:
            ph = r["published"] * r["published_hashing_pct"] / 100
            mh = r["model_hashing"]
            r["hashing_error_pct"] = 100.0 * (mh - ph) / ph
            r["rest_error_pct"] = 100.0 * ((r["model"] - mh) - (r["published"] - ph)) / (r["published"] - ph)
            t.add_row(r["core"], r["program"], r["operation"], f"{mh:,} ({100 * mh / r['model']:.1f}%)",
                      f"{ph:,.0f} ({r['published_hashing_pct']:.1f}%)", f"{r['hashing_error_pct']:+.1f}",
                      f"{r['rest_error_pct']:+.1f}")
        console.out.print(t)
    if a.json:
        print(json.dumps({"published": rows}, indent=1))
    measured = [r for r in rows if not r.get("error")]
    return 0 if measured and all(r.get("verified") for r in measured) else 1


# ---- entry point ---------------------------------------------------------------------

def build_parser(hash_only: bool = False) -> argparse.ArgumentParser:
    """The whole command line; hash_only: the top level and `hash` alone,
    which main uses for `hashbench hash ...` (the rest imports the
    hardware and CAN modules just to describe their options)."""
    p = argparse.ArgumentParser(prog="hashbench", description="Choose a hash or MAC for a constrained "
                                "system: KAT-verified algorithms, benchmarks, reports.")
    p.add_argument("--version", action="version", version=f"hashbench {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("list", help="the algorithm registry")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_list)

    s = sub.add_parser("hash", help="hash files like sha256sum")
    s.add_argument("-a", "--algo", required=True)
    s.add_argument("--key", help="key as hex (keyed modes)")
    s.add_argument("--custom", help="customisation string as hex (cSHAKE, KMAC, K12, ...)")
    s.add_argument("--length", type=int, help="output bytes (XOF, or a variable-length hash)")
    s.add_argument("files", nargs="*", help="files, or - for standard input (default)")
    s.set_defaults(fn=cmd_hash)
    if hash_only:
        return p

    s = sub.add_parser("mac", help="MAC of files: hmac_<hash>, kmac128/256, keyed blake2/3, Skein-MAC")
    s.add_argument("-a", "--algo", required=True)
    s.add_argument("--key", required=True, help="key as hex")
    s.add_argument("--custom", help="customisation string as hex (KMAC)")
    s.add_argument("--length", type=int, help="tag bytes where the MAC allows a choice")
    s.add_argument("files", nargs="*")
    s.set_defaults(fn=cmd_mac)

    s = sub.add_parser("verify", help="run the known-answer tests through the library")
    s.add_argument("-a", "--algo", action="append")
    s.add_argument("--no-monte-carlo", action="store_true", help="skip Monte Carlo chains")
    s.set_defaults(fn=cmd_verify)

    s = sub.add_parser("bench", help="measure cycles, cycles/byte, MB/s (and more on embedded targets)")
    s.add_argument("--target", default="host")
    s.add_argument("-a", "--algo", action="append", help="NAME[,NAME...]")
    s.add_argument("--all", action="store_true", help="every registered algorithm")
    s.add_argument("--sizes", help="comma-separated bytes (suffixes K/KiB/M/MiB); default: "
                   + ",".join(map(str, DEFAULT_SIZES)))
    s.add_argument("--blocks", type=int, help="also measure 1..K whole blocks for the "
                   "HTime(N) fit (default: the target's config; 0 = off)")
    s.add_argument("--seconds", type=float, help="time budget per measurement (host)")
    s.add_argument("--fit-bytes", type=int, help="host: also measure 1, 2, 4, ... whole blocks up to this "
                   "many bytes for the long-message fit (default: [run] fit_bytes, 65536; 0 = off)")
    s.add_argument("--no-verify", action="store_true", help="skip the KAT check before measuring")
    s.add_argument("--active-mw", type=float, help="active power in mW for the energy figures "
                   "(overrides the target profile)")
    s.add_argument("--timeout", type=float, help="seconds before a simulator run is killed (embedded)")
    s.add_argument("--workers", type=int, help="simulated targets: run the (algorithm, implementation) "
                   "pairs on a Dask LocalCluster of this many processes (the FPGA campaign's engine)")
    s.add_argument("--scheduler", help="simulated targets: a running Dask scheduler's address instead "
                                       "(its workers need this project and the target's toolchain)")
    s.add_argument("--mcu", help="avr: atmega1281 (default), atmega328p or atmega2560")
    s.add_argument("--impl", help="measure only this implementation (see `hashbench impls`)")
    s.add_argument("--selected", action="store_true",
                   help="only the implementation the target's config selects (default: every candidate)")
    s.add_argument("--table", action="store_true", help="print every measured row (default when <= 8 algorithms)")
    s.add_argument("--no-system-check", action="store_true",
                   help="host: skip the machine check (load, busy processes, calibration) before measuring")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true", help="one JSON object per measurement")
    g.add_argument("--csv", action="store_true")
    s.add_argument("--db", help="result store (default ~/.local/share/hashbench/results.sqlite)")
    s.add_argument("--report", help="also write an HTML report into this folder")
    s.set_defaults(fn=cmd_bench)

    s = sub.add_parser("peers", help="benchmark: ours beside OpenSSL, libsodium and installed packages")
    s.add_argument("-a", "--algo", action="append")
    s.add_argument("--json", action="store_true")
    s.add_argument("--runs", type=int, default=3, help="interleaved runs (the table shows medians; default 3)")
    s.add_argument("--mbps", action="store_true",
                   help="MB/s at 1 MiB of every implementation instead of ratios (also Rust crates)")
    s.add_argument("--no-rust", action="store_true",
                   help="leave out the Rust crates (tools/peers-rs, built with cargo on first use)")
    s.set_defaults(fn=cmd_peers)

    s = sub.add_parser("peer-c", help="benchmark: our portable C beside a peer's portable C you fetched "
                                      "(sphlib 3.0), digests checked, interleaved runs")
    s.add_argument("--peer", default="sphlib", choices=["sphlib"])
    s.add_argument("--src", help="the peer's C sources (sphlib: its c/ directory)")
    s.add_argument("-a", "--algo", action="append", help="default: every variant the peer has")
    s.add_argument("--target", default="host",
                   help="host (default) or a simulated target (cortex-m4, avr, ...): one image per algorithm "
                        "runs ours and the peer, built with the target's compiler and flags")
    s.add_argument("--impl", help="--target: our implementation to measure (default: the target's selected one)")
    s.add_argument("--opt", help="--target avr: -O2 (default), -Os, -O1 or -O3 for both sides; a comma list "
                                 "(--opt=-O2,-Os) measures each and reports each side's faster one")
    s.add_argument("--mcu", help="--target avr: atmega1281 (default), atmega328p or atmega2560")
    s.add_argument("--blocks", type=int, help="--target: whole blocks 1..K for the long-message slope")
    s.add_argument("--peer-flag", action="append",
                   help="--target: a flag for the peer's sources only, e.g. -DSPH_SMALL_FOOTPRINT=1")
    s.add_argument("--sizes", default=PEER_HOST_SIZES, help="host default 64,1024,1048576; targets 64,1024")
    s.add_argument("--markdown", action="store_true", help="--target: the table in Markdown (as in the README)")
    s.add_argument("--every-impl", action="store_true",
                   help="--target: every implementation the target's config names (fast and small forms)")
    s.add_argument("--two-images", action="store_true",
                   help="--target: each side in an image of its own (automatic when both do not fit one part)")
    s.add_argument("--runs", type=int, default=3)
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_peer_c)

    s = sub.add_parser("seed", help="regenerate a seed study's table from our measurements")
    s.add_argument("study", help="000 (Tables 1 and 3), 001 (SHA-2/SHA-3 on MicroBlaze), 002 (Tables 3-4, "
                   "Fig. 6) or 004 (Figs 1, 2/5, 7)")
    s.add_argument("--db")
    s.add_argument("--targets", help="seed 004: comma-separated, of mcs51,avr,arm7tdmi (default all)")
    s.add_argument("-a", "--algo", action="append", help="seed 004: only these algorithms")
    s.add_argument("--remeasure", action="store_true",
                   help="seed 004: measure again even where the store has a result")
    s.add_argument("--timeout", type=float, default=900.0, help="seed 004: per simulator run, seconds")
    s.add_argument("--out", help="folder for the plot and JSON")
    s.add_argument("--conditions", help="seed 000: also measure Table 1 at these optimisation levels "
                   "(e.g. O0,O1) and compare the ratios to the published figures")
    s.set_defaults(fn=cmd_seed)

    s = sub.add_parser("validate-models", help="check the cycle models: rv32 vs RTL, ARM vs published boards, "
                       "MicroBlaze vs MB-Lite RTL (--target microblaze)")
    s.add_argument("-a", "--algo", action="append")
    s.add_argument("--db")
    s.add_argument("--json", action="store_true")
    s.add_argument("--pqm4", help="checkout of github.com/mupq/pqm4 with its submodules (default: cloned "
                   "into ~/.cache/hashbench/validate)")
    s.add_argument("--pqm3", help="checkout of github.com/mupq/pqm3 with its submodules")
    s.add_argument("--xkcp", help="checkout of github.com/XKCP/XKCP")
    s.add_argument("--aes", help="checkout of github.com/Ko-/aes-armcortexm")
    s.add_argument("--cifra", help="checkout of github.com/ctz/cifra")
    s.add_argument("--published-only", action="store_true",
                   help="only the ARM models against published figures for the same program")
    s.add_argument("--target", choices=["microblaze"],
                   help="only this target's check: microblaze = the QEMU plugin against the MB-Lite RTL "
                   "under GHDL (-a: default sha256, sha3_256, blake2s)")
    s.add_argument("--mblite", help="checkout of MB-Lite (github.com/takar/mb-lite, OpenCores mblite); default "
                   "~/.cache/hashbench/validate/mblite; implies --target microblaze")
    s.set_defaults(fn=cmd_validate)

    s = sub.add_parser("recommend", help="which hash/MAC for my chip? rank what meets the constraints")
    s.add_argument("--target", required=True)
    s.add_argument("--size", type=int, required=True, help="message bytes")
    s.add_argument("--max-rom", help="code bytes at most (8K, 8192, ...)")
    s.add_argument("--max-ram", help="RAM bytes at most (context + stack)")
    s.add_argument("--security", type=int, help="bits of security at least (112, 128, 256)")
    s.add_argument("--mac", action="store_true", help="only MACs (HMAC, KMAC, keyed BLAKE2/3, Skein-MAC, CMAC)")
    s.add_argument("--standardised", action="store_true", help="only NIST standards and RFCs")
    s.add_argument("--measure", action="store_true", help="measure what the store lacks on the target first")
    s.add_argument("--top", type=int, default=10)
    s.add_argument("--json", action="store_true")
    s.add_argument("--db")
    s.set_defaults(fn=cmd_recommend)

    s = sub.add_parser("check-system", help="is this machine quiet enough to time on? (load, governor, "
                       "boost, busy processes, calibration spread)")
    s.add_argument("--runs", type=int, default=5, help="calibration runs (default 5)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_check_system)

    s = sub.add_parser("targets", help="measuring targets and what to install for each")
    s.set_defaults(fn=cmd_targets)

    s = sub.add_parser("impls", help="the implementations of each algorithm family")
    s.add_argument("-a", "--algo", action="append")
    s.set_defaults(fn=cmd_impls)

    s = sub.add_parser("db", help="the result store: merge stores of other machines, export")
    s.add_argument("--db")
    dsub = s.add_subparsers(dest="db_cmd", required=True)
    m = dsub.add_parser("merge", help="add the runs and rows of other stores (SQLite files or .jsonl dumps) "
                        "that this one lacks")
    m.add_argument("files", nargs="+")
    def filters(m: argparse.ArgumentParser) -> None:
        m.add_argument("--machine", help="host name(s) the runs were made on, comma-separated")
        m.add_argument("--target", help="target(s), comma-separated")
        m.add_argument("--impl", help="implementation(s), comma-separated")
        m.add_argument("-a", "--algo", help="algorithm(s), comma-separated")
        m.add_argument("--kind", help="row kind(s), comma-separated (e.g. hw-task: the FPGA campaign's)")
        m.add_argument("--since", help="measured on or after this ISO date (UTC)")
        m.add_argument("--until", help="measured on or before this ISO date (UTC)")
    m = dsub.add_parser("export", help="every matching row as CSV (default) or JSON")
    m.add_argument("--format", choices=["csv", "json"], default="csv")
    g = m.add_mutually_exclusive_group()
    g.add_argument("--csv", action="store_true")
    g.add_argument("--json", action="store_true")
    filters(m)
    m = dsub.add_parser("dump", help="the matching rows and their runs as JSON lines, which `db merge` reads "
                        "(measured data to keep in git or carry to another machine)")
    m.add_argument("-o", "--output", help="file to write (default: standard output)")
    filters(m)
    m = dsub.add_parser("query", help="latest figures of the matching rows, one line per form")
    m.add_argument("--json", action="store_true")
    filters(m)
    m = dsub.add_parser("cpb-table", help="Markdown: long-message cycles/byte of every algorithm, one column "
                        "per --target (the form each target selects)")
    filters(m)
    dsub.add_parser("path")
    s.set_defaults(fn=cmd_db)

    s = sub.add_parser("report", help="HTML report (tables, plots, CSV, JSON) from the store")
    s.add_argument("--db")
    s.add_argument("--target")
    s.add_argument("--out", default="hashbench-report")
    s.add_argument("--markdown", action="store_true", help="report.md with SVG files beside it (for docs)")
    s.set_defaults(fn=cmd_report)

    from .hw.cli import add_parser as add_hw_parser
    add_hw_parser(sub)
    from .can.cli import add_parser as add_can_parser
    add_can_parser(sub)
    return p


def _loaded_errors() -> tuple[type[Exception], ...]:
    """The store's and the targets' errors, reported like a usage error:
    only where their modules were imported, since no other command can
    raise them (importing them for every command costs as much as the
    store and every target)."""
    found: list[type[Exception]] = []
    for mod, name in (("hashbench.store", "StoreError"), ("hashbench.targets.base", "TargetUnavailable")):
        if mod in sys.modules:
            found.append(getattr(sys.modules[mod], name))
    return tuple(found)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    a = build_parser(hash_only=args[:1] == ["hash"]).parse_args(args)
    fn: Handler = a.fn
    try:
        return fn(a)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        console.err.print("hashbench: interrupted; every finished measurement is in the store")
        return 130
    except Exception as e:
        # bad input (UnknownAlgorithm is a ValueError): one line, exit 2
        if not isinstance(e, (UsageError, ValueError, *_loaded_errors())):
            raise
        console.err.print(f"hashbench: {e}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
