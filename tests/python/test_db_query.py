"""`hashbench db export` and `db query` filter by machine, target,
implementation, algorithm and date."""
from __future__ import annotations

import csv
import io
import json

from hashbench import cli
from hashbench.store import Store


def _store(path):
    st = Store(path)
    for target, impl in (("cortex-m0", "rolled"), ("cortex-m0", "unrolled"), ("avr", "ref")):
        rid = st.start_run(target)
        for size in (64, 1024):
            st.add(rid, {"algo": "sha256", "target": target, "impl": impl, "size": size, "kind": "size",
                         "median": 100.0 * size, "min": 100.0 * size, "q1": 100.0 * size, "q3": 100.0 * size,
                         "count_kind": "cycles_model", "code_bytes": 1500})
    st.db.execute("UPDATE results SET ts = '2001-01-02T10:00:00+00:00' WHERE target = 'avr'")
    st.close()


def test_export_filters(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    _store(db)
    assert cli.main(["db", "--db", str(db), "export", "--json", "--target", "cortex-m0", "--impl", "rolled"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(r["target"], r["impl"]) for r in rows} == {("cortex-m0", "rolled")} and len(rows) == 2
    assert cli.main(["db", "--db", str(db), "export", "--csv", "--until", "2001-01-02"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["target"] for r in rows} == {"avr"}
    assert cli.main(["db", "--db", str(db), "export", "--json", "--machine", "no-such-host"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert cli.main(["db", "--db", str(db), "export", "--since", "yesterday"]) == 2


def test_query(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    _store(db)
    assert cli.main(["db", "--db", str(db), "query", "--json", "--since", "2001-02-01"]) == 0
    fs = json.loads(capsys.readouterr().out)
    assert sorted(f["impl"] for f in fs) == ["rolled", "unrolled"]
    assert all(f["cycles"]["1024"] == 102400.0 for f in fs)
