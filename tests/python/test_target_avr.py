"""The avr target (avr-gcc + libsimavr): on-target checksums, exact and
repeatable cycle counts, wrong checksums caught, a hang killed, a missing
toolchain named."""
import subprocess

import pytest

from hashbench import targets
from hashbench.targets import TargetUnavailable


def need():
    tg = targets.get("avr")
    if tg.missing():
        pytest.skip(f"avr: toolchain missing ({', '.join(tg.missing())}); "
                    f"apt-get install {' '.join(tg.apt_packages)}")
    return tg


def test_checksum_and_determinism():
    tg = need()
    runs = []
    for _ in range(2):
        rows = list(tg.run(["sha256", "blake2s", "keccak_256"], [0, 64, 100], blocks=2, check_n=24))
        assert all(not r.get("error") for r in rows), [r["error"] for r in rows if r.get("error")]
        assert {r["algo"] for r in rows} == {"sha256", "blake2s", "keccak_256"}
        assert all(r["verified"] and r["count_kind"] == "cycles_exact" for r in rows)
        runs.append([(r["algo"], r["size"], r["kind"], r["median"], r["instructions"]) for r in rows])
    assert runs[0] == runs[1]  # identical cycle and instruction counts, run to run
    by = {(a, s, k): c for a, s, k, c, _ in runs[0]}
    # a second SHA-256 block costs one compression: well over 10k cycles on an 8-bit CPU
    assert by[("sha256", 128, "blocks")] - by[("sha256", 64, "blocks")] > 10_000
    for r in rows:
        assert r["code_bytes"] > 300 and r["ram_bytes"] > r["ctx_bytes"] > 0
        assert 0 < r["stack_bytes"] < r["stack_total_bytes"] < 8192  # painted vs simulator SP
        assert r["clock_hz"] == 16e6 and r["energy_uj"] > 0
        assert r["instructions"] < r["median"]  # AVR instructions take 1..5 cycles


def test_wrong_checksum_is_not_measured(monkeypatch):
    tg = need()
    from hashbench.targets import pipeline
    monkeypatch.setattr(pipeline, "host_checksum", lambda *a: "00" * 32)
    rows = list(tg.run(["sha256"], [64], blocks=0, check_n=8))
    assert len(rows) == 1 and rows[0]["verified"] is False and rows[0]["error"].startswith("checksum differs")


def test_hang_is_stopped(tmp_path):
    tg = need()
    src = tmp_path / "hang.c"
    src.write_text("int main(void) { for (;;) { __asm__ volatile(\"nop\"); } }\n")
    elf = tmp_path / "hang.elf"
    subprocess.run(["avr-gcc", "-mmcu=atmega1281", "-O1", str(src), "-o", str(elf)], check=True)
    out, info = tg.backend.simulate(elf, timeout=60, max_cycles=1_000_000)
    assert info["status"] == "limit" and info["cycles"] >= 1_000_000
    out, info = tg.backend.simulate(elf, timeout=0.5, max_cycles=10**12)
    assert info["status"] == "timeout"


