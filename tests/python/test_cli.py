"""The command line: outputs, exit codes, and the store's guarantees."""
import json
import signal
import subprocess
import sys

import pytest

import hashbench
from hashbench.cli import main
from hashbench.store import Store, StoreError

HB = [sys.executable, "-m", "hashbench.cli"]


def run(args, **kw):
    return subprocess.run(HB + args, capture_output=True, text=True, **kw)


def rows(db):
    return Store(db).rows()


def test_list_json():
    r = run(["list", "--json"])
    assert r.returncode == 0
    reg = json.loads(r.stdout)
    assert {x["name"] for x in reg} == set(hashbench.algorithms())
    assert all({"digest_size", "block_size", "ctx_size", "flags"} <= set(x) for x in reg)


def test_hash_files_and_stdin(tmp_path):
    f = tmp_path / "m.bin"
    f.write_bytes(b"abc")
    r = run(["hash", "-a", "SHA3-256", str(f)])
    assert r.stdout == f"{hashbench.new('sha3_256', b'abc').hexdigest()}  {f}\n"
    r = run(["hash", "-a", "shake_128", "--length", "5", "-"], input="abc")
    assert r.stdout.split()[0] == hashbench.new("shake_128", b"abc").hexdigest(5)
    r = run(["mac", "-a", "hmac_sha256", "--key", "6b6579", "-"], input="abc")
    assert r.stdout.split()[0] == hashbench.hmac("sha256", b"key", b"abc").hex()


def test_hash_large_file_mapped_and_streamed(tmp_path):
    # over READ_BLOCK: a file goes through the mapping, stdin through
    # READ_BLOCK pieces; both must give the one-shot digest
    from hashbench.cli import READ_BLOCK
    data = bytes((i * 131 + 7) & 0xFF for i in range(2 * READ_BLOCK + 12345))
    f = tmp_path / "big.bin"
    f.write_bytes(data)
    want = hashbench.new("blake3", data).hexdigest()
    assert run(["hash", "-a", "blake3", str(f)]).stdout == f"{want}  {f}\n"
    with open(f, "rb") as fh:
        r = subprocess.run(HB + ["hash", "-a", "blake3", "-"], stdin=fh, capture_output=True, text=True,
                           check=True)
    assert r.stdout.split()[0] == want
    key = bytes(range(32)).hex()
    r = run(["hash", "-a", "blake3", "--key", key, "--length", "100", str(f)])
    assert r.stdout.split()[0] == hashbench.new("blake3", data, key=bytes(range(32))).hexdigest(100)


def test_hash_imports_only_what_it_needs(tmp_path):
    # scripts run `hash` once per file: importing rich, the store, the targets
    # and the hardware and CAN commands cost it 0.25 s of CPU before any byte
    f = tmp_path / "m.bin"
    f.write_bytes(b"abc")
    heavy = ("rich", "sqlite3", "numpy", "hashbench.store", "hashbench.targets", "hashbench.hw",
             "hashbench.can", "hashbench.impls", "hashbench.kat")
    code = ("import sys\nfrom hashbench.cli import main\nrc = main(['hash', '-a', 'blake3', sys.argv[1]])\n"
            f"print(rc, sorted(m for m in sys.modules if m.startswith({heavy!r})))")
    r = subprocess.run([sys.executable, "-c", code, str(f)], capture_output=True, text=True, check=True)
    digest, loaded = r.stdout.splitlines()
    assert digest == f"{hashbench.new('blake3', b'abc').hexdigest()}  {f}"
    assert loaded == "0 []"
    # a bad name still goes through rich's console, with the same message
    r = run(["hash", "-a", "blake33", str(f)])
    assert r.returncode == 2
    assert r.stderr.startswith("hashbench: unknown algorithm 'blake33'; did you mean: blake3")


