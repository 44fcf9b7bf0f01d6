"""Fault campaign on the runners: each fault injected on purpose while a
benchmark runs, then the rows and the store checked.  After every fault the
run goes on with the next algorithm (or the process exits with a clear
message), every row measured before the fault is in the store, the store
passes `PRAGMA integrity_check`, and no row is partial.

  fault                       injected by                          what survives
  compiler missing mid-run    avr-gcc replaced by a wrapper that   the first algorithm's rows; the next
                              deletes itself after the first       one gets "does not build: cannot run
                              image is linked                      ...: No such file or directory"
  simulator killed            SIGKILL of the simavr harness while  "stopped early: simulator killed by
                              it runs the first image              signal SIGKILL"; the next is measured
  simulator hangs             a harness wrapper that sleeps in a   "hung: simulator killed after 2 s";
                              child process past the timeout       the sleeper is killed with it
  `hashbench bench` killed    kill -9 of the CLI (host harness,    every row it printed (after storing)
                              tiny sizes) at random moments, 50x   is in the store, whole
  two `hashbench bench`       two CLI runs on one store, one of    the survivor's rows all stored, the
  processes, one killed       them killed -9 midway                killed one's printed rows too

The first three go through the real subprocess paths of the avr backend
(avr-gcc, the libsimavr harness) of the one firmware pipeline; the CLI
faults use the host harness, cheap enough for many kills.
"""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hashbench import bench, targets
from hashbench.store import COLUMNS, Store

HB = [sys.executable, "-m", "hashbench.cli"]
ALGOS = ["sha256", "blake2s"]


def need_avr():
    tg = targets.get("avr")
    if tg.missing():
        pytest.skip(f"avr: toolchain missing ({', '.join(tg.missing())}); "
                    f"install with: {tg.install_hint()}")
    tg.check()  # builds the simavr harness once
    return tg


def script(path: Path, text: str) -> Path:
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def stored(db: Path) -> list[dict]:
    con = sqlite3.connect(str(db))
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "results" not in tables:
            return []
        cur = con.execute("SELECT * FROM results ORDER BY id")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]
    finally:
        con.close()


def same(row: dict, rec: dict) -> bool:
    """a stored record is the row, column for column"""
    for c in COLUMNS:
        want = row.get(c)
        if isinstance(want, bool):
            want = int(want)
        if rec[c] != want and not (isinstance(want, float) and rec[c] is not None and abs(rec[c] - want) < 1e-9):
            return False
    return True


def run_avr(db: Path, **opts) -> list[dict]:
    st = Store(db)
    try:
        return list(bench.run("avr", ALGOS, [64], 0, store=st, every_impl=False, check_n=16, **opts))
    finally:
        st.close()


def check_rows(db: Path, rows: list[dict]) -> None:
    recs = stored(db)
    assert len(recs) == len(rows)
    for row, rec in zip(rows, recs):
        assert same(row, rec), (row, rec)


# ---- the avr backend, real subprocesses -------------------------------------
def test_compiler_missing_mid_run(tmp_path, monkeypatch):
    need_avr()
    from hashbench.targets import avr
    cc = script(tmp_path / "avr-gcc", 'case "$*" in *-Wl,-Map=*) avr-gcc "$@" && rm -f "$0"; exit $?;; esac\n'
                                      'exec avr-gcc "$@"\n')
    of = avr.Toolchain.of

    def with_wrapper(cfg, **subst):
        tc = of(cfg, **subst)
        tc.cc = str(cc)
        return tc
    monkeypatch.setattr(avr.Toolchain, "of", with_wrapper)
    rows = run_avr(tmp_path / "r.sqlite")
    first = [r for r in rows if r["algo"] == ALGOS[0]]
    second = [r for r in rows if r["algo"] == ALGOS[1]]
    assert first and all(not r.get("error") and r["verified"] for r in first)
    assert len(second) == 1
    err = second[0]["error"]
    assert err.startswith("does not build: cannot run ") and "No such file or directory" in err, err
    check_rows(tmp_path / "r.sqlite", rows)


def test_simulator_killed(tmp_path, monkeypatch):
    tg = need_avr()
    real = tg.backend.simulator()
    pidfile = tmp_path / "pid"
    # exec: the harness keeps the wrapper's pid, which the killer reads
    wrapper = script(tmp_path / "sim", f'if [ ! -e "{tmp_path}/once" ]; then : > "{tmp_path}/once"; '
                                       f'echo $$ > "{pidfile}.tmp"; mv "{pidfile}.tmp" "{pidfile}"; fi\n'
                                       f'exec "{real}" "$@"\n')
    from hashbench.targets import avr
    monkeypatch.setattr(avr.SimavrBackend, "simulator", lambda self: wrapper)
    killed = []

    def killer():
        for _ in range(300_000):  # the first simulator run starts after a build
            if pidfile.exists():
                pid = int(pidfile.read_text())
                try:  # SIGKILL once the harness itself runs (a run takes ~0.15 s)
                    if os.readlink(f"/proc/{pid}/exe") == str(real.resolve()):
                        os.kill(pid, signal.SIGKILL)
                        killed.append(pid)
                        return
                except OSError:
                    pass
            time.sleep(0.001)
    th = threading.Thread(target=killer)
    th.start()
    rows = run_avr(tmp_path / "r.sqlite")
    th.join()
    assert killed
    first = [r for r in rows if r["algo"] == ALGOS[0]]
    assert len(first) == 1 and first[0]["error"].startswith("stopped early: simulator killed by signal SIGKILL")
    second = [r for r in rows if r["algo"] == ALGOS[1]]
    assert second and all(not r.get("error") and r["verified"] for r in second)
    check_rows(tmp_path / "r.sqlite", rows)


