"""The CAN-authentication workload on embedded targets (bench/can/fw_can.c
through the one firmware pipeline): the on-target frames and verdicts equal
hashbench.can's, the rows are stored with workload/profile/role, and a
firmware that disagrees with the host is reported, not measured."""
from __future__ import annotations

import json

import pytest

from hashbench import targets
from hashbench.can import onboard
from hashbench.store import Store
from hashbench.targets import TargetUnavailable


def need(name: str):
    tg = targets.get(name)
    try:
        tg.check()
    except TargetUnavailable as e:
        pytest.skip(str(e))
    return tg


@pytest.mark.parametrize("target,profile", [("cortex-m4", "secoc-cmac-classic"),
                                            ("cortex-m4", "seed000-blake2s-k128-fd"),
                                            ("avr", "secoc-blake2s-classic")])
def test_checksum_and_rows_stored(tmp_path, target, profile):
    need(target)
    st = Store(tmp_path / "r.sqlite")
    rows = list(onboard.measure(target, [profile], store=st))
    assert [r.get("error") for r in rows] == [None, None]
    assert [r["kind"] for r in rows] == ["can-sender", "can-receiver"]
    w = onboard.CanWorkload(profile)
    for r in rows:
        assert r["verified"] and r["algo"] == w.algo and r["size"] == onboard.mac_input_len(w.profile)
        assert r["median"] > 0 and r["time_us"] > 0 and r["code_bytes"] > 0 and r["stack_bytes"] > 0
    stored = st.rows("r.target = ?", (target,))
    assert [json.loads(r["extra"])["role"] for r in stored] == ["sender", "receiver"]
    assert {json.loads(r["extra"])["profile"] for r in stored} == {profile}
    # the receiver recomputes the MAC the sender computed, and reconstructs the FV first
    assert rows[1]["median"] >= rows[0]["median"] * 0.9


def test_wrong_host_reference_is_reported(monkeypatch):
    need("cortex-m4")
    # the host expecting frames of another payload: the on-target checksum must disagree
    monkeypatch.setattr(onboard, "payload", lambda p, i: bytes((j + i) & 0xFF for j in range(onboard.payload_len(p))))
    rows = list(onboard.measure("cortex-m4", ["secoc-cmac-classic"]))
    assert len(rows) == 1 and rows[0]["error"].startswith("checksum differs")