def test_impls_marks_the_running_kernel():
    from hashbench import native
    r = run(["impls", "-a", "blake3"])
    assert r.returncode == 0, r.stderr
    running = native.active_impl("blake3")
    assert running and any(ln.split("│")[2].strip() == running and "runs" in ln
                           for ln in r.stdout.splitlines() if ln.count("│") > 4)


@pytest.mark.parametrize("args,msg", [
    (["hash", "-a", "sha265"], "did you mean"),
    (["hash", "-a", "sha256", "--length", "20"], "fixed digest size"),
    (["hash", "-a", "sha256", "--key", "00"], "takes no key"),
    (["hash", "-a", "sha256", "--key", "zz"], "hex"),
    (["mac", "-a", "sha256", "--key", "00"], "not a MAC"),
    (["hash", "-a", "sha256", "/no/such/file"], "cannot read"),
])
def test_bad_input_exit_2(args, msg):
    r = run(args, input="")
    assert r.returncode == 2, r.stderr
    assert msg in r.stderr.replace("\n", " ")


@pytest.mark.parametrize("args", [
    ["-a", "nosuch"], ["-a", "sha256", "--sizes", "-1"], ["-a", "sha256", "--sizes", "99999999999"],
    ["-a", "sha256", "--sizes", "abc"], ["-a", "sha256", "--target", "nosuch"], [],
])
def test_bench_bad_input_writes_nothing(tmp_path, args):
    db = tmp_path / "r.sqlite"
    r = run(["bench", "--db", str(db)] + args)
    assert r.returncode == 2, r.stderr
    assert not db.exists() or rows(db) == []


def test_bench_json_rows_and_store(tmp_path):
    db = tmp_path / "r.sqlite"
    r = run(["bench", "--target", "host", "-a", "sha256,sha3_256", "--sizes", "64,1024",
             "--blocks", "3", "--fit-bytes", "0", "--seconds", "0.002", "--json", "--db", str(db)])
    assert r.returncode == 0, r.stderr
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(objs) == 2 * (2 + 3)
    for o in objs:
        assert {"median", "q1", "q3", "cycles_per_byte", "mbps", "count_kind", "verified"} <= set(o)
        assert o["q1"] <= o["median"] <= o["q3"]
    stored = rows(db)
    assert len(stored) == len(objs)
    assert stored[0]["machine"] and stored[0]["cpu"] and stored[0]["compiler"]


