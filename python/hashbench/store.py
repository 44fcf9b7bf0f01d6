"""The SQLite result store.

Every measurement is written (and committed) the moment it is taken, so a
run killed half way keeps every row already measured.  A run records the
machine, CPU, compiler and flags, target and tool version; rows from stores
of several machines merge with `hashbench db merge` (runs are identified by
a UUID, so merging twice adds nothing).

Faults the store survives (tests/python/test_faults_store.py injects each):
  * a writer killed at any point (kill -9): one transaction per row, so a
    row is either whole or absent, and SQLite's journal rolls back the rest;
  * several processes writing one store: WAL journal (readers never block
    the writer) and a busy timeout (writers wait for each other in turn);
  * disk full, I/O errors, a corrupted or foreign file: StoreError with the
    path and the cause (the CLI exits 2); the file is left as it was, so
    the rows already in it stay readable.
"""
from __future__ import annotations

import json
import os
import platform
import sqlite3
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

SCHEMA_VERSION = 2
#: what each schema version adds, applied in order to an older store
MIGRATIONS = {
    # rows are keyed by implementation; rows measured before implementations
    # existed are of the one form each algorithm had then
    2: ["ALTER TABLE results ADD COLUMN impl TEXT",
        "UPDATE results SET impl = 'ref' WHERE impl IS NULL"],
}
# seconds a writer waits for another process's transaction to end; a row
# transaction takes milliseconds, a merge of a large store a few seconds
BUSY_TIMEOUT = 60.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    uuid TEXT UNIQUE NOT NULL,
    started TEXT NOT NULL,
    tool_version TEXT, machine TEXT, cpu TEXT, compiler TEXT, flags TEXT,
    target TEXT, environment TEXT, command TEXT
);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    ts TEXT NOT NULL,
    algo TEXT NOT NULL, target TEXT NOT NULL, size INTEGER, kind TEXT, reps INTEGER,
    median REAL, q1 REAL, q3 REAL, min REAL, max REAL,
    count_kind TEXT, instructions REAL, cycles_per_byte REAL,
    clock_hz REAL, time_us REAL, mbps REAL, energy_uj REAL,
    verified INTEGER, code_bytes INTEGER, ram_bytes INTEGER, stack_bytes INTEGER,
    ctx_bytes INTEGER, error TEXT, extra TEXT, impl TEXT
);
CREATE INDEX IF NOT EXISTS results_algo ON results(algo, target, size);
"""

COLUMNS = ["algo", "target", "impl", "size", "kind", "reps", "median", "q1", "q3", "min", "max",
           "count_kind", "instructions", "cycles_per_byte", "clock_hz", "time_us", "mbps",
           "energy_uj", "verified", "code_bytes", "ram_bytes", "stack_bytes", "ctx_bytes",
           "error"]


#: one result row as rows() returns it: the results and runs columns, and
#: the keys of `extra` JSON a backend adds (they differ per target and
#: workload, so the shape is open)
Row = dict[str, Any]


class StoreError(Exception):
    pass


def _cause(e: sqlite3.Error) -> str:
    """SQLite's message, with its error name where Python exposes it
    (SQLITE_FULL, SQLITE_IOERR_WRITE, ...: says which fault it was)."""
    name = getattr(e, "sqlite_errorname", None)
    return f"{e}, {name}" if name else str(e)


def default_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "hashbench" / "results.sqlite"


def cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class Store:
    def __init__(self, path: str | os.PathLike[str] | None = None):
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # isolation_level=None: this class opens and ends every transaction
            self.db = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT, isolation_level=None)
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot open the result store ({e})") from None
        try:
            # read-only checks first: a damaged file is refused before anything
            # (even the journal mode in its header) is written to it
            bad = self.db.execute("PRAGMA quick_check").fetchall()
            if bad != [("ok",)]:
                raise sqlite3.DatabaseError("; ".join(str(r[0]) for r in bad[:3]))
            if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                self.db.execute("PRAGMA journal_mode=WAL")
            with self._tx("create the tables of"):
                for stmt in SCHEMA.split(";"):
                    if stmt.strip():
                        self.db.execute(stmt)
                # OR IGNORE: two processes creating one store at once
                self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            v = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.OperationalError as e:  # locked past the timeout, I/O error, disk full
            self.db.close()
            raise StoreError(f"{self.path}: cannot use the result store ({_cause(e)})") from None
        except sqlite3.DatabaseError as e:  # not a database, malformed
            self.db.close()
            raise StoreError(f"{self.path} is not a hashbench result store or is damaged ({e}); "
                             f"it was left as it is: move it away or pass --db PATH") from None
        if int(v[0]) > SCHEMA_VERSION:
            self.db.close()
            raise StoreError(f"{self.path}: schema {v[0]} is newer than this hashbench "
                             f"({SCHEMA_VERSION}); upgrade hashbench")
        with self._tx("migrate"):
            have = int(self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0])
            for ver in range(have + 1, SCHEMA_VERSION + 1):   # another process may have migrated it
                for stmt in MIGRATIONS[ver]:
                    self.db.execute(stmt)
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
            self.db.execute("CREATE INDEX IF NOT EXISTS results_impl ON results(algo, target, impl, size)")

    @contextmanager
    def _tx(self, what: str) -> Iterator[None]:
        """One write transaction: BEGIN IMMEDIATE takes the write lock at once
        (waiting up to BUSY_TIMEOUT for another writer), COMMIT or ROLLBACK."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise StoreError(f"{self.path}: cannot {what} the result store ({e})") from None
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException as e:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite has already rolled back (disk full, I/O error)
            if isinstance(e, sqlite3.Error):
                raise StoreError(f"{self.path}: cannot {what} the result store ({_cause(e)}); "
                                 f"every row stored before is kept") from None
            raise

    def close(self) -> None:
        self.db.close()

    def start_run(self, target: str, compiler: str = "", flags: str = "", environment: dict[str, Any] | None = None,
                  command: str = "", tool_version: str = "") -> int:
        with self._tx("start a run in"):
            cur = self.db.execute(
                "INSERT INTO runs (uuid, started, tool_version, machine, cpu, compiler, flags, target,"
                " environment, command) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (str(uuid.uuid4()), datetime.now(timezone.utc).isoformat(timespec="seconds"),
                 tool_version, platform.node(), cpu_model(), compiler, flags, target,
                 json.dumps(environment or {}, sort_keys=True), command))
        assert cur.lastrowid is not None  # set by the INSERT just made
        return cur.lastrowid

    def add(self, run_id: int, row: dict[str, Any]) -> None:
        extra = {k: v for k, v in row.items() if k not in COLUMNS}
        vals = [row.get(c) for c in COLUMNS]
        with self._tx("write a row to"):
            self.db.execute(
                f"INSERT INTO results (run_id, ts, {', '.join(COLUMNS)}, extra) VALUES "
                f"(?, ?, {', '.join('?' * len(COLUMNS))}, ?)",
                [run_id, datetime.now(timezone.utc).isoformat(timespec="seconds")] + vals +
                [json.dumps(extra, sort_keys=True, default=str) if extra else None])

    def rows(self, where: str = "", params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        q = ("SELECT r.*, runs.machine, runs.cpu, runs.compiler, runs.flags, runs.uuid AS run_uuid,"
             " runs.started, runs.environment AS run_environment FROM results r JOIN runs ON r.run_id = runs.id " +
             (f"WHERE {where} " if where else "") + "ORDER BY r.id")
        try:
            cur = self.db.execute(q, params)
            names = [d[0] for d in cur.description]
            return [dict(zip(names, r)) for r in cur.fetchall()]
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path}: cannot read the result store ({_cause(e)})") from None

    def merge(self, other_path: str | os.PathLike[str]) -> tuple[int, int]:
        """Copy every run and row of another store (an SQLite store, or a
        `dump` file: a name ending in .jsonl) that this one does not have
        yet.  Returns (runs added, rows added).  One transaction; a run is
        matched by its UUID and a row of it by its contents, so merging
        twice adds nothing and merging a run that has grown since adds its
        new rows."""
        if str(other_path).endswith(".jsonl"):
            return self._merge_runs(_read_dump(Path(other_path)))
        other = Store(other_path)
        try:
            return self._merge_runs(other.runs_with_rows())
        finally:
            other.close()

    def runs_with_rows(self, where: str = "", params: tuple[Any, ...] = ()) -> Iterator[tuple[Row, list[Row]]]:
        """(run, its rows) for every run with a row matching `where` (the
        columns of the results table as r.*, of runs as runs.*), without
        the store's own ids: the form `dump` writes and `merge` reads."""
        try:
            q = ("SELECT DISTINCT runs.id FROM results r JOIN runs ON r.run_id = runs.id" +
                 (f" WHERE {where}" if where else "") + " ORDER BY runs.id")
            ids = [i for (i,) in self.db.execute(q, params).fetchall()]
            for rid in ids:
                cur = self.db.execute("SELECT * FROM runs WHERE id = ?", (rid,))
                run = dict(zip([d[0] for d in cur.description], cur.fetchone()))
                run.pop("id")
                cur = self.db.execute("SELECT r.* FROM results r JOIN runs ON r.run_id = runs.id WHERE "
                                      "r.run_id = ?" + (f" AND ({where})" if where else "") + " ORDER BY r.id",
                                      (rid,) + params)
                names = [d[0] for d in cur.description]
                rows = []
                for res in cur.fetchall():
                    d = dict(zip(names, res))
                    d.pop("id"), d.pop("run_id")
                    rows.append(d)
                yield run, rows
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path}: cannot read the result store ({_cause(e)})") from None

    def dump(self, out: TextIO, where: str = "", params: tuple[Any, ...] = ()) -> tuple[int, int]:
        """Write the matching rows and their runs as JSON lines, one run per
        line (keys sorted, so a dump of the same rows is the same text).
        Returns (runs, rows) written."""
        runs = rows = 0
        for run, rs in self.runs_with_rows(where, params):
            out.write(json.dumps({"run": run, "rows": rs}, sort_keys=True, default=str) + "\n")
            runs, rows = runs + 1, rows + len(rs)
        return runs, rows

    def _merge_runs(self, runs_rows: Iterable[tuple[Row, list[Row]]]) -> tuple[int, int]:
        runs = rows = 0
        with self._tx("merge into"):
            for run, rs in runs_rows:
                found = self.db.execute("SELECT id FROM runs WHERE uuid=?", (run["uuid"],)).fetchone()
                if found:
                    rid = found[0]
                    cur = self.db.execute("SELECT * FROM results WHERE run_id=?", (rid,))
                    names = [d[0] for d in cur.description]
                    have = {_row_key(dict(zip(names, r))) for r in cur.fetchall()}
                else:
                    cur = self.db.execute(f"INSERT INTO runs ({', '.join(run)}) VALUES "
                                          f"({', '.join('?' * len(run))})", list(run.values()))
                    assert cur.lastrowid is not None
                    rid, have = cur.lastrowid, set()
                    runs += 1
                for d in rs:
                    k = _row_key(d)
                    if k in have:
                        continue
                    have.add(k)
                    d = {**d, "run_id": rid}
                    self.db.execute(f"INSERT INTO results ({', '.join(d)}) VALUES "
                                    f"({', '.join('?' * len(d))})", list(d.values()))
                    rows += 1
        return runs, rows


