#!/usr/bin/env python3
"""Attack campaign against every CAN authentication profile (issue 13):
at least N attack frames per attack class and profile, each checked by the
profile's Verifier (the monitor's code), with legit traffic interleaved so
the receiver's freshness state moves as on a bus.  Not part of make test.

The frames go to the Verifier directly, not through python-can's virtual
bus: the bus adds arbitration and logging, not verdicts, and costs ~20x the
time (the bus path is exercised by `hashbench can simulate` and the tests).
Every MAC is computed by the hashbench C library.

Reported per (profile, attack): attack frames, accepted forgeries (content
never authenticated), accepted replays (an FV accepted before), the
expectation n * attempts * 2^-t for n forged frames, and legit messages
rejected afterwards (false rejects).  A second table: nominal traffic on the
virtual bus through a sender reset and FV wrap-arounds (0 false rejects
expected; seed 000 cannot resynchronise by design).

  .venv/bin/python tools/can_attacks.py [-n 100000] [--profiles P,...] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from hashbench.can import RxMessage, Sender, Verifier, get_profile, make  # noqa: E402
from hashbench.can.profiles import PROFILES, auth_id  # noqa: E402
from hashbench.can.sim import ATTACKS, Simulation  # noqa: E402

CID, PAYLOAD = 0x0C0, 4


def rig(p, key=None, seed=0):
    key = key or bytes((i * 7 + seed) & 0xFF for i in range(p.key_len))
    s = Sender(p, key, CID)
    v = Verifier(p, [RxMessage(CID, key, PAYLOAD)])
    return s, v, key


def deliver(v, frames, t):
    """Verdict of the message the frames make (the last frame's verdict)."""
    r = None
    for f in frames:
        r = v.on_frame(f, t)
    return r


def random_frames(p, rng, fv_override=None):
    lens = p.frame_lengths(PAYLOAD)
    two = len(lens) == 2
    out = []
    for i, n in enumerate(lens):
        body = bytearray(rng.randbytes(n))
        if two:
            used = (8 if p.scheme == "seed000" else PAYLOAD) if i == 0 else p.fv_tx_bytes + p.tag_bytes
        else:
            used = PAYLOAD + p.fv_tx_bytes + p.tag_bytes
        body[used:] = bytes(n - used)
        if (not two or i == 1) and p.tag_bits % 8:
            body[used - 1] &= (0xFF << (8 - p.tag_bits % 8)) & 0xFF
        if fv_override is not None and p.fv_tx_bits and (not two or i == 1):
            off = PAYLOAD if not two else 0
            body[off:off + p.fv_tx_bytes] = fv_override.to_bytes(p.fv_tx_bytes, "big")
        out.append(make(CID if i == 0 else auth_id(CID, False), bytes(body), fd=p.fd))
    return out


def campaign(p, attack, n, seed=1):
    """Run n attack frames of one class; return the counts."""
    rng = random.Random(seed)
    s, v, key = rig(p)
    two = len(p.frame_lengths(PAYLOAD)) == 2
    res = {"profile": p.name, "attack": attack, "attack_frames": 0, "forged_accepted": 0,
           "replay_accepted": 0, "expected_forgeries": 0.0, "legit": 0, "legit_rejected": 0,
           "attempts": p.attempts, "tag_bits": p.tag_bits}
    if attack in ("mac_drop", "mac_delay") and not two:
        res["not_applicable"] = "the MAC travels in the data frame"
        return res
    seen = set()
    history = []
    t = 0.0

    def legit(check=True):
        nonlocal t
        t += 0.01
        fr = s.frames(rng.randbytes(PAYLOAD))
        r = deliver(v, fr, t)
        res["legit"] += 1
        if r.kind == "accept":
            seen.add(r.fv)
        elif check:
            res["legit_rejected"] += 1
        history.append(fr)
        if len(history) > 64:
            history.pop(0)
        return fr

    def count(r, forged):
        if r is not None and r.kind == "accept":
            if r.fv in seen:
                res["replay_accepted"] += 1
            elif forged:
                res["forged_accepted"] += 1
            seen.add(r.fv)

    wrong_key = bytes((b ^ 0x5A) for b in key)
    while res["attack_frames"] < n:
        k = attack
        if k == "spoof":
            count(deliver(v, random_frames(p, rng), t), True)
            res["expected_forgeries"] += p.attempts * 2.0 ** -p.tag_bits
            res["attack_frames"] += 1
            if res["attack_frames"] % 8 == 0:
                legit()
        elif k == "replay":
            fr = legit()
            count(deliver(v, fr, t), False)
            res["attack_frames"] += 1
        elif k == "replay_delayed":
            if len(history) < 32:
                legit()
                continue
            count(deliver(v, history[rng.randrange(len(history) - 16)], t), False)
            res["attack_frames"] += 1
            if res["attack_frames"] % 8 == 0:
                legit()
        elif k == "tamper":
            t += 0.01
            fr = s.frames(rng.randbytes(PAYLOAD))
            f0 = fr[0]
            b = bytearray(f0.data)
            nb = 8 if p.scheme == "seed000" else PAYLOAD
            bit = rng.randrange(8 * nb)
            b[bit // 8] ^= 1 << (bit % 8)
            fr = [make(f0.arbitration_id, bytes(b), fd=p.fd)] + fr[1:]
            count(deliver(v, fr, t), True)
            res["expected_forgeries"] += p.attempts * 2.0 ** -p.tag_bits
            res["attack_frames"] += 1
            legit()   # the next genuine message must still pass
        elif k == "mac_drop":
            t += 0.01
            fr = s.frames(rng.randbytes(PAYLOAD))
            count(deliver(v, fr[:1], t), True)     # data frame only
            res["attack_frames"] += 1
            legit()                     # completes? its data frame displaces the orphan
            legit()
        elif k == "mac_delay":
            t += 0.01
            fr = s.frames(rng.randbytes(PAYLOAD))
            v.on_frame(fr[0], t)
            count(v.on_frame(fr[1], t + 2 * p.auth_timeout), False)
            res["attack_frames"] += 1
            legit()
        elif k == "desync":
            real = s.fv
            ahead = (real + (1 << max(p.fv_tx_bits - 1, 0))) & ((1 << p.fv_tx_bits) - 1) if p.fv_tx_bits else None
            count(deliver(v, random_frames(p, rng, ahead), t), True)
            res["expected_forgeries"] += p.attempts * 2.0 ** -p.tag_bits
            res["attack_frames"] += 1
            if res["attack_frames"] % 8 == 0:
                legit()
        elif k == "masquerade":
            fake = Sender(p, wrong_key, CID, fv=s.fv)
            count(deliver(v, fake.frames(rng.randbytes(PAYLOAD)), t), True)
            res["expected_forgeries"] += p.attempts * 2.0 ** -p.tag_bits
            res["attack_frames"] += 1
            if res["attack_frames"] % 8 == 0:
                legit()
        elif k == "flood":
            r = v.on_frame(make(0x000, bytes(8), fd=p.fd), t)
            count(r, True)
            res["attack_frames"] += 1
            if res["attack_frames"] % 8 == 0:
                legit()
    return res


def nominal(p, seconds=10.0):
    """Virtual-bus traffic with a reset of every sender half way and a start
    FV just below a wrap of the transmitted FV bits."""
    start = max((1 << p.fv_tx_bits) - 40, 0) if p.fv_tx_bits else 0
    reset = None if p.scheme == "seed000" else seconds / 2
    sim = Simulation(p, reset_at=reset, start_fv=start)
    r = sim.run(seconds)
    r2 = Simulation(p, reset_at=seconds / 2, start_fv=start).run(seconds) if p.scheme == "seed000" else None
    t = p.fv_tx_bits
    return {"profile": p.name, "messages": r.accepted_legit + r.rejected_legit,
            "false_rejects": r.rejected_legit, "reset": reset is not None,
            "wraps": sum((s.fv >> t) - (start >> t) for s in sim.senders.values()) if t else 0,
            "false_rejects_with_reset": None if r2 is None else r2.rejected_legit,
            "messages_with_reset": None if r2 is None else r2.accepted_legit + r2.rejected_legit}


def spec(x: str):
    """'name' or 'name@tag_bits=8@window=512': a profile with overrides."""
    name, *ov = x.split("@")
    return get_profile(name, **{k: int(v) for k, v in (o.split("=") for o in ov)})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=100_000, help="attack frames per class and profile")
    ap.add_argument("--profiles", help="comma-separated, name[@tag_bits=N...] (default: every built-in "
                                       "one + short-tag variants)")
    ap.add_argument("--attacks", default=",".join(ATTACKS))
    ap.add_argument("--nominal-seconds", type=float, default=10.0)
    ap.add_argument("--json", help="write every result here")
    a = ap.parse_args()
    profs = [spec(x) for x in a.profiles.split(",")] if a.profiles else \
        list(PROFILES.values()) + [get_profile("secoc-cmac-classic", tag_bits=b) for b in (8, 12, 16)]
    out = {"n": a.n, "attacks": [], "nominal": []}
    t0 = time.time()
    for p in profs:
        for k in a.attacks.split(","):
            r = campaign(p, k, a.n)
            out["attacks"].append(r)
            print(json.dumps(r), flush=True)
        nm = nominal(p, a.nominal_seconds)
        out["nominal"].append(nm)
        print(json.dumps(nm), flush=True)
    out["seconds"] = round(time.time() - t0, 1)
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))
    print(f"# {out['seconds']} s", file=sys.stderr)


if __name__ == "__main__":
    main()
