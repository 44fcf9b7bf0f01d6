"""The microblaze targets (gcc built from Debian's sources, QEMU with the
counting plugin targets/microblaze/mbcycles.c): on-target checksums,
repeatable counts, the cycle model's rules on known instruction sequences,
and a clear refusal when the toolchain is absent."""
import subprocess

import pytest

from hashbench import targets
from hashbench.targets import TargetUnavailable


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


#: cycles of each sequence of targets/microblaze/model_test.c by the UG984
#: rules (docs/targets-microblaze.md): 5-stage and 3-stage
EXPECTED = {
    5: {"alu16": 16, "load_use1": 8 * 4, "load_use2": 8 * 4, "mul_use1": 8 * 4, "bs_use1": 8 * 3,
        "loop_delay8": 1 + 7 * 4 + 3, "loop_nodelay8": 1 + 7 * 4 + 2},
    3: {"alu16": 16, "load_use1": 8 * 3, "load_use2": 8 * 4, "mul_use1": 8 * 4, "bs_use1": 8 * 3,
        "loop_delay8": 1 + 7 * 4 + 3, "loop_nodelay8": 1 + 7 * 4 + 2},
}


@pytest.mark.parametrize("name", ["microblaze", "microblaze-area"])
def test_model_rules_on_known_sequences(name, tmp_path):
    from hashbench.targets import microblaze as mb
    tg = need(name)
    tc = tg.backend.toolchain
    elf = tmp_path / "model_test.elf"
    src = mb.ROOT / "targets" / "microblaze" / "model_test.c"
    subprocess.run([tc.cc, *tc.cflags, *tc.defines, str(src), *tc.hal_sources, *tc.ldflags, "-o", str(elf)],
                   check=True, capture_output=True)
    res = tg.backend.run_elf(elf, timeout=60)
    assert res["status"] == "exit" and res["code"] == 0, res
    measured = {k: int(v) for k, v in (line.split("=") for line in res["output"].split())}
    assert measured == EXPECTED[tg.cfg.data["plugin_model"]]


def test_missing_toolchain_is_refused_with_the_way_to_build_it(monkeypatch, tmp_path):
    monkeypatch.setenv("HASHBENCH_CACHE", str(tmp_path))
    tg = targets.get("microblaze")
    assert any("microblaze-elf-gcc" in m for m in tg.missing())
    with pytest.raises(TargetUnavailable, match="install-toolchains.sh microblaze"):
        tg.check()
    assert "scripts/install-toolchains.sh microblaze" in tg.install_hint()


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
