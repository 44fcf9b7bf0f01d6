"""The microblaze targets (gcc built from Debian's sources, QEMU with the
counting plugin targets/microblaze/mbcycles.c): on-target checksums,
repeatable counts, the cycle model's rules on known instruction sequences,
and a clear refusal when the toolchain is absent."""
import subprocess
import sys

import pytest

from hashbench import targets
from hashbench.targets import TargetUnavailable, mblite
from hashbench.targets import microblaze as mb
from hashbench.targets.firmware import ROOT


def need(name="microblaze"):
    tg = targets.get(name)
    try:
        tg.check()
    except TargetUnavailable as e:
        pytest.skip(str(e))
    return tg


@pytest.mark.parametrize("algo", ["sha256", "sha3_256", "blake2s", "sha512"])
def test_checksum_and_repeatable_counts(algo):
    tg = need()
    runs = []
    for _ in range(2 if algo == "sha256" else 1):
        rows = list(tg.run([algo], [0, 64], blocks=2, check_n=16, timeout=120))
        assert rows and all(not r.get("error") for r in rows), [r.get("error") for r in rows]
        assert all(r["verified"] for r in rows)
        runs.append([(r["size"], r["kind"], r["median"], r["instructions"]) for r in rows])
    assert runs[0] == runs[-1]  # identical cycles and instructions, run to run
    for r in rows:
        assert r["count_kind"] == "cycles_model:microblaze-5stage"
        assert r["median"] >= r["instructions"] > 0   # a cycle per instruction at least
        assert r["clock_hz"] == 100e6 and r["energy_uj"] > 0
        assert r["code_bytes"] > 500


def test_area_target_checksum():
    tg = need("microblaze-area")
    fast = need("microblaze")
    rows = list(tg.run(["sha256"], [64], blocks=0, check_n=8, timeout=120))
    assert rows and all(r["verified"] and not r.get("error") for r in rows), rows
    assert rows[0]["count_kind"] == "cycles_model:microblaze-3stage"
    perf = list(fast.run(["sha256"], [64], blocks=0, check_n=8, timeout=120))
    # without barrel shifter and multiplier the same C takes more cycles
    assert rows[0]["median"] > perf[0]["median"]


#: cycles of each sequence of targets/microblaze/model_test.c by the rules
#: of each plugin model (docs/targets-microblaze.md): UG984 5-stage and
#: 3-stage, and MB-Lite (mbcycles.c: single-cycle EX, one load-use stall
#: found by comparing raw instruction fields, store data forwarded)
EXPECTED = {
    5: {"alu16": 16, "load_use1": 8 * 4, "load_use2": 8 * 4, "mul_use1": 8 * 4, "bs_use1": 8 * 3,
        "load_immfield": 8 * 2, "load_store": 8 * 4, "loop_delay8": 1 + 7 * 4 + 3, "loop_nodelay8": 1 + 7 * 4 + 2},
    3: {"alu16": 16, "load_use1": 8 * 3, "load_use2": 8 * 4, "mul_use1": 8 * 4, "bs_use1": 8 * 3,
        "load_immfield": 8 * 3, "load_store": 8 * 4, "loop_delay8": 1 + 7 * 4 + 3, "loop_nodelay8": 1 + 7 * 4 + 2},
    "mblite": {"alu16": 16, "load_use1": 8 * 3, "load_use2": 8 * 3, "mul_use1": 8 * 2, "bs_use1": 8 * 2,
               "load_immfield": 8 * 3, "load_store": 8 * 2, "loop_delay8": 1 + 7 * 4 + 3,
               "loop_nodelay8": 1 + 7 * 4 + 2},
}


def build_model_test(tc, out):
    src = ROOT / "targets" / "microblaze" / "model_test.c"
    subprocess.run([tc.cc, *tc.cflags, *tc.defines, str(src), *tc.hal_sources, *tc.ldflags, "-o", str(out)],
                   check=True, capture_output=True)
    return out


def sequence_cycles(output: str) -> dict:
    return {k: int(v) for k, v in (line.split("=") for line in output.split())}


@pytest.mark.parametrize("name", ["microblaze", "microblaze-area"])
def test_model_rules_on_known_sequences(name, tmp_path):
    tg = need(name)
    elf = build_model_test(tg.backend.toolchain, tmp_path / "model_test.elf")
    res = tg.backend.run_elf(elf, timeout=60)
    assert res["status"] == "exit" and res["code"] == 0, res
    assert sequence_cycles(res["output"]) == EXPECTED[tg.cfg.data["plugin_model"]]


def test_mblite_model_rules_and_the_rtl_agree(tmp_path):
    """The plugin's MB-Lite profile gives the rules' cycles; the MB-Lite RTL
    (when a checkout and GHDL are at hand) gives the same on the same image."""
    need()
    be = mblite.image_backend()
    elf = build_model_test(be.toolchain, tmp_path / "model_test.elf")
    assert mblite.unsupported(elf, be.nm.replace("-nm", "-objdump")) == []
    res = mb.execute(elf, be.nm, be.cfg.data["machine"], "mblite", 60)
    assert res["status"] == "exit" and res["code"] == 0 and res["model"] == "mblite", res
    assert sequence_cycles(res["output"]) == EXPECTED["mblite"]
    try:
        src = mblite.source()
        mblite.ghdl()
    except mblite.MbliteUnavailable as e:
        pytest.skip(str(e))
    rtl = mblite.run(src, elf, be.nm, timeout=120)
    assert rtl["status"] == "exit" and rtl["code"] == 0, rtl
    assert sequence_cycles(rtl["output"]) == EXPECTED["mblite"]
    # a run that does not end stops at the testbench's cycle limit
    short = mblite.run(src, elf, be.nm, timeout=120, max_cycles=2000)
    assert short["status"] == "limit" and short["cycles"] == 2001 and "loop_nodelay8" not in short["output"], short