def test_missing_toolchain(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    tg = targets.get("avr")
    assert "avr-gcc" in tg.missing()
    with pytest.raises(TargetUnavailable, match="gcc-avr avr-libc binutils-avr simavr libsimavr-dev"):
        list(tg.run(["sha256"], [64]))


def test_cli_missing_toolchain_exits_2(monkeypatch, tmp_path, capsys):
    from hashbench.cli import main
    monkeypatch.setenv("PATH", str(tmp_path))
    db = tmp_path / "r.sqlite"
    assert main(["bench", "--target", "avr", "-a", "sha256", "--db", str(db)]) == 2
    assert "gcc-avr" in capsys.readouterr().err
    assert not db.exists()


def test_does_not_fit_is_precise(tmp_path):
    need()
    be = targets.get("avr", mcu="atmega328p").backend
    src = tmp_path / "big.c"
    src.write_text("#include <stdint.h>\nvolatile uint8_t ram[3000];\n"
                   "const uint8_t r1[20000] __attribute__((progmem)) = {1};\n"
                   "const uint8_t r2[20000] __attribute__((progmem)) = {2};\n"
                   "int main(void) { return (ram[0] ? r1 : r2)[ram[1]]; }\n")
    elf = tmp_path / "big.elf"
    subprocess.run(["avr-gcc", "-mmcu=atmega328p", "-O1", str(src), "-o", str(elf), *be.toolchain.ldflags],
                   check=True)
    err = be.fit_error(elf)
    assert err.startswith("does not fit (flash: ") and err.endswith(" > 32768)")
    assert int(err.split()[4]) > 40000
    src.write_text("#include <stdint.h>\nvolatile uint8_t ram[3000];\n"
                   "int main(void) { ram[0] = 1; return ram[1]; }\n")
    subprocess.run(["avr-gcc", "-mmcu=atmega328p", "-O1", str(src), "-o", str(elf), *be.toolchain.ldflags],
                   check=True)
    err = be.fit_error(elf)
    assert err.startswith("does not fit (RAM: ") and err.endswith(" > 2048)")


def test_cli_unknown_mcu(tmp_path, capsys):
    from hashbench.cli import main
    db = tmp_path / "r.sqlite"
    assert main(["bench", "--target", "avr", "--mcu", "atmega8", "-a", "sha256", "--db", str(db)]) == 2
    assert "unknown MCU 'atmega8'" in capsys.readouterr().err and not db.exists()
    assert main(["bench", "--target", "host", "--mcu", "atmega328p", "-a", "sha256", "--db", str(db)]) == 2


def test_every_keccak_implementation_on_target():
    """The four Keccak-p[1600] forms the avr config names are each proven on
    target and measured; the byte-wise form is the smallest, and the
    bit-interleaved one (selected) takes fewer cycles than the 64-bit lanes,
    whose rotations avr-gcc makes library calls (exact simavr counts)."""
    tg = need()
    rows = list(tg.run(["keccak_256"], [64], blocks=0, check_n=8, every_impl=True))
    assert all(r["verified"] and not r.get("error") for r in rows), rows
    code = {r["impl"]: r["code_bytes"] for r in rows}
    assert set(code) == {"bi32", "lanes64", "compact", "bytes8"}
    assert code["bytes8"] < code["compact"] < code["lanes64"]
    cycles = {r["impl"]: r["median"] for r in rows}
    assert cycles["bi32"] < cycles["lanes64"] / 2


def test_sha256_forms_on_target():
    """The three SHA-256 forms the avr config names are each proven on
    target (messages of 0..129 bytes: one and two blocks); the selected
    window form keeps SHA-256 under 800 cycles per byte and beats the rolled
    one in fewer bytes than the unrolled one."""
    tg = need()
    rows = list(tg.run(["sha256"], [64], blocks=2, check_n=130, every_impl=True))
    assert all(r["verified"] and not r.get("error") for r in rows), rows
    block = {r["impl"]: r["median"] for r in rows if r["kind"] == "blocks" and r["size"] == 128}
    block = {k: v - next(r["median"] for r in rows if r["impl"] == k and r["kind"] == "blocks"
                         and r["size"] == 64) for k, v in block.items()}
    code = {r["impl"]: r["code_bytes"] for r in rows}
    assert set(code) == {"window", "rolled", "unrolled"} and tg.cfg.candidates("sha256")[0] == "window"
    assert block["window"] / 64 < 800 and block["window"] < block["rolled"]
    assert code["rolled"] < code["window"] < code["unrolled"]


def test_sha512_window_on_target():
    """SHA-512 in the window form is proven on target (one and two blocks)
    and needs fewer cycles per block than the rolled form."""
    tg = need()
    per_block = {}
    for im in ("window", "rolled"):
        rows = list(tg.run(["sha512"], [0], blocks=2, check_n=130, impl=im))
        assert all(r["verified"] and not r.get("error") for r in rows), rows
        b = {r["size"]: r["median"] for r in rows if r["kind"] == "blocks"}
        per_block[im] = b[256] - b[128]
    assert per_block["window"] < per_block["rolled"]


def test_jh_bytes_on_target():
    """JH's byte-sliced form, the one the avr config selects, is proven on
    target (messages of 0..129 bytes: one, two and three compressions with
    the padding) and needs fewer cycles per block than the 32-bit compact
    form it replaced (simavr counts exactly: no timing noise)."""
    tg = need()
    assert tg.cfg.candidates("jh_256")[0] == "bytes"
    per_block = {}
    for im in ("bytes", "compact"):
        rows = list(tg.run(["jh_256"], [0], blocks=2, check_n=130, impl=im))
        assert all(r["verified"] and not r.get("error") for r in rows), rows
        b = {r["size"]: r["median"] for r in rows if r["kind"] == "blocks"}
        per_block[im] = b[128] - b[64]
    assert per_block["bytes"] < per_block["compact"]


def test_aes_tables_in_sram_on_target():
    """The AES T-tables in data memory (aes/ram, which the avr config
    selects): copied to SRAM by the start-up code, they give SHAvite-3 and
    ECHO the same digests as the host over messages of 0..129 bytes."""
    tg = need()
    assert tg.cfg.selection()["aes"] == "ram"
    for algo in ("shavite3_256", "echo_256"):
        rows = list(tg.run([algo], [0], blocks=1, check_n=130))
        assert rows and all(r["verified"] and not r.get("error") for r in rows), rows


@pytest.mark.parametrize("algo, chosen, other", [("shavite3_256", "regs8", "statics"),
                                                  ("shavite3_512", "regs8", "statics"),
                                                  ("echo_512", "statics", "unrolled")])
def test_selected_aes_forms_on_target(algo, chosen, other):
    """The forms the avr config selects for SHAvite-3 (regs8: the round keys
    in named locals, statements in the order avr-gcc spills least) and ECHO (statics: work arrays static, MixColumns
    without a multiply) give the host's digests on target (0..129 bytes)
    and need fewer cycles per block than the form they replaced (simavr
    counts exactly)."""
    tg = need()
    fam = algo.split("_")[0]
    assert tg.cfg.selection()[fam] == chosen
    per_block = {}
    for im in (chosen, other):
        rows = list(tg.run([algo], [0], blocks=2, check_n=130, impl=im))
        assert rows and all(r["verified"] and not r.get("error") for r in rows), rows
        b = sorted((r["size"], r["median"]) for r in rows if r["kind"] == "blocks")
        per_block[im] = b[-1][1] - b[-2][1]
    assert per_block[chosen] < per_block[other]
