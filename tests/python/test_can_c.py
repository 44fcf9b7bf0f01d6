"""bench/can/can_auth.c (the sender's and receiver's work in portable C, for
targets) against hashbench.can: same frames, same verdicts, on the fixed
frames of the firmware's checksum and on random profiles, frames and
receiver states (through test_can_auth's request mode)."""
from __future__ import annotations

import random
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from hashbench.can import FrameError, Profile, ProfileError, RxMessage, Sender, Verifier, get_profile, make
from hashbench.can.profiles import ASCON_Z, PROFILES, auth_id

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


# ---- random frames: the C sender and receiver against hashbench.can ----------
def _driver(tmp_path) -> Path:
    exe = tmp_path / "test_can_auth"
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2", f"-I{ROOT / 'include'}",
                    f"-I{ROOT / 'bench' / 'can'}", str(ROOT / "bench" / "can" / "can_auth.c"),
                    str(ROOT / "bench" / "can" / "test_can_auth.c"), str(LIB), "-o", str(exe)], check=True)
    return exe


def _c_profile(p: Profile, key: bytes) -> str:
    """The profile as test_can_auth's requests spell it (onboard.py's mapping)."""
    m = p.mac_algo()
    prefix = 2 if p.scheme == "seed000" else 1 if m.algo == "ascon_cxof128" else 0
    custom = ASCON_Z.hex() if prefix == 1 else "-"
    return (f"{m.algo} {prefix} {key.hex() or '-'} {custom} {m.out_len} {p.fv_bits // 8} "
            f"{p.fv_tx_bits} {p.tag_bits}")


def _random_case(rng: random.Random) -> tuple[Profile, int]:
    """A built-in profile, perhaps with its tag, FV bits or window changed,
    and a payload length its frames hold."""
    while True:
        name = rng.choice(list(PROFILES))
        ov: dict[str, int] = {}
        if PROFILES[name].scheme == "secoc":
            if rng.random() < 0.5:
                ov["tag_bits"] = rng.randint(1, 8 * PROFILES[name].mac_algo().out_len)
            if rng.random() < 0.5:
                ov["fv_tx_bits"] = rng.choice([0, rng.randint(1, 32)])
            if rng.random() < 0.3:
                ov["window"] = rng.randint(1, 40)
        try:
            p = get_profile(name, **ov)
        except ProfileError:
            continue
        if p.fv_tx_bits == 0 and p.acceptance_window > 40:
            continue
        if p.scheme == "seed000":
            return p, 8
        sizes = []
        for n in range(65):
            try:
                p.frame_lengths(n)
                sizes.append(n)
            except (ProfileError, FrameError):
                pass
        if sizes:
            return p, rng.choice(sizes)


def _c_layout(p: Profile, n: int, frames: list) -> bytes:
    """What can_auth.c reads: payload || FV bits || tag || zero padding."""
    if len(frames) == 1:
        return bytes(frames[0].data)
    return bytes(frames[0].data)[:n] + bytes(frames[1].data)


def _py_frames(p: Profile, n: int, can_id: int, data: bytes) -> list:
    lens = p.frame_lengths(n)
    if len(lens) == 1:
        return [make(can_id, data, fd=p.fd)]
    first = data[:n].ljust(lens[0], b"\0")
    return [make(can_id, first, fd=p.fd), make(auth_id(can_id, False), data[n:], fd=p.fd)]


