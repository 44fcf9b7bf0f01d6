"""The simulated-target matrix on the FPGA campaign's task engine (hashbench.engine): the
same rows as the in-process run, stored as each task completes, a lost task an error row."""
from __future__ import annotations

import pytest

pytest.importorskip("distributed")

from hashbench import bench, cli, engine, targets  # noqa: E402
from hashbench.store import Store  # noqa: E402
from hashbench.targets import pipeline  # noqa: E402

ALGOS = ["sha256", "blake2s", "ascon_hash256"]
KEYS = ("algo", "impl", "size", "kind", "median", "code_bytes", "stack_bytes", "ram_bytes", "verified", "error")


def need_avr():
    tg = targets.get("avr")
    if tg.missing():
        pytest.skip(f"avr: toolchain missing ({', '.join(tg.missing())}); install with: {tg.install_hint()}")
    tg.check()


def _key(rows):
    return sorted(tuple(r.get(k) for k in KEYS) for r in rows)


@pytest.fixture(scope="module")
def client():
    # worker processes: the backend, its config and the build parameters travel pickled
    c = engine.client(2, None)
    yield c
    engine.close(c)


def test_the_matrix_on_the_engine_gives_the_in_process_rows(tmp_path, client):
    need_avr()
    kw = dict(sizes=[0, 64], blocks=2, every_impl=False, check_n=16)
    seq = list(bench.run("avr", ALGOS, **kw))
    st = Store(tmp_path / "r.sqlite")
    par = list(bench.run("avr", ALGOS, store=st, client=client, **kw))
    assert not [r for r in par if r.get("error")]
    assert _key(par) == _key(seq) and len(par) == len(ALGOS) * (2 + 2)
    assert len(st.rows("r.target = ?", ("avr",))) == len(par)
    st.close()


def test_a_task_lost_on_the_engine_is_that_pairs_error_row(monkeypatch, client):
    need_avr()

    def dies(backend, name, *a):
        if name == "blake2s":
            raise RuntimeError("worker went away")
        return real(backend, name, *a)
    real = pipeline.one_task
    monkeypatch.setattr(pipeline, "one_task", dies)
    rows = list(bench.run("avr", ["sha256", "blake2s"], sizes=[64], blocks=0, every_impl=False, check_n=16,
                          client=client))
    bad = [r for r in rows if r.get("error")]
    assert [r["algo"] for r in bad] == ["blake2s"] and "task lost on the engine" in bad[0]["error"]
    assert any(r["algo"] == "sha256" and r.get("median") for r in rows)


def test_bench_workers_is_for_simulated_targets(capsys):
    assert cli.main(["bench", "--target", "host", "-a", "sha256", "--workers", "2"]) == 2
    assert "simulated targets" in capsys.readouterr().err
    assert cli.main(["bench", "--target", "avr", "-a", "sha256", "--workers", "0"]) == 2
