"""hashbench.can: frames, profiles, freshness, attacks on the virtual bus,
the timing model against hand-worked examples, the CLI's bad input."""
from __future__ import annotations

import can
import pytest

import hashbench
from hashbench.can import (
    FrameError,
    FreshnessExhausted,
    ProfileError,
    RxMessage,
    Sender,
    Verifier,
    get_profile,
    make,
    validate,
)
from hashbench.can.profiles import authenticator
from hashbench.can.sim import ATTACKS, DATA_DIR, DbcError, Simulation, load_dbc
from hashbench.can.timing import Msg, classic_bits, fd_bits, parse_rate, parse_time, response_times
from hashbench.cli import main

KEY16 = bytes(range(16))


# ---- frames --------------------------------------------------------------------
def test_classic_and_fd_frames():
    m = make(0x123, b"\1\2\3")
    assert (m.arbitration_id, m.dlc, m.is_fd, m.is_extended_id) == (0x123, 3, False, False)
    assert can.util.len2dlc(make(0x1ABCDEF0, bytes(64), extended=True, fd=True).dlc) == 15
    for n in (9, 13, 65):
        with pytest.raises(FrameError):
            make(1, bytes(n), fd=n <= 64 and n != 13 and n != 9)
    with pytest.raises(FrameError, match="11-bit"):
        make(0x800, b"")
    make(0x1FFFFFFF, b"", extended=True)
    with pytest.raises(FrameError, match="29-bit"):
        make(0x20000000, b"", extended=True)


def test_validate_rejects_what_a_controller_would_not_deliver():
    bad = can.Message(arbitration_id=1, data=bytes(8), dlc=5, check=False)
    with pytest.raises(FrameError, match="DLC/length mismatch"):
        validate(bad)
    with pytest.raises(FrameError, match="at most 8"):
        validate(can.Message(arbitration_id=1, data=bytes(12), dlc=12, check=False))
    with pytest.raises(FrameError, match="remote"):
        validate(can.Message(arbitration_id=1, is_remote_frame=True, check=False))


