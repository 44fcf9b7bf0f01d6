"""`hashbench can ...`: CAN message authentication from the command line.

  can profiles                                  the authentication profiles
  can budget --target T --bitrate 500k [--data-bitrate 2M] [--deadline 1ms]
             [--profile P[,P]] [--dbc FILE] [--db PATH]
  can measure --target T [--profile P[,P]] [--db PATH]
  can simulate --profile P [--attack A] [--duration 1s] [--bitrate 500k]
             [--dbc FILE] [--keys node|message|shared] [--reset-at 0.5s]
             [--log out.log|out.asc ...]
"""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from ..console import Handler, Subparsers
    from .profiles import Profile
    from .sim import MsgSpec


class CanUsageError(ValueError):
    """Bad input for `hashbench can`: exit 2."""


def _consoles() -> tuple[Console, Console]:
    from ..console import err, out
    return out, err


def _ms(v: float | None) -> str:
    return "-" if v is None else ("inf" if v == float("inf") else f"{1e3 * v:.3f}")


def _profiles(spec: str | None, overrides: dict[str, int | None]) -> list[Profile]:
    from .profiles import PROFILES, get_profile
    names = [s.strip() for s in spec.split(",")] if spec else list(PROFILES)
    return [get_profile(n, **overrides) for n in names]


def _overrides(a: argparse.Namespace) -> dict[str, int | None]:
    return {"tag_bits": getattr(a, "tag_bits", None), "fv_tx_bits": getattr(a, "fv_tx_bits", None),
            "window": getattr(a, "window", None)}


def _msgs(a: argparse.Namespace) -> list[MsgSpec]:
    from .sim import builtin_vehicle, load_dbc
    return load_dbc(a.dbc) if a.dbc else builtin_vehicle()


def cmd_profiles(a: argparse.Namespace) -> int:
    from .profiles import PROFILES
    out, _ = _consoles()
    if a.json:
        print(json.dumps([{"name": p.name, "scheme": p.scheme, "mac": p.mac_algo().algo,
                           "key_bytes": p.key_len, "tag_bits": p.tag_bits, "fv_bits": p.fv_bits,
                           "fv_tx_bits": p.fv_tx_bits, "layout": p.layout, "fd": p.fd,
                           "weak": p.weak or None, "description": p.description}
                          for p in PROFILES.values()], indent=1))
        return 0
    t = Table(title=f"{len(PROFILES)} CAN authentication profiles")
    for h in ("profile", "MAC (registry)", "key B", "FV sent/full bits", "tag bits", "frames", "bus", "note"):
        t.add_column(h)
    for p in PROFILES.values():
        t.add_row(p.name, p.mac_algo().algo, str(p.key_len), f"{p.fv_tx_bits}/{p.fv_bits}", str(p.tag_bits),
                  "1" if p.layout == "same" and p.scheme != "seed000" else "2",
                  "FD" if p.fd else "classic", ("WEAK: " + p.weak) if p.weak else "")
    out.print(t)
    return 0