def test_missing_toolchain_is_refused_with_the_way_to_build_it(monkeypatch, tmp_path):
    monkeypatch.setenv("HASHBENCH_CACHE", str(tmp_path))
    tg = targets.get("microblaze")
    assert any("microblaze-elf-gcc" in m for m in tg.missing())
    with pytest.raises(TargetUnavailable, match="install-toolchains.sh microblaze"):
        tg.check()
    assert "scripts/install-toolchains.sh microblaze" in tg.install_hint()


def test_mblite_refuses_what_the_core_does_not_implement(tmp_path):
    """MB-Lite decodes unknown instructions as something else: an image
    using them must be named, not run (gcc's default -mxl-reorder gives
    swapb for byte swaps; the validation builds with -mno-xl-reorder)."""
    tg = need()
    tc = tg.backend.toolchain
    src = tmp_path / "swap.c"
    src.write_text('#include <stdint.h>\nvolatile uint32_t v = 1;\n'
                   'int main(void) { return (int)__builtin_bswap32(v); }\n')
    od = tg.backend.nm.replace("-nm", "-objdump")
    cmd = [tc.cc, *tc.cflags, *tc.defines, str(src), *tc.hal_sources, *tc.ldflags]
    subprocess.run([*cmd, "-o", str(tmp_path / "a.elf")], check=True, capture_output=True)
    assert "main: swapb" in mblite.unsupported(tmp_path / "a.elf", od)
    subprocess.run([*cmd, *mblite.EXTRA_CFLAGS, "-o", str(tmp_path / "b.elf")], check=True, capture_output=True)
    assert mblite.unsupported(tmp_path / "b.elf", od) == []


def test_a_run_past_its_instruction_limit_is_stopped(tmp_path):
    """A hang must end as status "limit" (or "timeout"), never block the run."""
    tg = need()
    tc = tg.backend.toolchain
    src = tmp_path / "hang.c"
    src.write_text('#include "hal.h"\nint main(void)\n{\n    hal_puts("start\\n");\n'
                   '    for (;;) __asm__ volatile("");\n}\n')
    elf = tmp_path / "hang.elf"
    subprocess.run([tc.cc, *tc.cflags, *tc.defines, str(src), *tc.hal_sources, *tc.ldflags, "-o", str(elf)],
                   check=True, capture_output=True)
    res = tg.backend.run_elf(elf, timeout=60, limit=100_000)
    assert res["status"] == "limit" and res["instructions"] > 100_000, res
    assert res["output"] == "start\n"
    res = tg.backend.run_elf(elf, timeout=3)
    assert res["status"] == "timeout"


def test_second_sha256_implementation():
    """The unrolled SHA-256 (the target builds the rolled one) is proven on target too."""
    tg = need()
    rows = list(tg.run(["sha256"], [64], blocks=0, check_n=8, timeout=120, impl="unrolled"))
    assert rows and all(r["impl"] == "unrolled" and r["verified"] and not r.get("error") for r in rows), rows


def test_validate_without_an_mblite_checkout_says_where_to_put_one(tmp_path):
    """No MB-Lite sources: exit status 2 and the way to get them, no run."""
    r = subprocess.run([sys.executable, "-m", "hashbench.cli", "validate-models", "--mblite", str(tmp_path)],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "no MB-Lite sources" in r.stderr and "hw/core/core_Pkg.vhd" in r.stderr and "--mblite" in r.stderr


def test_mblite_image_file_holds_every_loaded_word(tmp_path):
    """The testbench's image: the mailbox line, then each word of the
    ELF's loadable segments at its address, big-endian as in the file."""
    tg = need()
    tc = tg.backend.toolchain
    src = tmp_path / "w.c"
    src.write_text('#include <stdint.h>\nconst uint32_t tbl[3] = {0x01020304u, 0xa5a5a5a5u, 0xdeadbeefu};\n'
                   'volatile uint32_t sink;\nint main(void) { sink = tbl[sink % 3u]; return 0; }\n')
    elf = tmp_path / "w.elf"
    subprocess.run([tc.cc, *tc.cflags, *tc.defines, str(src), *tc.hal_sources, *tc.ldflags, "-o", str(elf)],
                   check=True, capture_output=True)
    lines = mblite.image_file(elf, 0x90001234, tmp_path / "w.hex").read_text().splitlines()
    assert lines[0] == "mailbox 90001234"
    words = dict(line.split() for line in lines[1:])
    tbl = mb.symbol(tg.backend.nm, elf, "tbl")
    assert [words[f"{tbl + 4 * i:08x}"] for i in range(3)] == ["01020304", "a5a5a5a5", "deadbeef"]
    assert words["00000000"].startswith("b") and "90000000" in words   # reset vector (brai), DDR code
