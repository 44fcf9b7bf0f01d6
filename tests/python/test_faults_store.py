"""Fault campaign on the result store: each fault injected on purpose, then
the store checked.  After every fault: the writer exits with a clear
message (or the survivor goes on), every row committed before the fault is
in the store, `PRAGMA integrity_check` says ok, and no row is partial (each
stored row equals, column for column, the row its writer wrote).

  fault                      injected by
  disk full while writing    RLIMIT_FSIZE on the writer (SQLite's write
                             fails as on a full disk: EFBIG, not ENOSPC)
  store file corrupted       garbage, a truncated copy, a data page
                             overwritten: `hashbench bench` exits 2 and
                             leaves the file byte for byte as it was
  writer killed (kill -9)    SIGKILL at random moments, 60 times, on one
                             store: open, schema, inserts, commits, checkpoints
  two concurrent writers     two processes on one store from its creation
                             (Store level, 300 rows each) and two
                             `hashbench bench` runs

The writers are small processes that import store.py alone (fast to start,
so many kills fit in a few seconds); `hashbench bench` itself is the writer
where the CLI's exit code is the point."""
from __future__ import annotations

import hashlib
import json
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hashbench.store import COLUMNS, Store, StoreError

STORE_PY = Path(__file__).resolve().parents[2] / "python" / "hashbench" / "store.py"
HB = [sys.executable, "-m", "hashbench.cli"]

# the writer: prints "row I" after add() of row I has returned (committed)
WRITER = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("hb_store", {str(STORE_PY)!r})
st = importlib.util.module_from_spec(spec)
spec.loader.exec_module(st)
db, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
exec(sys.argv[4])  # defines expected(tag, i)
try:
    s = st.Store(db)
    rid = s.start_run("fault-test", command=tag)
    for i in range(n):
        s.add(rid, expected(tag, i))
        print("row", i, flush=True)
    s.close()
except st.StoreError as e:
    print("hashbench:", e, file=sys.stderr)
    sys.exit(2)
"""

EXPECTED_SRC = """
def expected(tag, i):
    return {"algo": tag, "target": "fault", "impl": "ref", "size": i, "kind": "size", "reps": 3 * i + 1,
            "median": i + 0.25, "q1": i + 0.125, "q3": i + 0.5, "min": float(i), "max": i + 1.0,
            "count_kind": "cycles", "instructions": None, "cycles_per_byte": i / 7.0,
            "clock_hz": 1e9, "time_us": i * 1.5, "mbps": 100.0 + i, "energy_uj": None,
            "verified": 1, "code_bytes": 1000 + i, "ram_bytes": 2000 + i, "stack_bytes": 300 + i,
            "ctx_bytes": 400 + i, "error": None, "note": "x" * (i % 97)}
