"""`hashbench can budget`: per profile, the authentication latency (sender
MAC + worst-case bus response + monitor MAC), bus load and worst-case
response times of a message set with and without authentication.

MAC compute times come from the result store, best first:
  "measured"  the profile's own on-target rows (`hashbench can measure`:
              the sender's and the receiver's whole work, kind can-sender /
              can-receiver, hashbench.can.onboard), the receiver's time times
              the profile's worst-case number of FV attempts;
  "hash row"  the hash benchmark's row of the profile's MAC at the
              authenticator's input length (the MAC alone, no framing);
  "estimate"  cycles/byte of the hash row nearest in size x input length;
  "no data"   none: the MAC time is left out and said so."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..analysis import one_count_kind
from .profiles import Profile
from .sim import MsgSpec
from .timing import NS, Msg, bus_load, response_times

if TYPE_CHECKING:
    from ..store import Store


@dataclass
class MacTime:
    seconds: float | None
    source: str       # "measured" | "estimate" | "no data"
    detail: str


CAN_KINDS = ("can-sender", "can-receiver")


def onboard_times(store: Store | None, target: str, profile: str) -> dict[str, MacTime]:
    """{"sender": .., "receiver": ..} from the newest on-target rows of the profile."""
    out: dict[str, MacTime] = {}
    if store is None:
        return out
    for r in store.rows("r.target = ? AND r.kind IN (?, ?)", (target, *CAN_KINDS)):
        ex = json.loads(r.get("extra") or "{}")
        if r.get("error") or not r.get("median") or ex.get("profile") != profile:
            continue
        t = r["time_us"] * 1e-6 if r.get("time_us") else (r["median"] / r["clock_hz"] if r.get("clock_hz") else None)
        if t is not None:
            out[ex.get("role", r["kind"].split("-")[1])] = MacTime(
                t, "measured", f"on {target}: {r['median']:,.0f} {r.get('count_kind') or 'cycles'} "
                               f"({r['size']} B MAC input, framing included)")
    return out


def mac_time(store: Store | None, target: str, algo: str, nbytes: int) -> MacTime:
    rows = [] if store is None else [r for r in store.rows("r.algo = ? AND r.target = ?", (algo, target))
                                     if not r.get("error") and r.get("median") and r.get("size") is not None
                                     and r.get("kind") not in CAN_KINDS]
    rows, _ = one_count_kind(rows)
    if not rows:
        return MacTime(None, "no data", f"no {algo} rows for {target} in the store "
                                        f"(hashbench bench --target {target} -a {algo} --sizes {nbytes})")
    exact = [r for r in rows if r["size"] == nbytes]
    if exact:
        r = exact[-1]
        if r.get("time_us"):
            return MacTime(r["time_us"] * 1e-6, "hash row", f"{r['median']:.0f} {r['count_kind'] or 'cycles'} "
                                                           f"at {nbytes} B")
        if r.get("clock_hz"):
            return MacTime(r["median"] / r["clock_hz"], "hash row", f"{r['median']:.0f} cycles at {nbytes} B")
    sized = [r for r in rows if r["size"] and r.get("clock_hz")]
    if not sized:
        return MacTime(None, "no data", f"{algo} rows for {target} have no clock or size")
    r = min(sized, key=lambda r: abs(r["size"] - nbytes))
    cpb = r["median"] / r["size"]
    return MacTime(cpb * nbytes / r["clock_hz"], "estimate",
                   f"ESTIMATE {cpb:.1f} cycles/B (row at {r['size']} B) x {nbytes} B")


#: name, period s, R plain s, R auth s, total s, deadline s, ok
BudgetRow = tuple[str, float, float, float, float, float, bool]


@dataclass
class Budget:
    profile: Profile
    sender: MacTime
    monitor: MacTime
    load_plain: float
    load_auth: float
    rows: list[BudgetRow]

    @property
    def all_ok(self) -> bool:
        return all(r[-1] for r in self.rows)


def budget(profile: Profile, msgs: list[MsgSpec], bitrate: int, data_bitrate: int | None,
           deadline: float | None, store: Store | None, target: str) -> Budget:
    algo = profile.mac_algo().algo
    n_in = max(profile.auth_input_len(m.length) for m in msgs)
    if algo == "ascon_cxof128":
        n_in += profile.key_len   # the key is absorbed as a prefix of the input
    measured = onboard_times(store, target, profile.name)
    snd = measured.get("sender") or mac_time(store, target, algo, n_in)
    rcv = measured.get("receiver") or snd
    mon = MacTime(None if rcv.seconds is None else rcv.seconds * profile.attempts, rcv.source,
                  rcv.detail + (f" x {profile.attempts} attempts" if profile.attempts > 1 else ""))
    plain, auth, pairs = [], [], []
    for m in msgs:
        lens = profile.frame_lengths(m.length)
        base_len = m.length if not profile.fd else min(n for n in (0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24,
                                                                    32, 48, 64) if n >= m.length)
        p0 = Msg(m.name, m.can_id, m.period, base_len, m.extended, profile.fd)
        plain.append(p0)
        a = [Msg(m.name, m.can_id, m.period, lens[0], m.extended, profile.fd,
                 jitter=snd.seconds or 0.0)]
        if len(lens) == 2:
            bit = 0x10000000 if m.extended else 0x400
            a.append(Msg(m.name + "/auth", m.can_id | bit, m.period, lens[1], m.extended, profile.fd,
                         jitter=snd.seconds or 0.0))
        auth += a
        pairs.append((m, p0, a[-1]))
    rp = {id(r.msg): r for r in response_times(plain, bitrate, data_bitrate)}
    ra = {id(r.msg): r for r in response_times(auth, bitrate, data_bitrate)}
    rows: list[BudgetRow] = []
    for m, p0, last in pairs:
        r0, r1 = rp[id(p0)].R / NS, ra[id(last)].R / NS
        # the sender's MAC is in R as release jitter; the monitor's comes after reception
        total = r1 + (mon.seconds or 0.0)
        d = min(deadline, m.period) if deadline else m.period
        rows.append((m.name, m.period, r0, r1, total, d, total <= d))
    return Budget(profile, snd, mon, bus_load(plain, bitrate, data_bitrate),
                  bus_load(auth, bitrate, data_bitrate), rows)