# ---- seed 000 -----------------------------------------------------------------------
@pytest.mark.parametrize("bits,n", [(128, 30), (256, 46), (512, 78)])
def test_seed000_inputs_are_30_46_78_bytes(bits, n):
    p = get_profile(f"seed000-blake2s-k{bits}")
    key = bytes(range(bits // 8))
    data, tag = authenticator(p, key, 0x123, 0, b"ABCDEFGH", 7)
    assert len(data) == n == p.auth_input_len(8)
    # exactly ID (2, big-endian) || D || FC (4, big-endian) || K, hashed with plain BLAKE2s
    assert data == b"\x01\x23" + b"ABCDEFGH" + b"\0\0\0\7" + key
    assert tag == hashbench.new("blake2s", data).digest()[:8]
    assert p.weak and "secret-suffix" in p.weak


def test_seed000_frames_and_monitor():
    p = get_profile("seed000-keccak256-k256")
    s = Sender(p, bytes(32), 0x123)
    fr = s.frames(b"12345678")
    assert [f.arbitration_id for f in fr] == [0x123, 0x523] and [len(f.data) for f in fr] == [8, 8]
    v = Verifier(p, [RxMessage(0x123, bytes(32), 8)])
    assert v.on_frame(fr[0], 0.0).kind == "pending"
    assert v.on_frame(fr[1], 0.001).kind == "accept"
    # a lost message desynchronises the seed's never-sent counter for good (window 1)
    s.frames(b"lost....")
    fr = s.frames(b"12345678")
    v.on_frame(fr[0], 0.02)
    assert v.on_frame(fr[1], 0.021).kind == "reject"


# ---- SecOC profiles -------------------------------------------------------------------
@pytest.mark.parametrize("mac", ["cmac", "hmac-sha256", "kmac128", "blake2s", "ascon"])
def test_secoc_roundtrip_every_mac(mac):
    p = get_profile(f"secoc-{mac}-classic")
    key = bytes(range(p.key_len))
    s = Sender(p, key, 0x0A0)
    v = Verifier(p, [RxMessage(0x0A0, key, 4)])
    for i in range(5):
        (f,) = s.frames(bytes([i, 1, 2, 3]))
        assert len(f.data) == 8
        r = v.on_frame(f, 0.01 * i)
        assert (r.kind, r.fv) == ("accept", i + 1)
    assert v.on_frame(f, 1.0).kind == "reject"          # replay
    t = bytearray(f.data)
    t[0] ^= 0x80
    f2 = make(0x0A0, bytes(t))
    assert v.on_frame(f2, 1.0).kind == "reject"         # tamper


def test_mac_algorithms_are_the_library_ones():
    p = get_profile("secoc-cmac-fd")
    data, tag = authenticator(p, KEY16, 0x0A0, 0x0A0, b"abcd", 1)
    assert data == b"\x00\xa0abcd\x00\x00\x00\x01"
    assert tag == hashbench.mac("aes128_cmac", KEY16, data)[:16]
    from Crypto.Cipher import AES
    from Crypto.Hash import CMAC
    assert tag == CMAC.new(KEY16, data, ciphermod=AES).digest()


def test_wrong_key_length_and_unknown_profile():
    with pytest.raises(ProfileError, match="16-byte key"):
        Sender(get_profile("secoc-cmac-classic"), bytes(15), 1)
    with pytest.raises(ProfileError, match="unknown profile"):
        get_profile("secoc-des-classic")
    with pytest.raises(ProfileError, match="more than classic CAN"):
        Sender(get_profile("secoc-cmac-classic"), KEY16, 1).frames(bytes(5))


def _pair(p, last=0):
    s = Sender(p, KEY16, 0x100, fv=last)
    v = Verifier(p, [RxMessage(0x100, KEY16, 4, last_fv=last)])
    return s, v


def test_fv_reconstruction_at_the_window_edges():
    p = get_profile("secoc-cmac-classic")   # 8 bits sent, window 256
    s, v = _pair(p, last=1000)
    # FV = last + 256 is the last accepted value, last + 257 is outside
    s.fv = 1000 + 255
    (f,) = s.frames(b"abcd")
    assert v.on_frame(f, 0).kind == "accept" and v.msgs[0x100].last_fv == 1256
    s, v = _pair(p, last=1000)
    s.fv = 1000 + 256
    (f,) = s.frames(b"abcd")
    assert v.on_frame(f, 0).kind == "reject" and v.msgs[0x100].last_fv == 1000
    # a wider window reaches it with a second attempt
    p2 = get_profile("secoc-cmac-classic", window=512)
    assert p2.attempts == 2
    s, v = _pair(p2, last=1000)
    s.fv = 1000 + 256
    (f,) = s.frames(b"abcd")
    assert v.on_frame(f, 0).kind == "accept" and v.msgs[0x100].last_fv == 1257


def test_truncated_fv_wraps_and_full_fv_exhausts():
    p = get_profile("secoc-cmac-classic")
    s, v = _pair(p, last=250)
    for _ in range(20):                      # through the 8-bit wrap at 256
        (f,) = s.frames(b"wrap")
        assert v.on_frame(f, 0).kind == "accept"
    assert v.msgs[0x100].last_fv == 270
    s.fv = (1 << 32) - 2
    s.frames(b"last")
    with pytest.raises(FreshnessExhausted):
        s.frames(b"none")


def test_fv_bits_above_the_transmitted_ones_are_refused():
    # 4 FV bits in a whole byte: the sender leaves the high nibble zero, and
    # a frame with it set (same MAC, same reconstructed FV) is a second
    # encoding of an accepted frame, so it must not verify
    p = get_profile("secoc-cmac-classic", fv_tx_bits=4)
    for flip in (0x10, 0x80):
        s, v = _pair(p, last=40)
        (f,) = s.frames(b"abcd")
        bad = bytearray(f.data)
        bad[4] ^= flip
        r = v.on_frame(make(f.arbitration_id, bytes(bad)), 0)
        assert r.kind == "reject" and "above its 4 bits" in r.reason
        assert v.on_frame(f, 0).kind == "accept" and v.msgs[0x100].last_fv == 41


def test_sender_reset_resynchronises():
    p = get_profile("secoc-cmac-classic")
    s, v = _pair(p)
    for _ in range(37):
        assert v.on_frame(s.frames(b"abcd")[0], 0).kind == "accept"
    s.reset()                                 # resumes past the persisted FV: no reuse
    assert s.fv > 37
    assert v.on_frame(s.frames(b"abcd")[0], 0).kind == "accept"


def test_monitor_keeps_running_on_malformed_frames():
    p = get_profile("secoc-cmac-classic")
    s, v = _pair(p)
    junk = [can.Message(arbitration_id=0x100, data=bytes(8), dlc=3, check=False),
            make(0x100, bytes(5)), make(0x7FF, bytes(8)), make(0x100, bytes(8), fd=True),
            can.Message(arbitration_id=0x100, is_remote_frame=True, check=False)]
    reasons = [v.on_frame(j, 0).reason for j in junk]
    assert reasons[0].startswith("malformed") and "wrong length" in reasons[1]
    assert "unknown ID" in reasons[2] and "FD frame" in reasons[3] and "remote" in reasons[4]
    assert v.on_frame(s.frames(b"abcd")[0], 0).kind == "accept"


# ---- simulation on the virtual bus ------------------------------------------------
@pytest.mark.parametrize("pname", ["secoc-cmac-classic", "secoc-kmac128-classic2f", "seed000-blake2s-k128"])
def test_nominal_traffic_no_false_rejects_even_after_reset(pname):
    reset = None if pname.startswith("seed000") else 0.15
    r = Simulation(get_profile(pname), reset_at=reset).run(0.3)
    assert r.accepted_legit > 100 and r.rejected_legit == 0 and r.deadline_misses == 0
    assert r.accepted_attack == 0 and not r.reasons


def test_seed000_does_not_survive_a_sender_reset():
    # its counter is never sent and must advance by exactly one
    r = Simulation(get_profile("seed000-blake2s-k128"), reset_at=0.15).run(0.3)
    assert r.rejected_legit > 50


@pytest.mark.parametrize("attack", ATTACKS)
def test_every_attack_class_short_run(attack):
    p = get_profile("secoc-cmac-classic2f")
    r = Simulation(p, attack=attack, seed=3).run(0.3)
    assert r.attack_frames > 0
    assert r.accepted_forged == 0 and r.accepted_replay == 0
    assert r.rejected_attack > 0 or attack == "mac_drop"
    if attack == "flood":
        assert r.rejected_legit > 0           # the denial of service shows
    if attack == "mac_drop":
        assert r.accepted_legit == 0 and r.rejected_legit > 0


def test_masquerade_succeeds_only_with_a_shared_key():
    p = get_profile("secoc-cmac-classic")
    assert Simulation(p, attack="masquerade", key_scope="node").run(0.2).accepted_forged == 0
    r = Simulation(p, attack="masquerade", key_scope="shared").run(0.2)
    assert r.accepted_forged > 0


def test_short_tags_accept_about_n_2_minus_t_forgeries():
    p = get_profile("secoc-cmac-classic", tag_bits=4)
    r = Simulation(p, attack="spoof", attack_rate=0.0002, seed=5).run(1.0)
    n = r.attack_frames
    # n * 2^-4 expected; a binomial 6-sigma band around it
    exp = n / 16
    assert abs(r.accepted_forged - exp) < 6 * (exp * 15 / 16) ** 0.5 + 1, (r.accepted_forged, exp)


def test_logs_are_candump_and_asc(tmp_path):
    lp, ap = str(tmp_path / "bus.log"), str(tmp_path / "bus.asc")
    r = Simulation(get_profile("secoc-cmac-classic"), logs=[lp, ap]).run(0.05)
    n = sum(r.frames.values())
    back = list(can.LogReader(lp))
    assert len(back) == n and len(list(can.LogReader(ap))) == n
    assert back[-1].timestamp <= 0.05          # simulated time, not the wall clock


def test_dbc_schedule_and_bad_dbc(tmp_path):
    msgs = load_dbc(DATA_DIR / "vehicle.dbc")
    assert {(m.name, m.period, m.length) for m in msgs} >= {("EngineSpeed", 0.01, 8), ("DoorStatus", 0.1, 2)}
    r = Simulation(get_profile("secoc-ascon-fd"), msgs).run(0.1)
    assert r.accepted_legit > 20 and r.rejected_legit == 0
    bad = tmp_path / "bad.dbc"
    bad.write_text("BO_ this is not a DBC\n")
    with pytest.raises(DbcError, match="parse"):
        load_dbc(bad)


# ---- timing -------------------------------------------------------------------------
def test_frame_bits():
    # Davis et al. 2007 eq. (1): 8 bytes, 11-bit ID: 34 + 64 + 13 + floor(97/4) = 135 bits
    assert classic_bits(8) == 135 and classic_bits(8, True) == 54 + 64 + 13 + 117 // 4 == 160
    assert classic_bits(0) == 34 + 13 + 33 // 4 == 55
    # CAN FD, 8 bytes: nominal 17 + floor(16/4) + 13 = 34; data 5 + 64 + (floor(85/4) - 4)
    # + 4 + 17 + 6 = 113
    assert fd_bits(8) == (34, 113)
    # 64 bytes: CRC-21 and 7 fixed stuff bits: 5 + 512 + (floor(533/4) - 4) + 4 + 21 + 7 = 678
    assert fd_bits(64) == (34, 678)


def test_response_time_analysis_hand_checked():
    """The example with which Davis et al. 2007 refute the original analysis
    (Tindell et al. 1994): messages A, B, C of 1 ms frames at 125 kbit/s
    (tau_bit = 8 us), T = 2.5, 3.5, 3.5 ms, D = T.  The original analysis
    looks only at C's first instance and gives R_C = 3 ms; the paper's
    schedule shows C's second instance in the level-C busy period taking
    3.5 ms.  Worked again by hand with the revised equations, in ms:
      A: B = 1; busy t = 1 + ceil(t/2.5) -> 2; Q = 1; w0 = 1; R = 2.
      B: B = 1; busy 1 -> 3 -> 4 -> 5 -> 5 (1 + 2*1 + 2*1); Q = ceil(5/3.5) = 2;
         q=0: w = 1 + ceil((w+.008)/2.5) -> 2, R = 3;  q=1: w = 2 + ... -> 4, R = 4-3.5+1 = 1.5;
         R_B = 3.
      C: B = 0; busy 1 -> 3 -> 4 -> 6 -> 7 -> 7; Q = 2;
         q=0: w -> 2, R(0) = 3;
         q=1: w = 1 + ceil((w+.008)/2.5) + ceil((w+.008)/3.5): 1 -> 3 -> 4 -> 5 -> 6 -> 6
              (at w = 5, ceil(5.008/2.5) = 3: the tau_bit term); R(1) = 6 - 3.5 + 1 = 3.5.
         R_C = 3.5 (the q = 0 analysis alone says 3)."""
    ms = [Msg("A", 1, 0.0025, 8, frame_time=0.001), Msg("B", 2, 0.0035, 8, frame_time=0.001),
          Msg("C", 3, 0.0035, 8, frame_time=0.001)]
    r = {x.msg.name: x for x in response_times(ms, 125_000)}
    assert (r["A"].R, r["B"].R, r["C"].R) == (2_000_000, 3_000_000, 3_500_000)
    assert (r["A"].Q, r["B"].Q, r["C"].Q) == (1, 2, 2) and r["C"].busy == 7_000_000
    assert all(x.ok for x in r.values())
    # one more bit of frame time pushes C past its deadline
    ms2 = [Msg(m.name, m.can_id, m.period, 8, frame_time=0.001008) for m in ms]
    assert not response_times(ms2, 125_000)[2].ok


def test_overloaded_set_is_unschedulable():
    ms = [Msg(str(i), i, 0.001, 8) for i in range(5)]     # 5 x 270 us per ms at 500k
    assert response_times(ms, 500_000)[-1].R == float("inf")


def test_parse_rate_and_time():
    assert parse_rate("500k") == 500_000 and parse_rate("2M") == 2_000_000
    assert parse_time("1ms") == 0.001 and parse_time("250us") == 0.00025
    for bad in ("fast", "0k"):
        with pytest.raises(ValueError):
            parse_rate(bad)


# ---- CLI ----------------------------------------------------------------------------
def test_cli_budget_and_simulate(capsys, tmp_path):
    db = str(tmp_path / "r.sqlite")
    assert main(["can", "budget", "--target", "cortex-m4", "--bitrate", "500k", "--deadline", "10ms",
                 "--profile", "secoc-cmac-classic,secoc-blake2s-fd", "--db", db, "--json"]) == 0
    import json
    out = json.loads(capsys.readouterr().out)
    assert out[0]["mac_time_source"] == "no data" and out[0]["bus_load_auth"] > out[0]["bus_load_plain"]
    assert main(["can", "simulate", "--profile", "secoc-cmac-classic", "--attack", "replay",
                 "--duration", "100ms", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)[0]
    assert r["accepted_replay"] == 0 and r["rejected_attack"] > 0


def test_cli_budget_uses_stored_rows(capsys, tmp_path):
    from hashbench.store import Store
    db = tmp_path / "r.sqlite"
    s = Store(db)
    run = s.start_run("cortex-m4")
    s.add(run, {"algo": "aes128_cmac", "target": "cortex-m4", "size": 10, "median": 5000.0,
                "clock_hz": 100e6, "count_kind": "cycles"})
    s.add(run, {"algo": "blake2s", "target": "cortex-m4", "size": 64, "median": 6400.0, "clock_hz": 100e6})
    s.close()
    assert main(["can", "budget", "--target", "cortex-m4", "--profile", "secoc-cmac-classic,secoc-blake2s-classic",
                 "--db", str(db), "--json"]) == 0
    import json
    a, b = json.loads(capsys.readouterr().out)
    assert a["mac_time_source"] == "hash row" and a["sender_s"] == pytest.approx(50e-6)
    # blake2s: 100 cycles/B x 10-byte input, labelled an estimate
    assert b["mac_time_source"] == "estimate" and b["sender_s"] == pytest.approx(10e-6)


def test_cli_budget_prefers_on_target_rows(capsys, tmp_path):
    """Rows of `can measure` (kind can-sender/can-receiver) are "measured" and
    win over the hash row; they never stand in for the hash benchmark."""
    from hashbench.store import Store
    db = tmp_path / "r.sqlite"
    s = Store(db)
    run = s.start_run("cortex-m4")
    s.add(run, {"algo": "aes128_cmac", "target": "cortex-m4", "size": 10, "median": 5000.0,
                "clock_hz": 100e6, "kind": "size"})
    for role, c in (("sender", 7000.0), ("receiver", 9000.0)):
        s.add(run, {"algo": "aes128_cmac", "target": "cortex-m4", "size": 10, "median": c, "clock_hz": 100e6,
                    "time_us": c / 100, "kind": f"can-{role}", "workload": "can",
                    "profile": "secoc-cmac-classic", "role": role})
    s.close()
    assert main(["can", "budget", "--target", "cortex-m4", "--profile", "secoc-cmac-classic,secoc-cmac-classic2f",
                 "--db", str(db), "--json"]) == 0
    import json
    a, b = json.loads(capsys.readouterr().out)
    assert a["mac_time_source"] == "measured" and a["sender_s"] == pytest.approx(70e-6)
    assert a["monitor_s"] == pytest.approx(90e-6)
    # another profile of the same MAC has no on-target rows: the hash row (size 10 is not its input)
    assert b["mac_time_source"] in ("hash row", "estimate") and b["sender_s"] != pytest.approx(70e-6)


@pytest.mark.parametrize("argv,msg", [
    (["can", "simulate", "--profile", "nope"], "unknown profile"),
    (["can", "simulate", "--profile", "secoc-cmac-classic", "--attack", "jam"], "unknown attack"),
    (["can", "budget", "--target", "host", "--bitrate", "fast"], "bad bit rate"),
    (["can", "simulate", "--profile", "secoc-cmac-classic", "--tag-bits", "999"], "tag of 999 bits"),
])
def test_cli_bad_input_exits_2(argv, msg, capsys):
    assert main(argv) == 2
    assert msg in capsys.readouterr().err


def test_cli_bad_dbc_exits_2(tmp_path, capsys):
    bad = tmp_path / "x.dbc"
    bad.write_text("garbage {{{\n")
    assert main(["can", "simulate", "--profile", "secoc-cmac-classic", "--dbc", str(bad)]) == 2
    assert "parse" in capsys.readouterr().err or "cycle time" in capsys.readouterr().err


def test_cli_reject_log(tmp_path, capsys):
    p = tmp_path / "rej.csv"
    assert main(["can", "simulate", "--profile", "secoc-cmac-classic", "--attack", "spoof",
                 "--duration", "20ms", "--reject-log", str(p)]) == 0
    lines = p.read_text().splitlines()
    assert lines[0] == "time_s,can_id,reason" and len(lines) > 5
    assert "MAC or freshness check failed" in lines[1]


def test_seed000_table3_from_stored_rows(tmp_path):
    from hashbench.can.table3 import rows
    from hashbench.store import Store
    s = Store(tmp_path / "r.sqlite")
    run = s.start_run("cortex-a9")
    s.add(run, {"algo": "blake2s", "target": "cortex-a9", "size": 30, "median": 13340.0})
    rs = {(r["algo"], r["bytes"]): r for r in rows(s, with_core=False)}
    r = rs[("blake2s", 30)]
    assert r["arm_us"] == pytest.approx(13340 / 667)          # cycles at the seed's 667 MHz
    # the seed's formula: 30 B * 8 / (512 / (10 * 43.4 ns)) = 0.2034 us (published 0.20)
    assert r["fpga_formula_us"] == pytest.approx(0.2034, abs=1e-4)
    assert r["total_us"] == pytest.approx(13340 / 667 + 0.2034, abs=1e-3)
    assert rs[("keccak_256", 46)]["fpga_formula_us"] == pytest.approx(368 / 4650.3, rel=1e-3)
    assert rs[("keccak_256", 30)]["arm_us"] is None


def test_cli_table_prints_stored_onboard_rows(capsys, tmp_path):
    from hashbench.store import Store
    db = str(tmp_path / "t.sqlite")
    st = Store(db)
    rid = st.start_run("cortex-m4")
    for role, cyc in (("sender", 5000.0), ("receiver", 5100.0)):
        st.add(rid, {"algo": "aes128_cmac", "target": "cortex-m4", "size": 10, "kind": f"can-{role}",
                     "median": cyc, "time_us": cyc / 168,
                     "workload": "can", "profile": "secoc-cmac-classic", "role": role})
    st.close()
    assert main(["can", "table", "--target", "cortex-m4,avr", "--db", db]) == 0
    got = capsys.readouterr().out
    assert "| secoc-cmac-classic | 10 | 5,000 / 5,100 (29.8 / 30.4) | not measured |" in got
    assert "seed000" not in got            # profiles without rows are left out
    assert main(["can", "table", "--target", "rv32imc", "--db", db]) != 0