"""
_ns: dict = {}
exec(EXPECTED_SRC, _ns)
expected = _ns["expected"]


def writer(db: Path, tag: str, n: int, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(db), tag, str(n), EXPECTED_SRC],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def committed(out: str) -> int:
    """rows the writer saw committed: the complete "row I" lines it printed"""
    return sum(1 for line in out.splitlines(keepends=True) if line.startswith("row ") and line.endswith("\n"))


def check_store(db: Path, seen: dict[str, int]) -> None:
    """integrity_check ok; for each writer (tag) rows 0..k-1 with k at least
    the rows it saw committed, each one whole; nothing else"""
    con = sqlite3.connect(str(db))
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        got: dict[str, list[int]] = {}
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        recs, names = [], []
        if "results" in tables:  # else killed before the schema was committed
            cur = con.execute("SELECT runs.command, r.* FROM results r JOIN runs ON r.run_id = runs.id "
                              "ORDER BY r.id")
            names = [d[0] for d in cur.description]
            recs = cur.fetchall()
        for rec in recs:
            row = dict(zip(names, rec))
            tag = row["command"]
            assert tag in seen, f"a row of an unknown writer {tag!r}"
            want = expected(tag, row["size"])
            for c in COLUMNS:
                assert row[c] == want[c], (tag, row["size"], c, row[c], want[c])
            assert json.loads(row["extra"]) == {"note": want["note"]}
            got.setdefault(tag, []).append(row["size"])
        for tag, k in seen.items():
            sizes = got.get(tag, [])
            assert sizes == list(range(len(sizes))), f"{tag}: rows {sizes[:5]}... not in order or with gaps"
            assert len(sizes) >= k, f"{tag}: {k} rows committed, {len(sizes)} in the store"
            # at most the row being committed when the writer died is beyond what it printed
            assert len(sizes) <= k + 1, f"{tag}: {len(sizes)} rows, {k} printed"
    finally:
        con.close()


def test_kill_9_at_random_points(tmp_path):
    db = tmp_path / "r.sqlite"
    rng = random.Random(1717)
    seen: dict[str, int] = {}
    kills = 0
    for j in range(60):
        tag = f"kill{j}"
        p = writer(db, tag, 10**6)
        early = ""
        if j % 2:
            # after a random number of committed rows (a kill point that does
            # not depend on how fast a loaded machine starts Python)
            for _ in range(rng.randint(1, 20)):
                early += p.stdout.readline()
            time.sleep(rng.uniform(0, 0.005))
        else:
            # 0..250 ms: before the store is open, in the schema, in inserts and commits
            time.sleep(rng.uniform(0, 0.25))
        p.send_signal(signal.SIGKILL)
        # read through the file object: readline() above may hold buffered
        # lines that communicate() (which reads the descriptor) would miss
        out = early + p.stdout.read()
        p.stderr.read()
        p.wait()
        kills += p.returncode == -signal.SIGKILL
        seen[tag] = committed(out)
        check_store(db, seen)
    assert kills >= 50, f"only {kills} writers were still running when killed"
    assert sum(seen.values()) > 0
    # and the store still takes writes
    p = writer(db, "after", 5)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    seen["after"] = committed(out)
    check_store(db, seen)


def _limit_file_size(limit: int):
    def f():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return f


def test_disk_full_while_writing(tmp_path):
    db = tmp_path / "r.sqlite"
    Store(db).close()
    size = db.stat().st_size
    # the store file may grow a few pages, its write-ahead log a few dozen rows
    p = writer(db, "full", 10**6, preexec_fn=_limit_file_size(size + 96 * 1024))
    out, err = p.communicate(timeout=120)
    assert p.returncode == 2, (p.returncode, err)
    assert "cannot write a row to the result store" in err and "every row stored before is kept" in err
    assert str(db) in err
    seen = {"full": committed(out)}
    assert seen["full"] > 0
    check_store(db, seen)
    # with room again, the same store goes on
    p = writer(db, "room", 20)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, err
    seen["room"] = committed(out)
    check_store(db, seen)


def test_disk_full_cli_exits_2(tmp_path):
    db = tmp_path / "r.sqlite"
    Store(db).close()
    r = subprocess.run(HB + ["bench", "--target", "host", "-a", ",".join(["sha256"] * 400), "--sizes", "64",
                             "--blocks", "0", "--seconds", "0.0005", "--no-verify", "--json", "--db", str(db)],
                       capture_output=True, text=True, timeout=300,
                       preexec_fn=_limit_file_size(db.stat().st_size + 64 * 1024))
    assert r.returncode == 2, r.stderr
    assert "hashbench:" in r.stderr and "result store" in r.stderr and "Traceback" not in r.stderr
    printed = [json.loads(line) for line in r.stdout.splitlines()]  # printed after each commit
    con = sqlite3.connect(str(db))
    assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    n = con.execute("SELECT count(*) FROM results").fetchone()[0]
    assert len(printed) <= n <= len(printed) + 1 and n > 0
    con.close()


def _store_with_rows(db: Path, n: int = 300) -> None:
    s = Store(db)
    rid = s.start_run("fault-test", command="pre")
    for i in range(n):
        s.add(rid, expected("pre", i))
    s.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "page_overwritten"])
def test_corrupted_store(tmp_path, damage):
    db = tmp_path / "r.sqlite"
    if damage == "garbage":
        db.write_bytes(b"this is not a database" * 300)
    else:
        _store_with_rows(db)
        data = bytearray(db.read_bytes())
        assert not (tmp_path / "r.sqlite-wal").exists()  # all in the main file
        if damage == "truncated":
            data = data[: len(data) // 2 + 100]
        else:  # a page of the results table: random bytes over its cells
            page = 4096
            rnd = random.Random(5)
            start = (len(data) // page // 2) * page + 200
            data[start:start + 1500] = bytes(rnd.randrange(256) for _ in range(1500))
        db.write_bytes(bytes(data))
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    with pytest.raises(StoreError, match="damaged|not a hashbench result store"):
        Store(db)
    r = subprocess.run(HB + ["bench", "--target", "host", "-a", "sha256", "--sizes", "64", "--blocks", "0",
                             "--seconds", "0.001", "--no-verify", "--db", str(db)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    assert "damaged" in r.stderr and "Traceback" not in r.stderr
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before  # nothing written, nothing lost


def test_two_writers_on_one_store(tmp_path):
    db = tmp_path / "r.sqlite"  # created by whichever writer comes first
    ps = {tag: writer(db, tag, 300) for tag in ("one", "two")}
    seen = {}
    for tag, p in ps.items():
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        seen[tag] = committed(out)
        assert seen[tag] == 300
    check_store(db, seen)


def test_two_bench_runs_on_one_store(tmp_path):
    db = tmp_path / "r.sqlite"
    cmd = HB + ["bench", "--target", "host", "-a", ",".join(["sha256", "sha3_256"] * 10), "--sizes", "64,1024",
                "--blocks", "0", "--seconds", "0.0005", "--no-verify", "--json", "--db", str(db)]
    ps = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = []
    for p in ps:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        outs.append(out.splitlines())
    s = Store(db)
    try:
        rows = s.rows()
        assert s.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        s.close()
    assert len(rows) == sum(len(o) for o in outs) == 2 * 20 * 2
    assert len({r["run_id"] for r in rows}) == 2