@pytest.mark.skipif(shutil.which("cc") is None or not LIB.exists(), reason="needs cc and build/libhashbench.a")
def test_c_matches_python_on_random_frames(tmp_path):
    """Frames signed by both agree; the verdict and the accepted FV agree on
    the signed frame, its replay, a frame with one bit flipped, a frame
    under another Data ID and random bytes, over random profiles, keys,
    payloads, FVs and receiver states (a fixed seed: reproducible)."""
    exe = _driver(tmp_path)
    rng = random.Random(17)
    requests: list[str] = []
    expected: list[tuple[str, str]] = []   # (what, expected answer or its prefix)
    kinds = {"fresh": 0, "replay": 0, "flip": 0, "id": 0, "random": 0}
    accepted_flips = 0
    for case in range(600):
        p, n = _random_case(rng)
        key = rng.randbytes(p.key_len)
        can_id = rng.randrange(0x400)
        data_id = can_id if p.scheme == "seed000" else rng.randrange(0x10000)
        fv = rng.randrange(1, (1 << p.fv_bits) - 1)
        payload = rng.randbytes(n)
        frames = Sender(p, key, can_id, data_id=data_id, fv=fv - 1).frames(payload)
        data = _c_layout(p, n, frames)
        need = n + p.fv_tx_bytes + p.tag_bytes
        prof = _c_profile(p, key)
        requests.append(f"S {prof} {data_id} {fv} {payload.hex() or '-'}")
        expected.append((f"sign #{case} {p.name}", f"{need} {data[:need].hex()}"))
        assert not any(data[need:]), "padding is zero"

        w = p.acceptance_window
        last = max(0, fv - 1 - rng.choice([0, 0, rng.randrange(w + 3)]))
        kind = rng.choice(["fresh", "replay", "flip", "flip", "id", "random"])
        if p.scheme == "seed000" and kind == "id":
            kind = "flip"
        kinds[kind] += 1
        rx_id, rx = data_id, data
        if kind == "flip":
            # a region first (payload, FV bits, tag, padding), so that the
            # few bits of each are flipped often enough
            regions = [(a, b) for a, b in ((0, n), (n, n + p.fv_tx_bytes), (n + p.fv_tx_bytes, need),
                                           (need, len(data))) if b > a]
            a, b = rng.choice(regions)
            i = rng.randrange(8 * a, 8 * b)
            rx = bytearray(data)
            rx[i // 8] ^= 1 << (i % 8)
            rx = bytes(rx)
        elif kind == "id":
            rx_id = data_id ^ (1 << rng.randrange(16))
        elif kind == "random":
            rx = rng.randbytes(len(data))
        v = Verifier(p, [RxMessage(can_id, key, n, data_id=rx_id, last_fv=last)])
        for rnd in range(2 if kind == "replay" else 1):
            before = v.msgs[can_id].last_fv
            verdict = None
            for f in _py_frames(p, n, can_id, rx):
                verdict = v.on_frame(f, 0.0)
            ok = verdict is not None and verdict.kind == "accept"
            if kind == "flip" and ok:
                accepted_flips += 1
            requests.append(f"V {prof} {rx_id} {n} {before} {w} {rx.hex()}")
            expected.append((f"verify #{case} {p.name} {kind} round {rnd}: {verdict}",
                             f"{int(ok)} {v.msgs[can_id].last_fv}"))
    out = subprocess.run([str(exe), "-"], input="\n".join(requests) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert len(out) == len(expected)
    for (what, want), got, req in zip(expected, out, requests):
        assert got == want, f"{what}\n  request: {req}"
    assert min(kinds.values()) > 30, kinds
    # a flipped frame passes only through a truncated-tag collision: rare
    assert accepted_flips < kinds["flip"] // 10, (accepted_flips, kinds["flip"])


@pytest.mark.skipif(shutil.which("cc") is None or not LIB.exists(), reason="needs cc and build/libhashbench.a")
def test_c_refuses_what_python_refuses(tmp_path):
    """A key the MAC refuses and an empty key are errors on both sides, as
    are a frame too short for the profile and impossible profile fields."""
    exe = _driver(tmp_path)
    p = get_profile("secoc-cmac-classic")
    with pytest.raises(ProfileError, match="16-byte key"):
        Sender(p, bytes(15), 0x100)
    reqs = [f"S {_c_profile(p, bytes(15))} 256 5 abcd",       # AES-128 takes 16 bytes
            f"S {_c_profile(p, b'')} 256 5 abcd",             # no key
            f"V {_c_profile(p, bytes(16))} 256 4 4 256 abcdef",  # 3 bytes, 4 + 1 + 3 needed
            f"S {_c_profile(replace(p, tag_bits=129), bytes(16))} 256 5 abcd",  # CMAC has 128 bits
            f"S {_c_profile(replace(p, fv_bits=72), bytes(16))} 256 5 abcd"]    # FV over 8 bytes
    out = subprocess.run([str(exe), "-"], input="\n".join(reqs) + "\n", capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[::2] == ["-1", "-1", "-5", "-3", "-3"], out
    for bad in ({"tag_bits": 129}, {"fv_tx_bits": 33}):
        with pytest.raises(ProfileError):
            get_profile("secoc-cmac-classic", **bad)