def test_killed_run_keeps_rows(tmp_path):
    db = tmp_path / "r.sqlite"
    p = subprocess.Popen(HB + ["bench", "-a", ",".join(["sha512"] * 40), "--sizes", "0,64,65536",
                               "--blocks", "0", "--seconds", "0.05", "--json", "--db", str(db)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seen = [p.stdout.readline() for _ in range(4)]
    p.send_signal(signal.SIGKILL)
    p.wait()
    assert all(seen)
    assert len(rows(db)) >= 4


def test_merge_and_corrupt_store(tmp_path):
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    for db in (a, b):
        s = Store(db)
        rid = s.start_run("host", command="test")
        s.add(rid, {"algo": "sha256", "target": "host", "size": 64, "kind": "size", "median": 1.0})
        s.close()
    assert main(["db", "--db", str(a), "merge", str(b)]) == 0
    assert main(["db", "--db", str(a), "merge", str(b)]) == 0  # second merge adds nothing
    assert len(rows(a)) == 2
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError):
        Store(bad)
    r = run(["bench", "-a", "sha256", "--db", str(bad)])
    assert r.returncode == 2 and "not a hashbench result store" in r.stderr
    assert bad.read_bytes().startswith(b"this is not")  # untouched


def test_dump_merges_like_a_store_and_a_grown_run_adds_its_new_rows(tmp_path):
    src, dst = tmp_path / "src.sqlite", tmp_path / "dst.sqlite"
    s = Store(src)
    rid = s.start_run("fpga-campaign", command="hw campaign")
    s.add(rid, {"algo": "sha256", "target": "fpga-ecp5", "size": 512, "kind": "hw-task", "extra_key": 1})
    s.add(rid, {"algo": "sha256", "target": "host", "size": 64, "kind": "size", "median": 2.0})
    dump = tmp_path / "hw.jsonl"
    assert main(["db", "--db", str(src), "dump", "--kind", "hw-task", "-o", str(dump)]) == 0
    text = dump.read_text()
    assert text.count("\n") == 1 and 'extra_key' in text and '"median": 2.0' not in text
    assert main(["db", "--db", str(dst), "merge", str(dump)]) == 0
    assert main(["db", "--db", str(dst), "merge", str(dump)]) == 0   # again: nothing new
    assert [(r["algo"], r["target"], r["run_uuid"]) for r in rows(dst)] == [
        ("sha256", "fpga-ecp5", rows(src)[0]["run_uuid"])]
    # the run goes on in the source store: merging again adds only its new row, to the same run
    s.add(rid, {"algo": "sha512", "target": "fpga-ecp5", "size": 1024, "kind": "hw-task"})
    s.close()
    assert main(["db", "--db", str(src), "dump", "--kind", "hw-task", "-o", str(dump)]) == 0
    assert main(["db", "--db", str(dst), "merge", str(dump)]) == 0
    got = rows(dst)
    assert [r["algo"] for r in got] == ["sha256", "sha512"] and len({r["run_uuid"] for r in got}) == 1
    assert main(["db", "--db", str(dst), "merge", str(src)]) == 0   # the store itself: its other row only
    assert len(rows(dst)) == 3
    # a damaged dump is refused whole, with its line number, and the store keeps what it had
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text + '{"run": {"uuid": "x"}, "rows": [{"algo": "a"}]}\n')
    r = run(["db", "--db", str(tmp_path / "new.sqlite"), "merge", str(bad)])
    assert r.returncode == 2 and "bad.jsonl:2: not a hashbench dump line" in r.stderr
    assert rows(tmp_path / "new.sqlite") == []


def test_verify_and_targets():
    r = run(["verify", "-a", "sha256", "-a", "hmac_sha256"])
    assert r.returncode == 0
    assert "verify: 362 passed, 0 failed" in r.stdout
    r = run(["targets"])
    assert r.returncode == 0 and "host" in r.stdout


def test_impls_marks_each_width_kernel():
    from hashbench import native
    r = run(["impls", "-a", "sha256", "-a", "sha512"])
    assert r.returncode == 0, r.stderr
    rows = {ln.split("│")[2].strip(): ln for ln in r.stdout.splitlines() if ln.startswith("│ sha2")}
    run_ = native.runnable_impls("sha2")
    # the dispatch runs one kernel per width: both marked where the CPU has them
    for form in ("shani", "avx2"):
        assert ("runs" in rows[form].split("│")[4]) == (form in run_), rows[form]


def test_impls_lists_every_family():
    r = run(["impls"])
    assert r.returncode == 0, r.stderr
    assert "keccak" in r.stdout and "sha2" in r.stdout


def test_report(tmp_path):
    db = tmp_path / "r.sqlite"
    assert main(["bench", "-a", "sha256", "--sizes", "64,1024", "--blocks", "2", "--seconds", "0.001",
                 "--fit-bytes", "0", "--db", str(db), "--report", str(tmp_path / "rep")]) == 0
    html = (tmp_path / "rep" / "index.html").read_text()
    assert "sha256" in html and "<svg" in html and "machine " in html
    assert main(["report", "--db", str(db), "--out", str(tmp_path / "rep2")]) == 0
    assert (tmp_path / "rep2" / "results.csv").read_text().count("sha256") >= 4


def test_impls_lists_the_forms_of_one_family():
    r = run(["impls", "-a", "sha256"])
    assert r.returncode == 0, r.stderr
    assert "sha2" in r.stdout and "unrolled" in r.stdout and "blake2" not in r.stdout
