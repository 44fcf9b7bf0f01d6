"""Bus simulation on python-can's virtual bus, in simulated time.

Sender ECUs queue their frames at periodic release times; arbitration is
modelled (the lowest identifier among the frames ready when the bus goes
idle wins; a frame lasts its worst-case time from timing.py); each frame
that wins is sent through a `can.Bus(interface="virtual")` and received by
the monitor's own virtual-bus handle, which verifies it with the profile's
Verifier.  No real-time sleeping: the clock is the simulation's.

The attacker sits where each attack needs it: on the bus (spoofing,
replay, flooding, desynchronising forgeries, masquerade) or as a
compromised gateway in front of the monitor's segment (tampering, dropping
or delaying frames).
"""
from __future__ import annotations

import heapq
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

import can

import hashbench

from .frames import make
from .profiles import AUTH_ID_BIT_EXT, AUTH_ID_BIT_STD, Profile, RxMessage, Sender, Verdict, Verifier
from .timing import NS, classic_frame_ns, fd_frame_ns

ATTACKS = ("spoof", "replay", "replay_delayed", "tamper", "mac_drop", "mac_delay", "desync",
           "masquerade", "flood")
DATA_DIR = Path(__file__).resolve().parent / "data"


class DbcError(ValueError):
    """A DBC file that does not parse or lacks what the schedule needs."""


@dataclass
class MsgSpec:
    name: str
    can_id: int
    period: float        # s
    length: int          # payload bytes
    sender: str
    extended: bool = False
    offset: float = 0.0  # s: first release


def builtin_vehicle() -> list[MsgSpec]:
    """A small vehicle: four ECUs, 10/20/100 ms classes, payloads of at most
    4 bytes so that a classic frame also holds an 8-bit FV and a 24-bit MAC."""
    return [
        MsgSpec("EngineTorque", 0x0A0, 0.010, 4, "engine", offset=0.0000),
        MsgSpec("EngineSpeed", 0x0B0, 0.010, 4, "engine", offset=0.0005),
        MsgSpec("WheelSpeedFront", 0x0C0, 0.010, 4, "brake", offset=0.0010),
        MsgSpec("WheelSpeedRear", 0x0C1, 0.010, 4, "brake", offset=0.0015),
        MsgSpec("YawRate", 0x0D0, 0.010, 4, "brake", offset=0.0020),
        MsgSpec("SteeringAngle", 0x100, 0.020, 4, "steering", offset=0.0030),
        MsgSpec("BrakePressure", 0x110, 0.020, 2, "brake", offset=0.0040),
        MsgSpec("GearPosition", 0x180, 0.020, 1, "engine", offset=0.0050),
        MsgSpec("AccelPedal", 0x190, 0.020, 2, "engine", offset=0.0060),
        MsgSpec("DoorStatus", 0x300, 0.100, 1, "body", offset=0.0070),
        MsgSpec("Lights", 0x310, 0.100, 2, "body", offset=0.0080),
        MsgSpec("ClimateStatus", 0x320, 0.100, 4, "body", offset=0.0090),
    ]


def load_dbc(path: str | Path) -> list[MsgSpec]:
    """The periodic schedule of a DBC file: every message with a cycle time
    (GenMsgCycleTime), its length and its first sender."""
    import cantools
    p = Path(path)
    if not p.exists():
        raise DbcError(f"{p}: no such file")
    try:
        db = cantools.database.load_file(str(p), database_format="dbc")
    except Exception as e:  # cantools raises several unrelated types on bad input
        raise DbcError(f"{p}: not a DBC file cantools can parse ({type(e).__name__}: "
                       f"{str(e).splitlines()[0] if str(e) else 'no detail'})") from None
    if not isinstance(db, cantools.database.can.Database):
        raise DbcError(f"{p}: not a CAN database")
    out = []
    for i, m in enumerate(db.messages):
        if not m.cycle_time:
            continue
        out.append(MsgSpec(m.name, m.frame_id, m.cycle_time / 1000.0, m.length,
                           (m.senders or ["ecu"])[0].lower(), extended=m.is_extended_frame,
                           offset=0.0005 * i))
    if not out:
        raise DbcError(f"{p}: no message has a cycle time (GenMsgCycleTime); nothing to schedule")
    return out


