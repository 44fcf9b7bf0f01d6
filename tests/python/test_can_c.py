"""bench/can/can_auth.c (the sender's and receiver's work in portable C, for
targets) against hashbench.can: same frames, same verdicts."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hashbench.can import Sender, get_profile

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "build" / "libhashbench.a"


@pytest.mark.skipif(shutil.which("cc") is None or not LIB.exists(), reason="needs cc and build/libhashbench.a")
def test_c_frames_and_verdicts_match_python(tmp_path):
    exe = tmp_path / "test_can_auth"
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2", f"-I{ROOT / 'include'}",
                    f"-I{ROOT / 'bench' / 'can'}", str(ROOT / "bench" / "can" / "can_auth.c"),
                    str(ROOT / "bench" / "can" / "test_can_auth.c"), str(LIB), "-o", str(exe)], check=True)
    lines = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split("\n")
    got = {ln.split()[0]: ln.split()[1:] for ln in lines if ln}
    assert set(got) == {"cmac", "hmac-sha256", "kmac128", "blake2s", "ascon"}
    for mac, (frame, fresh, replay, tamper, wrap) in got.items():
        p = get_profile(f"secoc-{mac}-classic")
        s = Sender(p, bytes(range(p.key_len)), 0x0A0, fv=0x1234567 - 1)
        assert s.frames(bytes.fromhex("deadbeef"))[0].data.hex() == frame, mac
        assert (fresh, replay, tamper, wrap) == ("1", "0", "0", "1"), mac