def cmd_budget(a: argparse.Namespace) -> int:
    from ..store import Store
    from .budget import Budget, budget
    from .timing import parse_rate, parse_time
    out, _ = _consoles()
    rate = parse_rate(a.bitrate)
    drate = parse_rate(a.data_bitrate) if a.data_bitrate else None
    deadline = parse_time(a.deadline) if a.deadline else None
    msgs = _msgs(a)
    store = Store(a.db) if a.db else Store()
    results: list[tuple[Profile, Budget | None, str]] = []
    for p in _profiles(a.profile, _overrides(a)):
        try:
            results.append((p, budget(p, msgs, rate, (drate or 2_000_000) if p.fd else None, deadline, store,
                                      a.target), ""))
        except ValueError as e:
            results.append((p, None, str(e)))
    if a.json:
        print(json.dumps([{"profile": p.name, "error": e or None} if b is None else
                          {"profile": p.name, "mac": p.mac_algo().algo, "mac_time_source": b.sender.source,
                           "mac_time_detail": b.sender.detail, "sender_s": b.sender.seconds,
                           "monitor_s": b.monitor.seconds, "bus_load_plain": b.load_plain,
                           "bus_load_auth": b.load_auth, "all_deadlines_met": b.all_ok,
                           "messages": [dict(zip(("name", "period_s", "R_plain_s", "R_auth_s", "total_s",
                                                  "deadline_s", "ok"), r)) for r in b.rows]}
                          for p, b, e in results], indent=1))
        return 0
    t = Table(title=f"CAN authentication budget on {a.target}, {a.bitrate} bit/s"
                    + (f" (FD data {a.data_bitrate or '2M'})" if any(p.fd for p, _, _ in results) else "")
                    + f", {len(msgs)} messages" + (f", deadline {a.deadline}" if a.deadline else ", deadline = period"))
    for h in ("profile", "MAC time source", "sender MAC µs", "monitor MAC µs", "bus load plain",
              "bus load auth", "worst R plain ms", "worst R auth ms", "worst total ms", "deadlines"):
        t.add_column(h)
    for p, b, why in results:
        if b is None:
            t.add_row(p.name, f"[red]{why}[/]", *["-"] * 8)
            continue
        w = max(b.rows, key=lambda r: r[4])
        t.add_row(p.name + (" [yellow](weak)[/]" if p.weak else ""), f"{b.sender.source}: {b.sender.detail}",
                  "-" if b.sender.seconds is None else f"{1e6 * b.sender.seconds:.1f}",
                  "-" if b.monitor.seconds is None else f"{1e6 * b.monitor.seconds:.1f}",
                  f"{100 * b.load_plain:.1f}%", f"{100 * b.load_auth:.1f}%",
                  _ms(max(r[2] for r in b.rows)), _ms(max(r[3] for r in b.rows)), _ms(w[4]),
                  "all met" if b.all_ok else
                  f"[red]{sum(not r[-1] for r in b.rows)} missed[/] (e.g. {next(r[0] for r in b.rows if not r[-1])})")
    out.print(t)
    out.print("MAC time: 'measured' = the profile's sender/receiver work run on the target "
              "(hashbench can measure --target T); 'hash row' = the hash benchmark's row of the MAC at the "
              "authenticator's input length (no framing); 'estimate' = cycles/byte of the nearest hash row x "
              "input length; 'no data' = not included (the response times then hold the bus part only).")
    return 0


