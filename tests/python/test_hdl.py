"""Every hardware core (hdl/*/core.toml, discovered) in simulation against the C library:
KAT messages, every block-boundary length, the empty message and random lengths, through
the core's host-side padding and hdl/common/tb_core.v under iverilog.  Also: cycle counts
are deterministic, and the harness itself catches a wrong digest."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hashbench.hw import cores, sim, vectors
from hashbench.hw.padding import scheme

HAVE_IVERILOG = shutil.which("iverilog") is not None and shutil.which("vvp") is not None
need_iverilog = pytest.mark.skipif(not HAVE_IVERILOG,
                                   reason="iverilog not installed (apt-get install iverilog; "
                                          "scripts/install-toolchains.sh hdl)")
HAVE_VERILATOR = shutil.which("verilator") is not None
CORES = cores()
ROOT = Path(__file__).resolve().parents[2]


def test_cores_discovered():
    names = [c.name for c in CORES]
    assert "sha256" in names and "sha512" in names
    for c in CORES:
        assert c.block_bits % 8 == 0 and c.digest_bits % 8 == 0
        scheme(c.pad)                                    # its padding module exists
        assert c.rtl and all(f.exists() for f in c.rtl)


def _cycle_lines(log: str, which) -> list:
    """The INIT/BLK/LAST lines of the messages `which` (numbered 0.. in that order), without
    the message number."""
    pos = {m: k for k, m in enumerate(which)}
    out = []
    for ln in log.splitlines():
        f = ln.split()
        if f[:1] in (["INIT"], ["BLK"], ["LAST"]) and int(f[1]) in pos:
            out.append((pos[int(f[1])], f[0], f[2:]))
    return sorted(out, key=lambda t: t[0])


@need_iverilog
@pytest.mark.parametrize("core", CORES, ids=[c.name for c in CORES])
def test_core_matches_c_library(core, tmp_path):
    import hashbench
    if core.algo not in hashbench.algorithms():
        pytest.skip(f"{core.name}: '{core.algo}' is not in the C library's registry yet, "
                    f"so there is no oracle to check the core against")
    msgs = vectors.messages(core)
    assert len(msgs) >= 20
    lens = {len(m) for m in msgs}
    assert 0 in lens and core.block_bytes in lens
    assert max(len(core.blocks(m)) for m in msgs) >= 3      # multi-block messages too
    vec = tmp_path / "vectors.hex"
    vectors.write(core, msgs, vec)
    vvp = sim.build(core, tmp_path)
    r1 = sim.run(core, vvp, vec)
    assert r1.failed == 0, "\n".join(r1.failures[:5])
    assert r1.passed == len(msgs)
    # a second run on a few of the messages (the first ones and the two longest) must count
    # the same cycles: a core whose counts depend on leftover state fails here
    pick = list(range(4)) + sorted(range(4, len(msgs)), key=lambda i: len(msgs[i]))[-2:]
    vec2 = tmp_path / "vectors2.hex"
    vectors.write(core, [msgs[i] for i in pick], vec2)
    r2 = sim.run(core, vvp, vec2)
    assert r2.passed == len(pick)
    assert _cycle_lines(r2.log, range(len(pick))) == _cycle_lines(r1.log, pick), \
        "cycle counts differ"
    cyc = r1.cycles()
    assert cyc["c_block"] > 0 and cyc["c_init"] > 0


@need_iverilog
@pytest.mark.skipif(not HAVE_VERILATOR, reason="verilator not installed (apt-get install verilator; "
                                                "scripts/install-toolchains.sh softcore)")
@pytest.mark.parametrize("core", CORES, ids=[c.name for c in CORES])
def test_no_bit_of_a_core_is_undriven_or_driven_twice(core):
    """Verilator's lint, those two checks only.  An undriven bit simulates as x, which the
    testbench cannot see when nothing reads it, and yosys then removes it one register at a
    time, an optimisation pass per register; a bit driven twice is a bug the simulator may
    resolve differently from the synthesis."""
    cmd = ["verilator", "--lint-only", "-Wno-fatal", "-Wno-lint", "-Wno-style",
           "-Wwarn-UNDRIVEN", "-Wwarn-MULTIDRIVEN", *[f"-I{d}" for d in core.include_dirs],
           *[str(f) for f in core.rtl], "--top-module", core.top,
           *[f"-G{k}={v}" for k, v in core.parameters.items()]]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    found = [ln for ln in r.stderr.splitlines() if ln.startswith("%")]
    assert r.returncode == 0 and not found, "\n".join(found[:10])


def test_harness_catches_a_wrong_digest(tmp_path):
    core = next(c for c in CORES if c.name == "sha256")
    msgs = [b"", b"abc", bytes(100)]
    vec = tmp_path / "vectors.hex"
    vectors.write(core, msgs, vec)
    lines = vec.read_text().splitlines()
    lines[-1] = ("0" if lines[-1][0] != "0" else "1") + lines[-1][1:]   # break the last digest
    vec.write_text("\n".join(lines) + "\n")
    r = sim.run(core, sim.build(core, tmp_path), vec)
    assert (r.passed, r.failed) == (2, 1)
    assert r.failures[0].startswith("FAIL 2 ")


def test_parse_rejects_a_run_without_summary():
    with pytest.raises(Exception, match="without a summary"):
        sim.parse("x", "INIT 0 1\nOK 0\n")
    with pytest.raises(Exception, match="TIMEOUT"):
        sim.parse("x", "INIT 0 1\nTIMEOUT ready 0\n")


def test_sha2_padding():
    pad = scheme("sha2")
    b = pad.blocks(b"abc", 64)
    assert len(b) == 1 and b[0][2] and b[0][1] == 0
    assert b[0][0] == b"abc\x80" + bytes(52) + (24).to_bytes(8, "big")
    assert [len(pad.blocks(bytes(n), 64)) for n in (55, 56, 119, 120)] == [1, 2, 2, 3]
    assert [len(pad.blocks(bytes(n), 128, length_bytes=16)) for n in (111, 112)] == [1, 2]
    assert [x[2] for x in pad.blocks(bytes(200), 64)] == [False, False, False, True]


def test_sha2_constants_in_rtl_are_the_derived_ones():
    """One RTL serves SHA-256 and SHA-512: it carries SHA-512's K and IV, and SHA-256's are
    their high halves."""
    def gen(w):
        out = subprocess.run([sys.executable, str(ROOT / "hdl/common/sha2_constants.py"), str(w)],
                             capture_output=True, text=True, check=True).stdout
        return re.findall(rf"{w}'h([0-9a-f]+)", out)
    rtl = (ROOT / "hdl/sha256/rtl/sha2_core.v").read_text()
    want64, want32 = gen(64), gen(32)
    assert len(want64) == 80 + 8 and len(want32) == 64 + 8
    got = re.findall(r"64'h([0-9a-f]{16})", rtl)
    for v in want64:
        assert v in got
    # K: the first 64 of 80; IV: the last 8 of each list
    assert [v[:8] for v in want64[:64] + want64[80:]] == want32


@need_iverilog
@pytest.mark.parametrize("w", [8, 64])
def test_narrow_io_wrapper(w, tmp_path):
    """hdl/common/hb_io_wrap.v (the iCE40 shell) streams blocks and digest W bits at a time."""
    core = next(c for c in CORES if c.name == "sha256")
    msgs = vectors.messages(core)[:10]
    r = sim.simulate(core, msgs, tmp_path, io_width=w)
    assert (r.passed, r.failed) == (len(msgs), 0), "\n".join(r.failures[:3])


@need_iverilog
def test_core_toml_parameters_reach_the_top(tmp_path):
    """core.toml `parameters` override the top's parameters (one RTL, several variants)."""
    import dataclasses
    v = tmp_path / "pm.v"
    v.write_text(
        "module pm #(parameter A = 1, parameter S = \"x\") (input wire clk, input wire rst,\n"
        "  input wire start, input wire blk_valid, input wire [511:0] blk, input wire [63:0] count,\n"
        "  input wire last, output wire ready, output wire [255:0] digest, output wire digest_valid);\n"
        "  initial $display(\"PARAMS %0d %0s\", A, S);\n"
        "  assign ready = 1'b1; assign digest = 256'd0; assign digest_valid = 1'b1;\nendmodule\n")
    core = dataclasses.replace(next(c for c in CORES if c.name == "sha256"), top="pm", rtl=(v,),
                               parameters={"A": 7, "S": "abc"})
    vec = tmp_path / "v.hex"
    vec.write_text("0\n")
    r = sim.run(core, sim.build(core, tmp_path), vec)
    assert "PARAMS 7 abc" in r.log