class KeyStore:
    """Keys derived from one master secret with KMAC256 (through the
    library): scope 'message' (one key per CAN ID), 'node' (one per sending
    ECU) or 'shared' (one for the whole bus: what key misuse looks like)."""

    def __init__(self, profile: Profile, scope: str = "node", master: bytes = b"hashbench-can-master-key"):
        if scope not in ("message", "node", "shared"):
            raise ValueError(f"key scope must be message, node or shared, not {scope!r}")
        self.p, self.scope, self.master = profile, scope, master

    def key(self, node: str, can_id: int) -> bytes:
        label = {"message": f"msg:{can_id:x}", "node": f"node:{node}", "shared": "bus"}[self.scope]
        return hashbench.mac("kmac256", self.master, label.encode(), length=self.p.key_len)


#: (can_id, k) of the k-th release of a legit message; () for other frames
Instance = tuple[int, ...]


class _InstanceState(TypedDict):
    release: int      # ns
    n: int            # its frames still on their way
    done: int
    name: str
    period: float     # s


class _InstanceSeen(_InstanceState, total=False):
    verdict: str      # "accept" once the monitor accepted it


@dataclass(order=True)
class _Queued:
    release: int                     # ns
    prio: int
    seq: int
    msg: can.Message = field(compare=False)
    origin: str = field(compare=False, default="legit")   # "legit" | attack class
    inst: Instance = field(compare=False, default=())     # (can_id, instance) of a legit message


@dataclass
class Report:
    profile: str
    attack: str | None
    duration: float
    frames: Counter[str] = field(default_factory=Counter)     # sent, by origin
    accepted_legit: int = 0
    rejected_legit: int = 0          # false rejects (a legit message not accepted)
    accepted_attack: int = 0         # every accepted message an attack frame took part in:
    accepted_forged: int = 0         #   content the sender never authenticated
    accepted_replay: int = 0         #   an FV the monitor had accepted before
    # an authentic message first accepted through frames the attacker sent or held back
    accepted_late: int = 0
    rejected_attack: int = 0
    attack_frames: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    deadline_misses: int = 0
    worst_response: dict[str, float] = field(default_factory=dict)   # name -> s
    busy_ns: int = 0
    mac_attempts: int = 0
    not_applicable: str = ""

    @property
    def bus_load(self) -> float:
        return self.busy_ns / (self.duration * NS) if self.duration else 0.0