def test_simulator_hangs_past_timeout(tmp_path, monkeypatch):
    tg = need_avr()
    real = tg.backend.simulator()
    sleeper = tmp_path / "sleeper"
    # not exec: the sleep is a child of the wrapper and must be killed too
    wrapper = script(tmp_path / "sim", f'if [ ! -e "{tmp_path}/once" ]; then : > "{tmp_path}/once"; '
                                       f'sleep 600 & echo $! > "{sleeper}"; wait; fi\n'
                                       f'exec "{real}" "$@"\n')
    from hashbench.targets import avr
    monkeypatch.setattr(avr.SimavrBackend, "simulator", lambda self: wrapper)
    rows = run_avr(tmp_path / "r.sqlite", timeout=2)
    first = [r for r in rows if r["algo"] == ALGOS[0]]
    assert len(first) == 1 and first[0]["error"].startswith("hung: simulator killed after 2 s"), first
    second = [r for r in rows if r["algo"] == ALGOS[1]]
    assert second and all(not r.get("error") and r["verified"] for r in second)
    check_rows(tmp_path / "r.sqlite", rows)
    pid = int(sleeper.read_text())
    for _ in range(100):  # reaped by init in its own time
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            break
        if state == "Z":
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        pytest.fail("the hung simulator's child outlived the timeout")


# ---- the CLI, kill -9 --------------------------------------------------------
CLI_ALGOS = ["sha256", "blake2s", "sha3_256", "blake2b", "sha512", "keccak_256"]


def bench_cli(db: Path, algos=CLI_ALGOS) -> subprocess.Popen:
    return subprocess.Popen(HB + ["bench", "--target", "host", "-a", ",".join(algos), "--sizes", "16,64",
                                  "--blocks", "0", "--seconds", "0.002", "--json", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def printed(out: str) -> list[dict]:
    """the rows the CLI printed, each after its store.add() returned"""
    return [json.loads(line) for line in out.splitlines(keepends=True) if line.endswith("\n")]


def check_printed_in_store(db: Path, rows_by_run: list[list[dict]]) -> None:
    recs = stored(db) if db.exists() else []
    by_run: dict[int, list[dict]] = {}
    for rec in recs:
        by_run.setdefault(rec["run_id"], []).append(rec)
    runs = sorted(by_run.values(), key=lambda rs: rs[0]["id"])
    for rec in recs:  # no partial row: every stored row is a whole measurement
        assert rec["algo"] and rec["target"] == "host" and (rec["error"] or rec["median"] is not None), rec
    for want in rows_by_run:
        if not want:
            continue
        match = [rs for rs in runs if len(rs) >= len(want) and all(same(w, r) for w, r in zip(want, rs))]
        assert match, f"rows printed by a killed run missing from the store: {want[:1]}"
        assert len(match[0]) <= len(want) + 1  # at most the row being stored when killed


def test_kill_9_bench_at_random_points(tmp_path):
    rng = random.Random(17)
    t0 = time.monotonic()
    p = bench_cli(tmp_path / "probe.sqlite")
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    full = time.monotonic() - t0
    assert len(printed(out)) == 2 * len(CLI_ALGOS)
    db = tmp_path / "r.sqlite"
    seen = []
    for _ in range(50):
        p = bench_cli(db)
        time.sleep(rng.uniform(0, full))
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate(timeout=60)
        seen.append(printed(out))
        check_printed_in_store(db, seen)
    # the store is still usable by the next run
    p = bench_cli(db, ["sha256"])
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    assert len(printed(out)) == 2
    assert sum(1 for s in seen if s) > 0, "no kill landed after a stored row"


def test_two_bench_one_killed(tmp_path):
    db = tmp_path / "r.sqlite"
    a, b = bench_cli(db), bench_cli(db)
    first = a.stdout.readline()  # a has stored a row: kill it mid-run
    a.send_signal(signal.SIGKILL)
    out_a, _ = a.communicate(timeout=60)
    out_b, err_b = b.communicate(timeout=300)
    assert b.returncode == 0, err_b
    rows_b = printed(out_b)
    assert len(rows_b) == 2 * len(CLI_ALGOS)
    rows_a = printed(first + out_a)
    check_printed_in_store(db, [rows_a, rows_b])
    assert f"{len(rows_b)} measurements stored" in err_b
