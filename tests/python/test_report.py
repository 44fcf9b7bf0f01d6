"""The report from a store made here: every section and plot is present,
nothing is fetched from the network, the Markdown form works, and the page
loads in a real headless Chromium without a console message."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hashbench import analysis
from hashbench.report import write_report

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "test-artifacts"

# (algo, block, c/B on a 32-bit core, fixed cycles, code bytes, RAM bytes)
ALGOS = [("sha256", 64, 120, 900, 1800, 420), ("sha3_256", 136, 180, 3000, 2600, 650),
         ("blake2s", 64, 70, 700, 2300, 400), ("ascon_hash256", 8, 300, 800, 1100, 180),
         ("hmac_sha256", 64, 120, 2900, 2100, 700), ("kmac128", 168, 170, 3500, 2900, 700)]
SIZES = [8, 16, 30, 46, 64, 78, 1024, 4096]


def fixture_rows() -> list[dict]:
    rows = []
    for target, scale, kind, energy in (("cortex-m0", 1.0, "cycles_model:cortex-m0", None),
                                        ("avr", 4.0, "exact_cycles", 5.0 * 0.020 / 16e6 * 1e6),
                                        ("host", 0.05, "tsc_cycles", None)):
        for algo, block, cpb, fixed, code, ram in ALGOS:
            def row(size, k, algo=algo, block=block, cpb=cpb, fixed=fixed, code=code, ram=ram,
                    target=target, scale=scale, kind=kind, energy=energy):
                c = (fixed + cpb * block * (-(-(size + 1) // block))) * scale
                noisy = 1.3 if target == "host" and size >= 4096 else 1.0
                return {"algo": algo, "target": target, "impl": "ref", "size": size, "kind": k,
                        "median": c * noisy, "min": c, "q1": c, "q3": c * noisy, "reps": 100,
                        "count_kind": kind, "clock_hz": 16e6, "code_bytes": None if target == "host" else code,
                        "ram_bytes": None if target == "host" else ram,
                        "energy_uj": c * energy if energy else None}
            rows += [row(s, "size") for s in SIZES]
            rows += [row(n * block - 1, "blocks") | {"size": n * block} for n in (1, 2, 3, 4, 8, 16)]
    return rows


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    folder = ARTIFACTS / "report"
    shutil.rmtree(folder, ignore_errors=True)
    sysres = {"verdict": "noisy", "findings": [{"level": "noisy", "what": "load average 9 on 2 CPUs", "do": "wait"}],
              "calibration": None}
    return write_report(fixture_rows(), folder, title="fixture report", environment={"machine": "test"},
                        system=sysres)


def test_sections_plots_and_no_network(report):
    page = report.read_text()
    assert not re.search(r"""(src|href)=["']https?:""", page)
    assert "<link rel='stylesheet'" not in page and "<script src" not in page
    figs = re.findall(r'<figure class="plot" data-name="([^"]+)"', page)
    for t in ("cortex-m0", "avr", "host"):
        assert f'id="t-{t}"' in page
        assert f"{t}-curves" in figs and f"{t}-can" in figs and f"{t}-ranking" in figs
    for t in ("cortex-m0", "avr"):
        assert f"{t}-pareto-code_bytes" in figs and f"{t}-pareto-ram_bytes" in figs
    assert "avr-energy" in figs and "overview-sha2" in figs
    assert page.count("<svg") == len(figs)
    assert "machine noisy" in page
    assert "MAC constructions" in page and "kmac128" in page


def test_analysis_over_the_fixture():
    fs = analysis.forms(fixture_rows())
    gm = analysis.geomean_across_targets(fs)
    assert gm["sha256"] == (pytest.approx(1.0), 3)
    assert gm["blake2s"][0] == pytest.approx(70 / 120, rel=0.02)
    pr = analysis.platform_ratios(fs)
    assert pr["sha256"]["ratio"] == pytest.approx(4.0, rel=0.02)
    front = analysis.pareto(fs, "avr", "code_bytes")
    assert [p["algo"] for p in front] == ["ascon_hash256", "sha256", "blake2s"]
    assert analysis.rankings(fs, "cortex-m0", "long")[0]["algo"] == "blake2s"
    host = next(f for f in fs if f["target"] == "host" and f["algo"] == "sha256")
    assert host["long_cpb"] == pytest.approx(120 * 0.05, rel=0.01)   # the minima, not the inflated medians


def test_markdown(tmp_path):
    p = write_report(fixture_rows(), tmp_path, markdown=True)
    md = p.read_text()
    assert md.startswith("\n# hashbench report")
    svgs = re.findall(r"!\[[^\]]*\]\(([^)]+\.svg)\)", md)
    assert svgs and all((tmp_path / s).exists() for s in svgs)


def _chromium() -> str | None:
    return os.environ.get("HASHBENCH_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="no chromium: scripts/install-toolchains.sh browser "
                                                 "(or HASHBENCH_CHROMIUM=/path/to/chromium)")
def test_report_in_headless_chromium(report, tmp_path):
    exe = _chromium()
    base = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000"]
    url = report.resolve().as_uri()
    r = subprocess.run(base + ["--enable-logging=stderr", "--v=0", "--dump-dom", url],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    console = [line for line in r.stderr.splitlines() if ":CONSOLE" in line]
    assert console == [], console
    body = re.search(r"<body([^>]*)>", r.stdout).group(1)
    attrs = dict(re.findall(r'([\w-]+)="(\d+)"', body))
    assert int(attrs["data-figures"]) > 10
    assert attrs["data-plots"] == attrs["data-figures"] == attrs["data-plots-drawn"], attrs
    shot = ARTIFACTS / "report.png"
    shot.unlink(missing_ok=True)
    subprocess.run(base + ["--window-size=1280,4000", f"--screenshot={shot}", url],
                   capture_output=True, text=True, timeout=120, check=True)
    assert shot.stat().st_size > 10_000


def test_report_from_the_store_says_the_machine_was_noisy(tmp_path):
    import json as _json

    from hashbench.store import Store
    st = Store(tmp_path / "s.sqlite")
    rid = st.start_run("host", environment={"machine_check": {"verdict": "noisy", "load": [9, 9, 9],
                                                              "findings": [{"level": "noisy", "what": "load 9",
                                                                            "do": "wait"}]}})
    for r in fixture_rows()[:20]:
        st.add(rid, r)
    rows = st.rows()
    st.close()
    assert _json.loads(rows[0]["run_environment"])["machine_check"]["verdict"] == "noisy"
    page = write_report(rows, tmp_path / "rep").read_text()
    assert "machine noisy: load 9" in page