def _row_key(d: Row) -> str:
    """A row's identity across stores: every column but the store's ids."""
    return json.dumps({k: v for k, v in d.items() if k not in ("id", "run_id")}, sort_keys=True, default=str)


def _read_dump(path: Path) -> Iterator[tuple[Row, list[Row]]]:
    """The (run, rows) of a `dump` file, each line checked before any is used."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise StoreError(f"{path}: cannot read the dump ({e})") from None
    out = []
    cols = {"ts", "algo", "target", "extra", *COLUMNS}
    for n, ln in enumerate(lines, 1):
        if not ln.strip():
            continue
        try:
            rec = json.loads(ln)
            run, rs = rec["run"], rec["rows"]
            if not isinstance(run, dict) or not isinstance(run.get("uuid"), str) or not isinstance(rs, list):
                raise ValueError("a run needs a uuid and a list of rows")
            for d in rs:
                if not isinstance(d, dict) or set(d) - cols or not {"ts", "algo", "target"} <= set(d):
                    raise ValueError(f"a row has unknown or missing columns ({sorted(set(d) ^ cols)[:4]})")
            if set(run) - {"uuid", "started", "tool_version", "machine", "cpu", "compiler", "flags", "target",
                           "environment", "command"}:
                raise ValueError("a run has unknown columns")
        except (ValueError, KeyError, TypeError) as e:
            raise StoreError(f"{path}:{n}: not a hashbench dump line ({e}); nothing was merged") from None
        out.append((run, rs))
    return iter(out)
