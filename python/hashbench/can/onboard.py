"""The CAN-authentication workload on the embedded targets: the sender's
(build the authenticator, MAC, truncate, frame) and the receiver's
(reconstruct the FV, recompute, compare) work of one profile, run by
bench/can/fw_can.c through the one firmware pipeline
(hashbench.targets.pipeline.measure_workload), and stored like any
benchmark row with workload="can", profile, role and kind
"can-sender" / "can-receiver" (size: the MAC's input bytes).

The on-target checksum is compared with the frames and verdicts this
module computes through hashbench.can (Sender), so a firmware that frames
or verifies differently from the reference is reported, not measured."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .profiles import ASCON_Z, Profile, Sender, get_profile

if TYPE_CHECKING:
    from ..store import Row, Store

ROOT = Path(__file__).resolve().parents[3]
CAN_ID = 0x0A0
FV0 = 0x1234567   # first FV of the checksum and of the measured messages
CHECK_N = 16
FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def payload_len(p: Profile) -> int:
    """The payload of the measured message: 8 bytes, less what the FV and tag
    take in a classic single frame."""
    if p.scheme == "secoc" and p.layout == "same" and not p.fd:
        return 8 - p.fv_tx_bytes - p.tag_bytes
    return 8


def payload(p: Profile, i: int) -> bytes:
    """Message i's payload (fill() in fw_can.c)."""
    return bytes((j * 7 + i + 1) & 0xFF for j in range(payload_len(p)))


def mac_input_len(p: Profile) -> int:
    """Bytes the MAC absorbs (the Ascon sponge absorbs the key too)."""
    n = p.auth_input_len(payload_len(p))
    return n + p.key_len if p.mac_algo().algo == "ascon_cxof128" else n


def _fnv(h: int, data: bytes) -> int:
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


class CanWorkload:
    """What the pipeline needs to build, check and label one profile's image."""

    def __init__(self, profile: Profile | str, check_n: int = CHECK_N):
        self.profile = get_profile(profile) if isinstance(profile, str) else profile
        self.check_n = check_n
        p, m = self.profile, self.profile.mac_algo()
        self.algo = m.algo
        self.tag = "can-" + re.sub(r"[^A-Za-z0-9_.=-]+", "_", p.name)
        self.sources = [ROOT / "bench" / "can" / "fw_can.c", ROOT / "bench" / "can" / "can_auth.c"]
        self.include = [ROOT / "bench", ROOT / "bench" / "can"]
        # hb_ct_equal, for builders that link only the algorithm's own sources (mcs51)
        self.lib_sources = [ROOT / "src" / "modes" / "hmac.c"]
        key_pos = 2 if p.scheme == "seed000" else 1 if m.algo == "ascon_cxof128" else 0
        self.defines = [f"-DHB_CAN_KEY_LEN={p.key_len}", f"-DHB_CAN_MAC_LEN={m.out_len}",
                        f"-DHB_CAN_FV_BYTES={p.fv_bits // 8}", f"-DHB_CAN_FV_TX_BITS={p.fv_tx_bits}",
                        f"-DHB_CAN_TAG_BITS={p.tag_bits}", f"-DHB_CAN_KEY_POS={key_pos}",
                        f"-DHB_CAN_PAYLOAD={payload_len(p)}", f"-DHB_CAN_DATA_ID={CAN_ID}",
                        f"-DHB_CAN_WINDOW={p.acceptance_window}ull", f"-DHB_CAN_FV0={FV0}ull",
                        f"-DHB_CAN_INPUT={mac_input_len(p)}"]
        if key_pos == 1:
            self.defines.append(f'-DHB_CAN_CUSTOM="{ASCON_Z.decode()}"')

    def frame(self, i: int) -> bytes:
        """Message i's frame data as fw_can.c lays it out (payload || FV bits
        || tag, without CAN FD padding), from hashbench.can's Sender."""
        p = self.profile
        s = Sender(p, bytes(range(p.key_len)), CAN_ID, fv=FV0 + i - 1)
        data = b"".join(bytes(f.data) for f in s.frames(payload(p, i)))
        return data[:payload_len(p) + p.fv_tx_bytes + p.tag_bytes]

    def checksum(self) -> str:
        """What a correct firmware prints: every frame accepted once, its
        replay and a tampered copy refused."""
        h = FNV_OFFSET
        for i in range(self.check_n):
            h = _fnv(_fnv(h, self.frame(i)), b"\x01")
        h = _fnv(_fnv(h, b"\0"), b"\0")
        return f"{h:016x}"

    def row(self, fw_row: Row) -> dict[str, str]:
        role = fw_row["kind"].split("-", 1)[1]
        return {"workload": "can", "profile": self.profile.name, "role": role}


def measure(target: str, profiles: list[str], store: Store | None = None, command: str = "",
            timeout: float | None = None, target_options: dict[str, Any] | None = None) -> Iterator[Row]:
    """Rows of every profile on one target, stored like bench.run's."""
    from .. import __version__, targets
    from ..targets.pipeline import FirmwareTarget, measure_workload
    tg = targets.get(target, **(target_options or {}))
    if not isinstance(tg, FirmwareTarget):
        raise ValueError(f"target {target!r} runs no firmware (choose an embedded target)")
    tg.check()
    run_id = None
    if store is not None:
        env = tg.environment()
        run_id = store.start_run(tg.name, compiler=env.get("compiler", ""), flags=env.get("flags", ""),
                                 environment={**env, "workload": "can"}, command=command,
                                 tool_version=__version__)
    for name in profiles:
        w = CanWorkload(name)
        for row in measure_workload(tg.backend, w, timeout, tg.profile, w.check_n):
            row.setdefault("workload", "can")
            row.setdefault("profile", name)
            if store is not None and run_id is not None:
                store.add(run_id, row)
            yield row