def test_aes_sbox_is_the_generated_one():
    """hdl/common/aes_sbox.vh (Groestl, ECHO, SHAvite-3, Fugue) is what gen_aes_sbox.py derives
    from the S-box's definition (GF(2^8) inverse and affine map)."""
    r = subprocess.run([sys.executable, str(ROOT / "hdl/common/gen_aes_sbox.py"), "--check"])
    assert r.returncode == 0, "hdl/common/aes_sbox.vh is stale: run hdl/common/gen_aes_sbox.py"


def test_hamsi_rows_are_the_generated_ones():
    """hdl/hamsi_256/rtl/hamsi_rows.vh is what gen_rows.py reads from the C library's tables."""
    r = subprocess.run([sys.executable, str(ROOT / "hdl/hamsi_256/gen_rows.py"), "--check"])
    assert r.returncode == 0, "hamsi_rows.vh is stale: run hdl/hamsi_256/gen_rows.py"


@need_iverilog
def test_aes_round_matches_fips197(tmp_path):
    """hdl/common/aes_round.vh (ECHO, SHAvite-3) on FIPS-197 appendix B, round 1: the state
    at the start of the round, and after SubBytes, ShiftRows and MixColumns."""
    v = tmp_path / "t.v"
    v.write_text('module t;\n`include "aes_round.vh"\n'
                 "initial $display(\"%h\", aes_round(128'h193de3bea0f4e22b9ac68d2ae9f84808));\n"
                 "endmodule\n")
    out = tmp_path / "t.vvp"
    subprocess.run(["iverilog", "-g2005", "-I", str(ROOT / "hdl/common"), "-o", str(out), str(v)],
                   check=True)
    r = subprocess.run(["vvp", "-n", str(out)], capture_output=True, text=True, check=True)
    assert r.stdout.split()[0] == "046681e5e0cb199a48f8d37a2806264c"
