"""Worst-case CAN timing: frame times, bus load, response times.

Classic CAN (Davis, Burns, Bril, Lukkien, "Controller Area Network (CAN)
schedulability analysis: refuted, revisited and revised", Real-Time Systems
35(3), 2007, eq. (1)): the longest data frame of s bytes, with worst-case
bit stuffing, lasts
    C = (g + 8s + 13 + floor((g + 8s - 1) / 4)) * tau_bit
with g = 34 bits subject to stuffing for an 11-bit identifier (SOF, ID, RTR,
IDE, r0, DLC, CRC) and 54 for a 29-bit one; the 13 are CRC delimiter, ACK
(2), EOF (7) and interframe space (3), never stuffed.

CAN FD, derived here the same way from the frame layout of ISO 11898-1:2015
(stated because it is ours, not quoted): the arbitration phase at the
nominal rate holds L_a = 17 (11-bit ID: SOF, ID, RRS, IDE, FDF, res, BRS) or
36 (29-bit) bits; the data phase holds ESI + DLC + data = 5 + 8n bits, the
4-bit stuff count and the CRC (17 bits for n <= 16, else 21) with its fixed
stuff bits, one before the stuff count and one after every 4 bits
(6 for CRC-17, 7 for CRC-21); dynamic stuffing covers SOF..data, worst case
floor((L - 1) / 4) over L = L_a + 5 + 8n bits, of which floor((L_a - 1) / 4)
fall in the arbitration phase.  CRC delimiter, ACK, EOF and IFS (13 bits)
are charged at the nominal rate:
    C = (L_a + floor((L_a-1)/4) + 13) * tau_nom
      + (5 + 8n + S_d + 4 + CRC + FSB) * tau_data,
    S_d = floor((L_a + 5 + 8n - 1)/4) - floor((L_a-1)/4)
Without bit-rate switching (tau_data = tau_nom) this is an upper bound of
the same kind as the classic formula.

Response times: Davis et al. 2007 sec. 5 (the revised analysis): blocking
B_m = the longest lower-priority frame; busy period
    t = B_m + sum_{k in hep(m)} ceil((t + J_k) / T_k) C_k;
Q_m = ceil((t_m + J_m) / T_m) instances; for q = 0..Q_m-1
    w(q) = B_m + q C_m + sum_{k in hp(m)} ceil((w(q) + J_k + tau_bit) / T_k) C_k,
    R(q) = J_m + w(q) - q T_m + C_m,   R_m = max_q R(q).
All arithmetic is in integer nanoseconds, so every ceil() is exact.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import inf

NS = 1_000_000_000


def parse_rate(s: str | float) -> int:
    """'500k' -> 500000, '2M' -> 2000000, 125000 -> 125000 (bit/s)."""
    if isinstance(s, (int, float)):
        v = int(s)
    else:
        t = str(s).strip().lower().removesuffix("bit/s").removesuffix("bps")
        mult = 1
        if t.endswith("k"):
            t, mult = t[:-1], 1000
        elif t.endswith("m"):
            t, mult = t[:-1], 1_000_000
        try:
            v = int(float(t) * mult)
        except ValueError:
            raise ValueError(f"bad bit rate {s!r}: e.g. 125k, 500k, 2M") from None
    if not 10_000 <= v <= 20_000_000:
        raise ValueError(f"bit rate {v} bit/s out of range (10k..20M)")
    return v


def parse_time(s: str | float) -> float:
    """'1ms' -> 0.001, '250us' -> 0.00025, '0.01' -> 0.01 (seconds)."""
    if isinstance(s, (int, float)):
        return float(s)
    t = str(s).strip().lower()
    for suf, m in (("us", 1e-6), ("µs", 1e-6), ("ms", 1e-3), ("s", 1.0)):
        if t.endswith(suf):
            try:
                v = float(t[: -len(suf)]) * m
            except ValueError:
                break
            if v <= 0:
                raise ValueError(f"time {s!r} must be positive")
            return v
    raise ValueError(f"bad time {s!r}: e.g. 1ms, 250us, 0.01s")


def tau_ns(bitrate: int) -> int:
    if NS % bitrate:
        raise ValueError(f"bit rate {bitrate} does not give a whole number of ns per bit")
    return NS // bitrate


def classic_bits(n: int, extended: bool = False) -> int:
    if not 0 <= n <= 8:
        raise ValueError(f"classic CAN carries 0..8 bytes, not {n}")
    g = 54 if extended else 34
    return g + 8 * n + 13 + (g + 8 * n - 1) // 4


def classic_frame_ns(n: int, bitrate: int, extended: bool = False) -> int:
    return classic_bits(n, extended) * tau_ns(bitrate)


def fd_bits(n: int, extended: bool = False) -> tuple[int, int]:
    """(bits at the nominal rate, bits at the data rate) of a CAN FD frame of n bytes."""
    from .frames import FD_LENGTHS
    if n not in FD_LENGTHS:
        raise ValueError(f"{n} bytes is not a CAN FD data length")
    la = 36 if extended else 17
    crc = 17 if n <= 16 else 21
    fsb = 6 if crc == 17 else 7
    sa = (la - 1) // 4
    sd = (la + 5 + 8 * n - 1) // 4 - sa
    return la + sa + 13, 5 + 8 * n + sd + 4 + crc + fsb


def fd_frame_ns(n: int, bitrate: int, data_bitrate: int, extended: bool = False) -> int:
    a, d = fd_bits(n, extended)
    return a * tau_ns(bitrate) + d * tau_ns(data_bitrate)


@dataclass
class Msg:
    name: str
    can_id: int
    period: float               # s
    length: int                 # data bytes of the frame
    extended: bool = False
    fd: bool = False
    deadline: float | None = None   # s; None: the period
    jitter: float = 0.0         # s: queuing jitter (e.g. MAC compute time varying)
    frame_time: float | None = None  # s: given instead of computed (textbook examples)

    def frame_ns(self, bitrate: int, data_bitrate: int | None = None) -> int:
        if self.frame_time is not None:
            return round(self.frame_time * NS)
        if self.fd:
            return fd_frame_ns(self.length, bitrate, data_bitrate or bitrate, self.extended)
        return classic_frame_ns(self.length, bitrate, self.extended)


@dataclass
class RTA:
    msg: Msg
    C: int        # ns
    B: int        # ns
    busy: float   # ns (inf: unbounded)
    Q: int
    R: float      # ns (inf: unschedulable)

    @property
    def D(self) -> int:
        return round((self.msg.deadline or self.msg.period) * NS)

    @property
    def ok(self) -> bool:
        return self.R <= self.D


def bus_load(msgs: list[Msg], bitrate: int, data_bitrate: int | None = None) -> float:
    return sum(m.frame_ns(bitrate, data_bitrate) / (m.period * NS) for m in msgs)


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def response_times(msgs: list[Msg], bitrate: int, data_bitrate: int | None = None,
                   limit_ns: int = 10 * NS) -> list[RTA]:
    """Worst-case response time of every message (priority = lower ID
    first), Davis et al. 2007 sec. 5."""
    tau = tau_ns(bitrate)
    order = sorted(msgs, key=lambda m: m.can_id)
    C = {id(m): m.frame_ns(bitrate, data_bitrate) for m in order}
    T = {id(m): round(m.period * NS) for m in order}
    J = {id(m): round(m.jitter * NS) for m in order}
    out = []
    for i, m in enumerate(order):
        hp, lp = order[:i], order[i + 1:]
        hep = order[: i + 1]
        Bm = max((C[id(k)] for k in lp), default=0)
        Cm, Tm, Jm = C[id(m)], T[id(m)], J[id(m)]
        D = round((m.deadline or m.period) * NS)
        # busy period
        t, busy = Cm, None
        while t <= limit_ns:
            nt = Bm + sum(_ceil(t + J[id(k)], T[id(k)]) * C[id(k)] for k in hep)
            if nt == t:
                busy = t
                break
            t = nt
        if busy is None:
            out.append(RTA(m, Cm, Bm, inf, 0, inf))
            continue
        Q = _ceil(busy + Jm, Tm)
        R = 0
        for q in range(Q):
            w = Bm + q * Cm
            while True:
                nw = Bm + q * Cm + sum(_ceil(w + J[id(k)] + tau, T[id(k)]) * C[id(k)] for k in hp)
                if nw == w or Jm + nw - q * Tm + Cm > max(D, limit_ns):
                    w = nw
                    break
                w = nw
            R = max(R, Jm + w - q * Tm + Cm)
        out.append(RTA(m, Cm, Bm, busy, Q, R))
    return out
