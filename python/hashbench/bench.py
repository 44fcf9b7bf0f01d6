"""The benchmark as a library: one `run()` used by the CLI, the seed
modules, validation and tests.

    for row in hashbench.bench.run("cortex-m4", ["sha256"], [64, 1024]):
        ...

Rows are stored (when a store is given) the moment they are measured, so a
run killed half way keeps every finished row.  `best_forms()` says, per
algorithm, which implementation is the fastest and which the smallest."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from . import __version__, impls, kat, native
from .analysis import long_rate, one_count_kind
from .targets.base import Row


def run(target: str, algos: Iterable[str], sizes: list[int] | None = None, blocks: int | None = None, *,
        impl: str | None = None, every_impl: bool = True, store: Any = None, command: str = "",
        verify: bool = True, target_options: dict[str, Any] | None = None, notes: dict[str, Any] | None = None,
        **options: Any) -> Iterator[Row]:
    """Measure `algos` on `target` and yield one row per (algorithm,
    implementation, message size or block count).

    impl: only this implementation; every_impl: every candidate the target's
    config names (else only its selected form); target_options: the
    backend's (avr: mcu, opt); notes: stored with the run's environment
    (the machine check of `hashbench check-system`); options: the runner's
    (timeout, check_n, seconds, active_mw, fit_bytes)."""
    from . import targets
    tg = targets.get(target, **(target_options or {}))
    tg.check()
    algos = list(algos)
    if sizes is None:
        sizes = tg.cfg.run_opt("sizes", [0, 64, 1024])
    run_id = None
    if store is not None:
        env = dict(tg.environment(), **(notes or {}))
        run_id = store.start_run(tg.name, compiler=env.get("compiler", ""), flags=env.get("flags", ""),
                                 environment=env, command=command, tool_version=__version__)

    def emit(row: Row) -> Row:
        if store is not None and run_id is not None:
            store.add(run_id, row)
        return row

    if target == "host" and verify:
        # the KATs of the kernel that will be measured (the binding runs the
        # same dispatch as the harness)
        from .targets.host import host_impl
        failed = []
        for n in algos:
            fam = impls.deciding_family(n)
            forced = impl is not None and fam is not None and native.set_impl(fam, impl)
            try:
                ok, bad, _ = kat.run(n, monte_carlo=False)
            finally:
                if forced and fam is not None:
                    native.set_impl(fam, None)
            if bad:
                failed.append(n)
                yield emit({"algo": n, "target": target, "impl": host_impl(n, impl),
                            "verified": False,
                            "error": f"known-answer tests failed ({bad} of {ok + bad}); not measured"})
        algos = [n for n in algos if n not in failed]
    kw = dict(options)
    kw["blocks"] = blocks if blocks is not None else tg.cfg.run_opt("blocks", 4)
    if target != "host":
        kw.update(impl=impl, every_impl=every_impl)
    elif impl is not None:
        kw["impl"] = impl
    for row in tg.run(algos, sizes, **kw):
        yield emit(row)


def speed(rows: list[Row]) -> tuple[float | None, str, str | None]:
    """Cycles per byte of one (algorithm, implementation): the robust slope
    of the HTime(N) fit over whole blocks when there are block rows, else
    the largest message measured (analysis.long_rate).  Returns (c/B, how,
    why it is unstable or None)."""
    ok = [r for r in rows if not r.get("error") and r.get("median") is not None]
    if not ok:
        return None, "", None
    a = native.find(ok[0]["algo"])
    lr = long_rate(ok, a.block_size if a else 0)
    return lr["cpb"], lr["how"], lr["unstable"]


def best_forms(rows: Iterable[Row]) -> dict[str, dict[str, Any]]:
    """Per algorithm: every implementation's speed and code size, and which
    is the fastest and which the smallest (among those measured)."""
    by: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        by.setdefault((r["algo"], r.get("impl") or impls.SINGLE), []).append(r)
    out: dict[str, dict[str, Any]] = {}
    for (algo, im), group in by.items():
        rs, _ = one_count_kind(group)
        cpb, how, unstable = speed(rs)
        code = next((r.get("code_bytes") for r in rs if r.get("code_bytes")), None)
        err = next((r["error"] for r in rs if r.get("error")), None)
        out.setdefault(algo, {"forms": {}})["forms"][im] = {"cpb": cpb, "how": how, "code_bytes": code,
                                                             "error": err, "unstable": unstable}
    for d in out.values():
        ok = {i: f for i, f in d["forms"].items() if f["cpb"] is not None}
        d["fastest"] = min(ok, key=lambda i: ok[i]["cpb"]) if ok else None
        sized = {i: f for i, f in ok.items() if f["code_bytes"]}
        d["smallest"] = min(sized, key=lambda i: sized[i]["code_bytes"]) if sized else None
    return out