def cmd_simulate(a: argparse.Namespace) -> int:
    from .sim import ATTACKS, Simulation
    from .timing import parse_rate, parse_time
    out, _ = _consoles()
    profs = _profiles(a.profile, _overrides(a))
    attacks = [None] + list(ATTACKS) if a.attack == "all" else \
        [None if x == "none" else x for x in (a.attack or "none").split(",")]
    for x in attacks:
        if x is not None and x not in ATTACKS:
            raise CanUsageError(f"unknown attack {x!r}; choose from none, all, {', '.join(ATTACKS)}")
    dur = parse_time(a.duration)
    if dur > 600:
        raise CanUsageError("--duration is simulated time up to 600 s")
    msgs = _msgs(a)
    rate = parse_rate(a.bitrate)
    drate = parse_rate(a.data_bitrate) if a.data_bitrate else None
    reset = parse_time(a.reset_at) if a.reset_at else None
    for lp in a.log or []:
        if not (lp.endswith(".log") or lp.endswith(".asc")):
            raise CanUsageError(f"--log {lp}: name a .log (candump) or .asc file")
    if a.log and (len(profs) > 1 or len(attacks) > 1):
        raise CanUsageError("--log needs one profile and one attack")
    if a.reject_log and (len(profs) > 1 or len(attacks) > 1):
        raise CanUsageError("--reject-log needs one profile and one attack")
    rows = []
    for p in profs:
        for x in attacks:
            sim = Simulation(p, msgs, rate, drate, key_scope=a.keys, attack=x, seed=a.seed,
                             logs=a.log, reset_at=reset, attack_rate=parse_time(a.attack_period))
            rows.append(sim.run(dur))
            if a.reject_log:
                with open(a.reject_log, "w") as f:
                    f.write("time_s,can_id,reason\n")
                    for at, cid, why in sim.reject_log:
                        f.write(f"{at:.6f},0x{cid:X},\"{why}\"\n")
    if a.json:
        print(json.dumps([{"profile": r.profile, "attack": r.attack, "not_applicable": r.not_applicable or None,
                           "frames": dict(r.frames), "attack_frames": r.attack_frames,
                           "accepted_legit": r.accepted_legit, "false_or_forced_rejects": r.rejected_legit,
                           "accepted_attack": r.accepted_attack, "accepted_forged": r.accepted_forged,
                           "accepted_replay": r.accepted_replay, "accepted_late": r.accepted_late,
                           "rejected_attack": r.rejected_attack, "deadline_misses": r.deadline_misses,
                           "bus_load": r.bus_load, "mac_attempts": r.mac_attempts, "reasons": dict(r.reasons)}
                          for r in rows], indent=1))
        return 0
    t = Table(title=f"CAN simulation: {dur:g} s simulated, {a.bitrate} bit/s, {len(msgs)} messages, "
                    f"keys per {a.keys}")
    for h in ("profile", "attack", "attack frames", "legit accepted", "legit lost", "forged acc.",
              "replay acc.", "auth. via attacker", "attack rejected", "deadline misses", "bus load"):
        t.add_column(h)
    for r in rows:
        if r.not_applicable:
            t.add_row(r.profile, r.attack or "none", f"n/a: {r.not_applicable}", *[""] * 8)
            continue
        bad = r.accepted_forged + r.accepted_replay
        t.add_row(r.profile, r.attack or "none", str(r.attack_frames), str(r.accepted_legit),
                  str(r.rejected_legit), f"[red]{r.accepted_forged}[/]" if r.accepted_forged else "0",
                  f"[red]{r.accepted_replay}[/]" if r.accepted_replay else "0", str(r.accepted_late),
                  str(r.rejected_attack), str(r.deadline_misses), f"{100 * r.bus_load:.1f}%")
        del bad
    out.print(t)
    out.print("legit lost: legit messages not accepted (rejected, dropped or unpaired) - 0 without an attack; "
              "auth. via attacker: an authentic message first accepted through frames the attacker replayed "
              "or held back (counter freshness bounds order, not delay).")
    if len(rows) == 1 and rows[0].reasons:
        for k, v in rows[0].reasons.most_common():
            out.print(f"  {v:7d}  {k}")
    return 0


def cmd_table3(a: argparse.Namespace) -> int:
    from ..store import Store
    from .table3 import rows
    out, _ = _consoles()
    st = Store(a.db) if a.db else Store()
    rs = rows(st, a.target)
    if a.json:
        print(json.dumps(rs, indent=1))
        return 0
    print_table3(out, rs, a.target)
    return 0


def print_table3(out: Console, rs: list[dict[str, Any]], target: str) -> None:
    """Table 3 (table3.rows) beside the published figures; also printed by
    `hashbench seed 000`."""
    t = Table(title=f"Seed 000 Table 3 regenerated: authentication time (us), CPU = {target} cycles at "
                    f"667 MHz, FPGA at the seed's Spartan-3 clock")
    for h in ("hash", "bytes", "published ARM", "ours ARM (cycles)", "published FPGA", "seed formula FPGA",
              "our core HTime", "published total", "our total"):
        t.add_column(h)
    def f(v: float | None, d: int = 2) -> str:
        return "-" if v is None else f"{v:,.{d}f}"
    for r in rs:
        t.add_row(r["label"], str(r["bytes"]), f(r["published_arm_us"]),
                  "no row: hashbench bench --target " + target + f" -a {r['algo']} --sizes 30,46,78"
                  if r["arm_us"] is None else f"{r['arm_us']:,.2f} ({r['arm_cycles']:,.0f})",
                  f(r["published_fpga_us"]), f(r["fpga_formula_us"], 3), f(r["fpga_core_us"], 3),
                  f(r["published_total_us"]), f(r["total_us"]))
    out.print(t)
    out.print("FPGA: the seed divides the input by a streaming throughput (its formula, recomputed here); our "
              "core processes whole padded blocks plus one init cycle (HTime), hence the larger figure.  The "
              "ARM difference is the seed's Cortex-A9 (board, compiler, caches) against our cycle model.")