class Attacker:
    def __init__(self, kind: str, sim: Simulation, rng: random.Random, rate: float = 0.001,
                 delay: float = 0.1, compromised: str | None = None):
        if kind not in ATTACKS:
            raise ValueError(f"unknown attack {kind!r}; choose from {', '.join(ATTACKS)}")
        self.kind, self.sim, self.rng = kind, sim, rng
        self.rate = rate          # s between injected frames (spoof, desync, masquerade)
        self.delay = delay        # s of a delayed replay
        p = sim.profile
        self.targets = [m for m in sim.msgs]
        self.compromised = compromised
        self.second = p.scheme == "seed000" or p.layout == "second"
        self.drops = 0

    # frames the attacker puts on the bus by itself --------------------------------
    def injections(self, until_ns: int) -> Iterator[tuple[int, list[can.Message]]]:
        """(release ns, [frames]) of active injections, in time order."""
        k = self.kind
        if k not in ("spoof", "desync", "masquerade", "flood"):
            return
        step = round(self.rate * NS)
        if k == "flood":
            # back to back: a new frame ready every frame time, from 20 % of the run
            step = self.sim._frame_ns(self._forge(0)[0])
        t = step if k != "flood" else until_ns // 5
        while t < until_ns:
            yield t, self._forge(t)
            t += step

    def _forge(self, t_ns: int) -> list[can.Message]:
        sim, p, rng = self.sim, self.sim.profile, self.rng
        if self.kind == "flood":
            # identifier 0 wins every arbitration: a bus-wide denial of service
            return [make(0x000, bytes(8) if not p.fd else bytes(8), fd=p.fd)]
        m = rng.choice(self.targets)
        if self.kind == "masquerade":
            # the attacker holds the key of a compromised ECU and the FV it observes
            real = sim.senders[m.can_id]
            node = self.compromised or next(n for n in sim.nodes if n != m.sender)
            fake = Sender(p, sim.keys.key(node, m.can_id), m.can_id, extended=m.extended, fv=real.fv)
            return fake.frames(rng.randbytes(m.length))
        lens = p.frame_lengths(m.length)
        ids = [m.can_id] if len(lens) == 1 else \
            [m.can_id, m.can_id | (AUTH_ID_BIT_EXT if m.extended else AUTH_ID_BIT_STD)]
        frames = []
        for i, (cid, n) in enumerate(zip(ids, lens)):
            body = bytearray(rng.randbytes(n))
            # zero padding as a correct sender would, so only the MAC stops it
            used = (m.length + p.fv_tx_bytes + p.tag_bytes) if (len(lens) == 1) else \
                (m.length if i == 0 and p.scheme != "seed000" else
                 (8 if i == 0 else p.fv_tx_bytes + p.tag_bytes))
            body[used:] = bytes(n - used)
            if p.tag_bits % 8 and (len(lens) == 1 or i == 1):
                # the attacker knows the format: the unused low bits of the tag are zero
                body[used - 1] &= (0xFF << (8 - p.tag_bits % 8)) & 0xFF
            if self.kind == "desync" and p.fv_tx_bits and (len(lens) == 1 or i == 1):
                # an FV far ahead of the receiver's, to drag it forward
                fv_now = sim.senders[m.can_id].fv
                ahead = (fv_now + (1 << max(p.fv_tx_bits - 1, 0))) & ((1 << p.fv_tx_bits) - 1)
                off = m.length if len(lens) == 1 else 0
                body[off:off + p.fv_tx_bytes] = ahead.to_bytes(p.fv_tx_bytes, "big")
            frames.append(make(cid, bytes(body), extended=m.extended, fd=p.fd))
        return frames

    # the compromised gateway: legit frames on their way ----------------------------
    def intercept(self, q: _Queued, is_auth: bool, is_data: bool) -> list[tuple[int, can.Message, str]]:
        """[(extra delay ns, frame, origin)] that reach the bus instead of q."""
        k, p = self.kind, self.sim.profile
        if k == "tamper" and is_data:
            b = bytearray(q.msg.data)
            n = q.msg.dlc if p.scheme == "seed000" else self.sim.payload_len[q.msg.arbitration_id]
            if n:
                bit = self.rng.randrange(8 * n)
                b[bit // 8] ^= 1 << (bit % 8)
                m = make(q.msg.arbitration_id, bytes(b), extended=q.msg.is_extended_id, fd=q.msg.is_fd)
                return [(0, m, "tamper")]
        if k == "mac_drop" and is_auth:
            self.drops += 1
            return []
        if k == "mac_delay" and is_auth:
            return [(round(2 * p.auth_timeout * NS), q.msg, "mac_delay")]
        if k == "desync" and is_data and q.inst and q.inst[1] % 50 in (10, 11, 12):
            # suppress three consecutive messages now and then
            self.drops += 1
            return []
        return [(0, q.msg, q.origin)]

    def observe(self, q: _Queued, t_ns: int) -> list[tuple[int, can.Message, str]]:
        """Frames to replay after seeing q on the bus."""
        if q.origin != "legit":
            return []
        if self.kind == "replay":
            return [(t_ns, q.msg, "replay")]
        if self.kind == "replay_delayed":
            return [(t_ns + round(self.delay * NS), q.msg, "replay_delayed")]
        return []


class Simulation:
    def __init__(self, profile: Profile, msgs: list[MsgSpec] | None = None, bitrate: int = 500_000,
                 data_bitrate: int | None = None, key_scope: str = "node", attack: str | None = None,
                 seed: int = 0, mac_time: float = 0.0, channel: str | None = None,
                 logs: list[str] | None = None, attack_rate: float = 0.001, compromised: str | None = None,
                 reset_at: float | None = None, start_fv: int = 0):
        self.profile = profile
        self.msgs = msgs if msgs is not None else builtin_vehicle()
        self.bitrate, self.data_bitrate = bitrate, data_bitrate or (2_000_000 if profile.fd else bitrate)
        self.keys = KeyStore(profile, key_scope)
        self.rng = random.Random(seed)
        self.mac_ns = round(mac_time * NS)
        self.nodes = sorted({m.sender for m in self.msgs})
        self.senders = {m.can_id: Sender(profile, self.keys.key(m.sender, m.can_id), m.can_id,
                                         extended=m.extended, fv=start_fv, persisted=start_fv)
                        for m in self.msgs}
        self.payload_len = {m.can_id: m.length for m in self.msgs}
        self.verifier = Verifier(profile, [RxMessage(m.can_id, self.keys.key(m.sender, m.can_id), m.length,
                                                     extended=m.extended, last_fv=start_fv)
                                           for m in self.msgs])
        self.auth_ids = dict(self.verifier.auth)
        self.attacker = Attacker(attack, self, random.Random(seed + 1), rate=attack_rate,
                                 compromised=compromised) if attack else None
        self.channel = channel or f"hashbench-can-{id(self)}"
        self.logs = logs or []
        self.reset_at = reset_at
        self.reject_log: list[tuple[float, int, str]] = []
        self.accepted_fvs: set[tuple[int, int]] = set()

    def _frame_ns(self, msg: can.Message) -> int:
        if msg.is_fd:
            return fd_frame_ns(len(msg.data), self.bitrate, self.data_bitrate, msg.is_extended_id)
        return classic_frame_ns(len(msg.data), self.bitrate, msg.is_extended_id)

    def run(self, duration: float) -> Report:
        p = self.profile
        rep = Report(p.name, self.attacker.kind if self.attacker else None, duration)
        if self.attacker and self.attacker.kind in ("mac_drop", "mac_delay") and not self.attacker.second:
            rep.not_applicable = "the MAC travels in the data frame"
            return rep
        end_ns = round(duration * NS)
        seq = 0
        ready: list[_Queued] = []           # heap by (release, prio, seq)

        def push(release: int, msg: can.Message, origin: str, inst: Instance = ()) -> None:
            nonlocal seq
            seq += 1
            heapq.heappush(ready, _Queued(release, msg.arbitration_id, seq, msg, origin, inst))

        # periodic releases
        releases: list[tuple[int, int, int]] = []
        for m in self.msgs:
            heapq.heappush(releases, (round(m.offset * NS), m.can_id, 0))
        spec = {m.can_id: m for m in self.msgs}
        inj = iter(self.attacker.injections(end_ns)) if self.attacker else iter(())
        next_inj = next(inj, None)
        instances: dict[Instance, _InstanceSeen] = {}
        data_origin: dict[int, tuple[str, Instance]] = {}  # can_id -> (origin, inst) of the pending data frame
        reset_done = False

        tx = can.Bus(interface="virtual", channel=self.channel, receive_own_messages=False)
        rx = can.Bus(interface="virtual", channel=self.channel)
        writers: list[can.Listener] = []
        for path in self.logs:
            if path.endswith(".asc"):
                writers.append(can.ASCWriter(path))
            else:
                writers.append(can.CanutilsLogWriter(path, channel="vcan0"))
        t_bus = 0
        try:
            while True:
                # the next moment something can happen: bus idle and a frame ready
                horizon = t_bus
                # move releases up to the horizon (or the earliest one if nothing is ready)
                while True:
                    nr = releases[0][0] if releases else None
                    ni = next_inj[0] if next_inj else None
                    earliest_ready = ready[0].release if ready else None
                    cands = [x for x in (nr, ni) if x is not None]
                    if not cands:
                        break
                    first = min(cands)
                    if earliest_ready is not None and first > max(horizon, earliest_ready):
                        break
                    if first >= end_ns:
                        break
                    if ni is not None and ni == first:
                        assert next_inj is not None and self.attacker is not None
                        for f in next_inj[1]:
                            push(ni, f, self.attacker.kind)
                            rep.attack_frames += 1
                        next_inj = next(inj, None)
                        continue
                    rt, cid, k = heapq.heappop(releases)
                    m = spec[cid]
                    if self.reset_at is not None and not reset_done and rt >= round(self.reset_at * NS):
                        for s in self.senders.values():
                            s.reset()
                        reset_done = True
                    frames = self.senders[cid].frames(self.rng.randbytes(m.length))
                    inst = (cid, k)
                    instances[inst] = {"release": rt, "n": len(frames), "done": 0, "name": m.name,
                                       "period": m.period}
                    for i, f in enumerate(frames):
                        q = _Queued(rt + self.mac_ns, 0, 0, f, "legit", inst)
                        outs = self.attacker.intercept(q, is_auth=i == 1, is_data=i == 0) if self.attacker \
                            else [(0, f, "legit")]
                        if not outs:
                            instances[inst]["n"] -= 1
                            rep.attack_frames += 1      # a frame the attacker suppressed
                        for extra, f2, origin in outs:
                            push(rt + self.mac_ns + extra, f2, origin, inst if origin in ("legit", "mac_delay") else ())
                            if origin != "legit":
                                rep.attack_frames += 1
                    heapq.heappush(releases, (rt + round(m.period * NS), cid, k + 1))
                if not ready:
                    break
                start = max(t_bus, ready[0].release)
                if start >= end_ns:
                    break
                # arbitration among the frames ready at `start`
                pool = []
                while ready and ready[0].release <= start:
                    pool.append(heapq.heappop(ready))
                pool.sort(key=lambda q: (q.prio, q.seq))
                q = pool[0]
                for other in pool[1:]:
                    heapq.heappush(ready, other)
                dur = self._frame_ns(q.msg)
                t_end = start + dur
                t_bus = t_end
                rep.busy_ns += dur
                rep.frames[q.origin] += 1
                tx.send(q.msg)
                got = rx.recv(timeout=0)
                if got is None:
                    raise RuntimeError("virtual bus lost a frame")
                got.timestamp = t_end / NS
                for w in writers:
                    w.on_message_received(got)
                v = self.verifier.on_frame(got, t_end / NS)
                self._account(rep, v, q, got, data_origin, instances, t_end)
                if self.attacker:
                    for when, f, origin in self.attacker.observe(q, t_end):
                        push(when, f, origin)
                        rep.attack_frames += 1
        finally:
            for w in writers:
                w.stop()
            tx.shutdown()
            rx.shutdown()
        # legit messages released in time to complete but never accepted:
        # rejected, dropped, or left without their authentication frame
        for st in instances.values():
            if st.get("verdict") != "accept" and st["release"] + round(st["period"] * NS) <= end_ns:
                rep.rejected_legit += 1
        rep.mac_attempts = self.verifier.attempts
        return rep

    def _account(self, rep: Report, v: Verdict, q: _Queued, got: can.Message,
                 data_origin: dict[int, tuple[str, Instance]], instances: dict[Instance, _InstanceSeen],
                 t_end: int) -> None:
        """Count one verdict.  A message is legit when every frame that made
        it (data and, if separate, authentication frame) is an untouched
        frame of the same legit instance; anything else accepted is an
        attack success."""
        cid = v.can_id
        two = got.arbitration_id in self.verifier.msgs and len(self.verifier.msgs[cid].expected) == 2
        if two and (v.kind == "pending" or v.reason == "data frame without its authentication frame"):
            # this frame is now the one awaiting its authentication frame
            data_origin[cid] = (q.origin, q.inst)
            if v.kind == "pending":
                return
        if got.arbitration_id in self.auth_ids:
            d_origin, d_inst = data_origin.pop(cid, ("none", ()))
            legit = q.origin == "legit" and d_origin == "legit" and q.inst == d_inst
            attack = q.origin != "legit" or d_origin not in ("legit", "none")
        else:
            legit = q.origin == "legit"
            attack = not legit
        if v.kind == "accept":
            if legit:
                rep.accepted_legit += 1
                self.accepted_fvs.add((cid, v.fv))
                st = instances[q.inst]
                st["verdict"] = "accept"
                r = (t_end - st["release"]) / NS
                rep.worst_response[st["name"]] = max(rep.worst_response.get(st["name"], 0.0), r)
                if r > st["period"]:
                    rep.deadline_misses += 1
            else:
                rep.accepted_attack += 1
                kind = q.origin if q.origin != "legit" else "mixed"
                if (cid, v.fv) in self.accepted_fvs:
                    rep.accepted_replay += 1
                    rep.reasons[f"ACCEPTED {kind}: FV accepted before (replay)"] += 1
                elif kind in ("replay", "replay_delayed", "mac_delay", "mixed"):
                    # an authentic message the attack kept from the monitor, delivered late
                    rep.accepted_late += 1
                    rep.reasons[f"ACCEPTED {kind}: authentic message first accepted through attacker frames"] += 1
                else:
                    rep.accepted_forged += 1
                    rep.reasons[f"ACCEPTED {kind}: forgery"] += 1
            self.accepted_fvs.add((cid, v.fv))
            return
        # one bucket per kind of reason: numbers and IDs left out
        reason = re.sub(r"0x[0-9A-Fa-f]+|\d+(\.\d+)?", "N", v.reason)
        rep.reasons[reason] += 1
        self.reject_log.append((t_end / NS, got.arbitration_id, v.reason))
        if attack:
            rep.rejected_attack += 1
