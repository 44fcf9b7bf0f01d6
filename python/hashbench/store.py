"""The SQLite result store.

Every measurement is written (and committed) the moment it is taken, so a
run killed half way keeps every row already measured.  A run records the
machine, CPU, compiler and flags, target and tool version; rows from stores
of several machines merge with `hashbench db merge` (runs are identified by
a UUID, so merging twice adds nothing)."""
from __future__ import annotations

import json
import os
import platform
import sqlite3
import uuid
from datetime import datetime, timezone
from pathlib import Path

SCHEMA_VERSION = 2
#: what each schema version adds, applied in order to an older store
MIGRATIONS = {
    # rows are keyed by implementation; rows measured before implementations
    # existed are of the one form each algorithm had then
    2: ["ALTER TABLE results ADD COLUMN impl TEXT",
        "UPDATE results SET impl = 'ref' WHERE impl IS NULL",
        "CREATE INDEX IF NOT EXISTS results_impl ON results(algo, target, impl, size)"],
}

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


class StoreError(Exception):
    pass


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
    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(str(self.path))
            self.db.executescript(SCHEMA)
            v = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if v is None:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                self.db.commit()
            elif int(v[0]) < SCHEMA_VERSION:
                self._migrate(int(v[0]))
            elif int(v[0]) > SCHEMA_VERSION:
                raise StoreError(f"{self.path}: schema {v[0]} is newer than this hashbench "
                                 f"({SCHEMA_VERSION}); upgrade hashbench")
            self.db.execute("CREATE INDEX IF NOT EXISTS results_impl ON results(algo, target, impl, size)")
            self.db.commit()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is not a hashbench result store ({e}); "
                             f"move it away or pass --db PATH") from None

    def _migrate(self, have: int) -> None:
        """Bring an older store to SCHEMA_VERSION in one transaction."""
        with self.db:
            for v in range(have + 1, SCHEMA_VERSION + 1):
                for stmt in MIGRATIONS[v]:
                    self.db.execute(stmt)
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))

    def close(self):
        self.db.close()

    def start_run(self, target: str, compiler: str = "", flags: str = "", environment: dict | None = None,
                  command: str = "", tool_version: str = "") -> int:
        cur = self.db.execute(
            "INSERT INTO runs (uuid, started, tool_version, machine, cpu, compiler, flags, target,"
            " environment, command) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (str(uuid.uuid4()), datetime.now(timezone.utc).isoformat(timespec="seconds"),
             tool_version, platform.node(), cpu_model(), compiler, flags, target,
             json.dumps(environment or {}, sort_keys=True), command))
        self.db.commit()
        return cur.lastrowid

    def add(self, run_id: int, row: dict) -> None:
        extra = {k: v for k, v in row.items() if k not in COLUMNS}
        vals = [row.get(c) for c in COLUMNS]
        self.db.execute(
            f"INSERT INTO results (run_id, ts, {', '.join(COLUMNS)}, extra) VALUES "
            f"(?, ?, {', '.join('?' * len(COLUMNS))}, ?)",
            [run_id, datetime.now(timezone.utc).isoformat(timespec="seconds")] + vals +
            [json.dumps(extra, sort_keys=True, default=str) if extra else None])
        self.db.commit()

    def rows(self, where: str = "", params: tuple = ()) -> list[dict]:
        q = ("SELECT r.*, runs.machine, runs.cpu, runs.compiler, runs.flags, runs.uuid AS run_uuid,"
             " runs.started FROM results r JOIN runs ON r.run_id = runs.id " +
             (f"WHERE {where} " if where else "") + "ORDER BY r.id")
        cur = self.db.execute(q, params)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    def merge(self, other_path: str | os.PathLike) -> tuple[int, int]:
        """Copy every run (and its rows) of another store that this one does
        not have yet.  Returns (runs added, rows added)."""
        other = Store(other_path)
        runs = rows = 0
        try:
            ocur = other.db.execute("SELECT * FROM runs ORDER BY id")
            rnames = [d[0] for d in ocur.description]
            for r in ocur.fetchall():
                run = dict(zip(rnames, r))
                if self.db.execute("SELECT 1 FROM runs WHERE uuid=?", (run["uuid"],)).fetchone():
                    continue
                old = run.pop("id")
                cur = self.db.execute(f"INSERT INTO runs ({', '.join(run)}) VALUES "
                                      f"({', '.join('?' * len(run))})", list(run.values()))
                new = cur.lastrowid
                runs += 1
                rcur = other.db.execute("SELECT * FROM results WHERE run_id=? ORDER BY id", (old,))
                names = [d[0] for d in rcur.description]
                for res in rcur.fetchall():
                    d = dict(zip(names, res))
                    d.pop("id")
                    d["run_id"] = new
                    self.db.execute(f"INSERT INTO results ({', '.join(d)}) VALUES "
                                    f"({', '.join('?' * len(d))})", list(d.values()))
                    rows += 1
            self.db.commit()
        finally:
            other.close()
        return runs, rows