def cmd_measure(a: argparse.Namespace) -> int:
    import sys

    from ..store import Store
    from .onboard import measure
    from .profiles import PROFILES
    out, err = _consoles()
    names = [s.strip() for s in a.profile.split(",")] if a.profile else list(PROFILES)
    for n in names:
        if n not in PROFILES:
            raise CanUsageError(f"unknown profile {n!r}; choose from {', '.join(PROFILES)}")
    st = Store(a.db) if a.db else Store()
    t = Table(title=f"CAN authentication measured on {a.target} (sender: authenticator, MAC, truncate, frame; "
                    f"receiver: FV reconstruction, MAC, compare)")
    for h in ("profile", "MAC", "input B", "role", "cycles", "us", "code B", "stack B", "RAM B", "error"):
        t.add_column(h)
    bad = 0
    for r in measure(a.target, names, store=st, command=" ".join(sys.argv), timeout=a.timeout):
        bad += bool(r.get("error"))
        t.add_row(r["profile"], r["algo"], str(r.get("size", "-")), r.get("role", "-"),
                  "-" if r.get("median") is None else f"{r['median']:,.0f}",
                  "-" if r.get("time_us") is None else f"{r['time_us']:,.1f}",
                  str(r.get("code_bytes", "-")), str(r.get("stack_bytes", "-")), str(r.get("ram_bytes", "-")),
                  r.get("error") or "")
    out.print(t)
    return 1 if bad else 0


def cmd_table(a: argparse.Namespace) -> int:
    """The Markdown table of on-target sender/receiver cycles, one column
    per target, from the newest stored `can measure` rows."""
    from ..store import Store
    from .budget import CAN_KINDS
    from .profiles import PROFILES
    targets = [t.strip() for t in a.target.split(",") if t.strip()]
    st = Store(a.db) if a.db else Store()
    cell: dict[tuple[str, str, str], dict[str, Any]] = {}
    for t in targets:
        for r in st.rows("r.target = ? AND r.kind IN (?, ?)", (t, *CAN_KINDS)):
            ex = json.loads(r.get("extra") or "{}")
            if r.get("error") or not r.get("median"):
                continue
            cell[(ex.get("profile", ""), t, ex.get("role", r["kind"].split("-")[1]))] = r   # newest wins
    if not cell:
        raise CanUsageError(f"no `can measure` rows for {', '.join(targets)} in the store")
    head = ["profile", "MAC input B"] + [f"{t} send / recv cycles (µs)" for t in targets]
    lines = ["| " + " | ".join(head) + " |", "|---|---:|" + "---:|" * len(targets)]
    for p in PROFILES:
        rows = [cell.get((p, t, role)) for t in targets for role in ("sender", "receiver")]
        if not any(rows):
            continue
        size = next(r["size"] for r in rows if r)
        cells = []
        for t in targets:
            s_, r_ = cell.get((p, t, "sender")), cell.get((p, t, "receiver"))
            if not s_ or not r_:
                cells.append("not measured")
                continue
            us = [x.get("time_us") for x in (s_, r_)]
            cells.append(f"{s_['median']:,.0f} / {r_['median']:,.0f}"
                         + (f" ({us[0]:,.1f} / {us[1]:,.1f})" if None not in us else ""))
        lines.append(f"| {p} | {size} | " + " | ".join(cells) + " |")
    print("\n".join(lines))
    return 0


def _run(fn: Handler) -> Handler:
    def go(a: argparse.Namespace) -> int:
        from .frames import FrameError
        from .profiles import ProfileError
        from .sim import DbcError
        try:
            return fn(a)
        except (ProfileError, DbcError, FrameError, CanUsageError) as e:
            raise ValueError(str(e)) from None
    return go


