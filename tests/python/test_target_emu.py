"""Emulated targets (Unicorn + cycle models): on-target checksums, exact
repeatability, and the cycle model's arithmetic on known instruction
sequences."""

import pytest

from hashbench import targets

pytest.importorskip("unicorn")
pytest.importorskip("capstone")


def need(t):
    tg = targets.get(t)
    if tg.missing():
        pytest.skip(f"{t}: toolchain missing ({', '.join(tg.missing())}); "
                    f"apt-get install {' '.join(tg.apt_packages)}")
    return tg


@pytest.mark.parametrize("target", ["cortex-m4", "rv32imc"])
def test_checksum_and_determinism(target):
    tg = need(target)
    runs = []
    for _ in range(2):
        rows = list(tg.run(["sha256", "sha3_256", "hmac_sha256"], [0, 64, 100], blocks=2, check_n=40))
        assert all(not r.get("error") for r in rows), [r["error"] for r in rows if r.get("error")]
        assert all(r["verified"] for r in rows)
        runs.append([(r["algo"], r["size"], r["kind"], r["median"], r["instructions"]) for r in rows])
    assert runs[0] == runs[1]  # identical counts, run to run
    by = {(a, s, k): c for a, s, k, c, _ in runs[0]}
    # one more block costs the same, whatever the message
    assert by[("sha256", 128, "blocks")] - by[("sha256", 64, "blocks")] > 1000
    for r in rows:
        assert r["count_kind"].startswith("cycles_model:") and "@" in r["count_kind"]  # model version
        assert r["code_bytes"] > 500 and r["ram_bytes"] > r["ctx_bytes"]


def test_wrong_checksum_is_not_measured(monkeypatch):
    tg = need("cortex-m4")
    from hashbench.targets import pipeline
    monkeypatch.setattr(pipeline, "host_checksum", lambda *a: "00" * 32)
    rows = list(tg.run(["sha256"], [64], blocks=0, check_n=8))
    assert len(rows) == 1 and rows[0]["verified"] is False and rows[0]["error"].startswith("checksum differs")


def test_hang_is_killed(tmp_path):
    need("cortex-m4")
    import subprocess

    from hashbench.emu.engine import EmulationTimeout, Emulator
    src = tmp_path / "hang.c"
    src.write_text("int main(void) { for (;;) { __asm__ volatile(\"nop\"); } }\n")
    tc = targets.get("cortex-m4").backend.toolchain
    elf = tmp_path / "hang.elf"
    subprocess.run([tc.cc, *tc.cflags, *tc.defines, str(src), *tc.hal_sources, *tc.ldflags, "-o", str(elf)],
                   check=True)
    with pytest.raises(EmulationTimeout):
        Emulator("cortex-m4").run(str(elf), timeout_s=1.0)


def test_cycle_model_costs():
    import capstone as cs

    from hashbench.emu.cycle_models import MODELS
    md = cs.Cs(cs.CS_ARCH_ARM, cs.CS_MODE_THUMB | cs.CS_MODE_MCLASS)
    md.detail = True
    # ldr r0,[r1]; ldr r2,[r1,#4]; pop {r4-r7,pc}; adds r0,#1
    code = bytes.fromhex("0868" "4a68" "f0bd" "0130")
    ins = list(md.disasm(code, 0))
    m4 = MODELS["cortex-m4"]
    c = [m4.cost(ins[0], None), m4.cost(ins[1], "load", None, ins[0]), m4.cost(ins[2], None),
         m4.cost(ins[3], None)]
    assert [x.base for x in c] == [2, 1, 6, 1]  # LDR 2, pipelined LDR 1, POP 1+5 regs, ALU 1
    assert c[2].cls == "ret" and c[2].taken_extra == 3  # loaded pc: three-cycle pipeline reload
    assert MODELS["arm7tdmi"].costs["load"] == 3 and MODELS["cortex-m0"].costs["load"] == 2


def test_cli_prints_every_implementation_fastest_and_smallest(tmp_path, capsys):
    """`hashbench bench --target cortex-m4 -a sha256,keccak_256` measures every
    candidate form of each (config: targets/cortex-m4/target.toml), proves each
    on target, stores rows per implementation and marks the fastest and the
    smallest."""
    need("cortex-m4")
    from hashbench.cli import main
    from hashbench.store import Store
    db = tmp_path / "r.sqlite"
    assert main(["bench", "--target", "cortex-m4", "-a", "sha256,keccak_256", "--sizes", "64,1024",
                 "--blocks", "2", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    st = Store(db)
    rows = st.rows()
    st.close()
    forms = {(r["algo"], r["impl"]) for r in rows if r["verified"] and not r["error"]}
    assert forms == {("sha256", "rolled"), ("sha256", "unrolled"), ("keccak_256", "bi32"),
                     ("keccak_256", "lanes64"), ("keccak_256", "compact")}, forms
    code = {(r["algo"], r["impl"]): r["code_bytes"] for r in rows}
    assert code[("sha256", "unrolled")] > code[("sha256", "rolled")]
    assert code[("keccak_256", "lanes64")] > code[("keccak_256", "compact")]
    # the selected Keccak form beats the 64-bit lanes in modelled cycles (deterministic counts)
    cyc = {(r["algo"], r["impl"]): r["median"] for r in rows if r["size"] == 1024}
    assert cyc[("keccak_256", "bi32")] < cyc[("keccak_256", "lanes64")]
    lines = [ln for ln in text.splitlines() if "sha256" in ln or "keccak_256" in ln]
    # the unrolled SHA-256 and the bit-interleaved Keccak are the fastest, the loop forms the smallest
    assert any("unrolled" in ln and "*" in ln.split("│")[6] for ln in lines), text
    assert any("rolled" in ln and "unrolled" not in ln and "s" in ln.split("│")[6] for ln in lines), text