def add_parser(sub: Subparsers) -> None:
    s = sub.add_parser("can", help="CAN message authentication: profiles, timing budget, attack simulation")
    csub = s.add_subparsers(dest="can_cmd", required=True)

    def common(x: argparse.ArgumentParser) -> None:
        x.add_argument("--profile", help="profile name(s), comma-separated (default: all; see `can profiles`)")
        x.add_argument("--bitrate", default="500k", help="nominal bit rate (125k, 250k, 500k, 1M)")
        x.add_argument("--data-bitrate", help="CAN FD data-phase bit rate (default 2M)")
        x.add_argument("--dbc", help="schedule from a DBC file (GenMsgCycleTime) instead of the built-in vehicle")
        x.add_argument("--tag-bits", type=int, help="override the transmitted MAC length")
        x.add_argument("--fv-tx-bits", type=int, help="override the transmitted freshness bits")
        x.add_argument("--window", type=int, help="override the FV acceptance window")
        x.add_argument("--json", action="store_true")

    x = csub.add_parser("profiles", help="the authentication profiles")
    x.add_argument("--json", action="store_true")
    x.set_defaults(fn=_run(cmd_profiles))
    x = csub.add_parser("budget", help="authentication latency, bus load and worst-case response times")
    common(x)
    x.add_argument("--target", required=True, help="where the MAC runs (result-store target, e.g. cortex-m4)")
    x.add_argument("--deadline", help="end-to-end deadline of every message (default: its period), e.g. 1ms")
    x.add_argument("--db", help="result store (default: the user's)")
    x.set_defaults(fn=_run(cmd_budget))
    x = csub.add_parser("measure", help="run the sender's and receiver's work of each profile on an "
                                        "embedded target and store the rows (used by `can budget`)")
    x.add_argument("--target", required=True, help="embedded target (avr, cortex-m0, cortex-m4, rv32imc, ...)")
    x.add_argument("--profile", help="profile name(s), comma-separated (default: all)")
    x.add_argument("--timeout", type=float, help="seconds per image (default: the target's)")
    x.add_argument("--db", help="result store (default: the user's)")
    x.set_defaults(fn=_run(cmd_measure))
    x = csub.add_parser("table", help="Markdown table of the stored `can measure` rows, a column per target")
    x.add_argument("--target", required=True, help="targets, comma-separated (e.g. avr,cortex-m0,cortex-m4,rv32imc)")
    x.add_argument("--db", help="result store (default: the user's)")
    x.set_defaults(fn=_run(cmd_table))
    x = csub.add_parser("table3", help="seed 000 Table 3 regenerated beside the published one")
    x.add_argument("--target", default="cortex-a9")
    x.add_argument("--db", help="result store (default: the user's)")
    x.add_argument("--json", action="store_true")
    x.set_defaults(fn=_run(cmd_table3))
    x = csub.add_parser("simulate", help="run a scenario on python-can's virtual bus and print the attack table")
    common(x)
    x.add_argument("--attack", help="none, all, or comma-separated: spoof, replay, replay_delayed, tamper, "
                                    "mac_drop, mac_delay, desync, masquerade, flood")
    x.add_argument("--duration", default="1s", help="simulated time (e.g. 2s, 500ms)")
    x.add_argument("--attack-period", default="1ms", help="time between injected attack frames")
    x.add_argument("--keys", default="node", choices=("node", "message", "shared"),
                   help="key per sending node, per message, or one shared key (key misuse)")
    x.add_argument("--reset-at", help="power-cycle every sender at this simulated time")
    x.add_argument("--seed", type=int, default=0)
    x.add_argument("--log", action="append", help="write the bus log (.log = candump, .asc = Vector ASC)")
    x.add_argument("--reject-log", help="write the monitor's rejects (time, ID, reason) as CSV")
    x.set_defaults(fn=_run(cmd_simulate))
