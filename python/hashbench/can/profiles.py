"""Authentication profiles for CAN: what is authenticated, what is sent,
how the receiver decides.  Every MAC is computed by the hashbench C library
(through the binding); tags are compared with hb_ct_equal.

Two schemes:

* ``seed000-*``: seed 000 reproduced exactly.  MAC = H(ID || D || FC || K)
  with ID the 11-bit identifier in 2 bytes (big-endian), D the 8 data bytes,
  FC a 32-bit big-endian counter kept by both ends and never sent, K the
  node key (16/32/64 bytes), so H reads 30/46/78 bytes; the data frame is
  followed by a second frame carrying the MAC.  A 256-bit digest does not
  fit an 8-byte classic frame: the classic profiles send its first 8 bytes,
  the ``-fd`` one all 32.  **Weak**: a secret-suffix MAC over a
  Merkle-Damgard hash (Keccak and BLAKE2s are not MD, but the construction
  is the one to avoid: a collision of H on the public prefix is a forgery
  for every key, and it has no security proof); use one of the SecOC
  profiles.

* ``secoc-*``: AUTOSAR SecOC-style.  Authenticator input = Data ID (2 bytes,
  big-endian) || payload || full freshness value (FV, fv_bits, big-endian);
  sent: payload || truncated FV (the fv_tx_bits low bits, whole bytes) ||
  truncated MAC (the tag_bits leading bits of the MAC, whole bytes, unused
  low bits zero), in the data frame ("same") or in a second frame on the
  authentication ID ("second").  The receiver reconstructs the full FV as
  the smallest values above the last accepted one whose low bits match,
  within an acceptance window, tries each (SecOC's build attempts) and
  accepts only an FV greater than the last accepted one.  MAC choices:
  AES-128-CMAC (SecOC's own profile), HMAC-SHA-256, KMAC128, keyed BLAKE2s,
  and an Ascon keyed sponge (Ascon-CXOF128 over K || input with its own
  customisation string: SP 800-232 standardises no Ascon MAC, so this is a
  keyed-sponge PRF of our choosing, labelled as such).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import can

import hashbench

from .frames import FrameError, fd_padded_length, make, validate

AUTH_ID_BIT_STD = 0x400        # second frame of 11-bit data ID x (x < 0x400) is x | 0x400
AUTH_ID_BIT_EXT = 0x10000000   # and of 29-bit data ID x (x < 2^28): x | 2^28
ASCON_Z = b"hashbench CAN MAC"


class ProfileError(ValueError):
    """Unknown profile, impossible parameters, key of the wrong length."""


@dataclass(frozen=True)
class MacAlgo:
    label: str
    algo: str        # registry name
    key_len: int     # bytes the profile uses
    out_len: int     # full MAC length, bytes
    note: str = ""

    def keyed(self, key: bytes) -> hashbench.Hash | hashbench.HMAC:
        """The context after the key is absorbed (as an ECU keeps its key
        schedule); each MAC continues a copy of it."""
        if self.algo == "ascon_cxof128":
            return hashbench.new("ascon_cxof128", key, customization=ASCON_Z)
        if self.algo == "kmac128":
            return hashbench.new("kmac128", key=key, digest_size=self.out_len)
        return hashbench.new(self.algo, key=key)

    def compute(self, key: bytes, data: bytes) -> bytes:
        base = _KEYED.get((self.algo, key))
        if base is None:
            if len(_KEYED) > 4096:
                _KEYED.clear()
            base = _KEYED[(self.algo, key)] = self.keyed(key)
        h = base.copy()
        h.update(data)
        if isinstance(h, hashbench.HMAC):
            return h.digest()
        return h.digest(self.out_len) if self.algo == "ascon_cxof128" else h.digest()


_KEYED: dict[tuple[str, bytes], hashbench.Hash | hashbench.HMAC] = {}


MACS = {
    "cmac": MacAlgo("AES-128-CMAC", "aes128_cmac", 16, 16, "NIST SP 800-38B; SecOC's profile"),
    "hmac-sha256": MacAlgo("HMAC-SHA-256", "hmac_sha256", 32, 32, "FIPS 198-1"),
    "kmac128": MacAlgo("KMAC128", "kmac128", 16, 16, "NIST SP 800-185, L = 128 bits, S empty"),
    "blake2s": MacAlgo("keyed BLAKE2s", "blake2s", 32, 32, "RFC 7693 keyed mode"),
    "ascon": MacAlgo("Ascon keyed sponge", "ascon_cxof128", 16, 16,
                     "Ascon-CXOF128(Z, K || M): not a standardised MAC"),
}


@dataclass(frozen=True)
class Profile:
    name: str
    scheme: str              # "seed000" | "secoc"
    mac: str                 # MACS key (secoc) or registry hash name (seed000)
    key_len: int             # bytes
    tag_bits: int            # transmitted MAC bits
    fv_bits: int             # full freshness value / counter bits
    fv_tx_bits: int          # transmitted FV bits (0: not sent)
    layout: str              # "same" | "second"
    fd: bool = False
    window: int = 0          # largest FV advance accepted (0: 2^fv_tx_bits, or 1 if not sent)
    auth_timeout: float = 0.005  # s: a second frame later than this after its data frame is refused
    weak: str = ""
    description: str = ""

    # ---- sizes -------------------------------------------------------------
    @property
    def tag_bytes(self) -> int:
        return (self.tag_bits + 7) // 8

    @property
    def fv_tx_bytes(self) -> int:
        return (self.fv_tx_bits + 7) // 8

    @property
    def acceptance_window(self) -> int:
        if self.window:
            return self.window
        return 1 << self.fv_tx_bits if self.fv_tx_bits else 1

    @property
    def attempts(self) -> int:
        """Most candidate FVs the receiver tries for one frame."""
        if self.fv_tx_bits == 0:
            return self.acceptance_window
        if self.fv_tx_bits >= self.fv_bits:
            return 1
        return -(-self.acceptance_window // (1 << self.fv_tx_bits))

    def mac_algo(self) -> MacAlgo:
        if self.scheme == "secoc":
            return MACS[self.mac]
        return MacAlgo(f"{self.mac}(ID||D||FC||K)", self.mac, self.key_len,
                       hashbench.info(self.mac)["digest_size"], "secret-suffix hash MAC (seed 000)")

    def auth_input_len(self, payload_len: int) -> int:
        if self.scheme == "seed000":
            return 2 + 8 + 4 + self.key_len
        return 2 + payload_len + self.fv_bits // 8

    def frame_lengths(self, payload_len: int) -> list[int]:
        """Data lengths of the frames one message takes (FD lengths padded)."""
        auth = self.fv_tx_bytes + self.tag_bytes
        if self.scheme == "seed000":
            lens = [8, self.tag_bytes]
        elif self.layout == "same":
            lens = [payload_len + auth]
        else:
            lens = [payload_len, auth]
        if self.fd:
            return [fd_padded_length(n) for n in lens]
        for n in lens:
            if n > 8:
                raise ProfileError(
                    f"profile {self.name}: a {payload_len}-byte payload needs a {n}-byte frame, "
                    f"more than classic CAN's 8 (use a second-frame or FD profile)")
        return lens

    def check(self) -> None:
        if self.layout not in ("same", "second"):
            raise ProfileError(f"layout must be 'same' or 'second', not {self.layout!r}")
        m = self.mac_algo()
        if not 1 <= self.tag_bits <= 8 * m.out_len:
            raise ProfileError(f"tag of {self.tag_bits} bits: {m.label} gives 1..{8 * m.out_len}")
        if self.fv_bits % 8 or not 8 <= self.fv_bits <= 64:
            raise ProfileError("fv_bits must be a multiple of 8 in 8..64")
        if not 0 <= self.fv_tx_bits <= self.fv_bits:
            raise ProfileError(f"fv_tx_bits must be in 0..{self.fv_bits}")
        if self.scheme == "seed000" and self.key_len not in (16, 32, 64):
            raise ProfileError("seed 000 keys are 128, 256 or 512 bits")


def _secoc(mac: str, layout: str, fd: bool, tag_bits: int, fv_tx_bits: int, suffix: str) -> Profile:
    m = MACS[mac]
    where = "same frame" if layout == "same" else "second frame"
    bus = "CAN FD" if fd else "classic CAN"
    return Profile(name=f"secoc-{mac}-{suffix}", scheme="secoc", mac=mac, key_len=m.key_len,
                   tag_bits=tag_bits, fv_bits=32, fv_tx_bits=fv_tx_bits, layout=layout, fd=fd,
                   description=f"SecOC-style, {m.label}, {fv_tx_bits}-bit FV + {tag_bits}-bit MAC "
                               f"in the {where}, {bus}")


def _seed(hash_name: str, key_bits: int, fd: bool) -> Profile:
    tag = 256 if fd else 64
    short = hash_name.replace("_", "")
    return Profile(name=f"seed000-{short}-k{key_bits}" + ("-fd" if fd else ""), scheme="seed000",
                   mac=hash_name, key_len=key_bits // 8, tag_bits=tag, fv_bits=32, fv_tx_bits=0,
                   layout="second", fd=fd,
                   weak="secret-suffix MAC H(ID||D||FC||K): not a recommended construction "
                        "(no proof; a collision on the public prefix forges every key)",
                   description=f"seed 000: {hash_name}(ID||D||FC||K), {key_bits}-bit key, "
                               f"{2 + 8 + 4 + key_bits // 8}-byte input, {tag}-bit MAC in a second "
                               f"{'CAN FD' if fd else 'classic CAN'} frame, FC not sent")


def builtin_profiles() -> dict[str, Profile]:
    ps = []
    for h in ("blake2s", "keccak_256"):
        for kb in (128, 256, 512):
            ps.append(_seed(h, kb, False))
    ps.append(_seed("blake2s", 128, True))
    for mac in MACS:
        ps.append(_secoc(mac, "same", False, 24, 8, "classic"))      # 8-bit FV + 24-bit MAC
        ps.append(_secoc(mac, "second", False, 56, 8, "classic2f"))  # 8-bit FV + 56-bit MAC
        ps.append(_secoc(mac, "same", True, 128, 16, "fd"))          # 16-bit FV + 128-bit MAC
    for p in ps:
        p.check()
    return {p.name: p for p in ps}


PROFILES = builtin_profiles()


def get_profile(name: str, **overrides: int | str | bool | None) -> Profile:
    """A built-in profile, optionally with tag_bits / fv_tx_bits / layout /
    fd / window changed (checked)."""
    if name not in PROFILES:
        close = [n for n in PROFILES if name.split("-")[0] in n][:6] or list(PROFILES)[:6]
        raise ProfileError(f"unknown profile {name!r}; choose from {', '.join(PROFILES)} "
                           f"(e.g. {', '.join(close)})")
    p = PROFILES[name]
    # Any: each key names a field of its own type; a wrong key or value is
    # refused by replace() or by check() below
    ov: dict[str, Any] = {k: v for k, v in overrides.items() if v is not None}
    if ov:
        p = replace(p, **ov)
        suffix = ",".join(f"{k}={v}" for k, v in sorted(ov.items()))
        p = replace(p, name=f"{name}[{suffix}]")
        p.check()
    return p


def check_key(profile: Profile, key: bytes) -> bytes:
    key = bytes(key)
    if len(key) != profile.key_len:
        raise ProfileError(f"profile {profile.name} needs a {profile.key_len}-byte key, got "
                           f"{len(key)} bytes")
    return key


def auth_id(can_id: int, extended: bool) -> int:
    bit = AUTH_ID_BIT_EXT if extended else AUTH_ID_BIT_STD
    if can_id & bit:
        raise FrameError(f"CAN ID 0x{can_id:X} collides with its authentication ID "
                         f"(data IDs must stay below 0x{bit:X})")
    return can_id | bit


# ---- the authenticator --------------------------------------------------------
def authenticator(profile: Profile, key: bytes, can_id: int, data_id: int, payload: bytes,
                  fv: int) -> tuple[bytes, bytes]:
    """(MAC input, transmitted tag bytes) for one message."""
    if profile.scheme == "seed000":
        d = bytes(payload).ljust(8, b"\0")
        data = (can_id & 0xFFFF).to_bytes(2, "big") + d + (fv & 0xFFFFFFFF).to_bytes(4, "big") + key
        full = hashbench.new(profile.mac, data).digest()
    else:
        data = (data_id & 0xFFFF).to_bytes(2, "big") + bytes(payload) + \
            fv.to_bytes(profile.fv_bits // 8, "big")
        full = profile.mac_algo().compute(key, data)
    return data, truncate(full, profile.tag_bits)


def truncate(mac: bytes, bits: int) -> bytes:
    n = (bits + 7) // 8
    t = bytearray(mac[:n])
    if bits % 8:
        t[-1] &= (0xFF << (8 - bits % 8)) & 0xFF
    return bytes(t)


class FreshnessExhausted(RuntimeError):
    """The full FV would wrap: the key must be renewed first."""


@dataclass
class Sender:
    """One message (CAN ID) of one sending ECU."""
    profile: Profile
    key: bytes
    can_id: int
    data_id: int = -1
    extended: bool = False
    fv: int = 0               # last FV used
    persist_every: int = 16   # the FV is written to NVM every this many messages
    persisted: int = 0

    def __post_init__(self) -> None:
        self.key = check_key(self.profile, self.key)
        if self.data_id < 0:
            self.data_id = self.can_id & 0xFFFF
        if self.profile.layout == "second" or self.profile.scheme == "seed000":
            auth_id(self.can_id, self.extended)

    def next_fv(self) -> int:
        if self.fv + 1 >= 1 << self.profile.fv_bits:
            raise FreshnessExhausted(f"CAN ID 0x{self.can_id:X}: freshness value exhausted "
                                     f"({self.profile.fv_bits} bits); renew the key")
        self.fv += 1
        if self.fv >= self.persisted + self.persist_every:
            self.persisted = self.fv
        return self.fv

    def reset(self) -> None:
        """A power cycle: RAM lost, the FV resumes past the last persisted
        value so that no FV is ever reused."""
        self.fv = self.persisted + self.persist_every
        self.persisted = self.fv

    def frames(self, payload: bytes, timestamp: float = 0.0) -> list[can.Message]:
        p = self.profile
        payload = bytes(payload)
        lens = p.frame_lengths(len(payload))
        if p.scheme == "seed000" and len(payload) > 8:
            raise ProfileError("seed 000 carries at most 8 data bytes")
        fv = self.next_fv()
        _, tag = authenticator(p, self.key, self.can_id, self.data_id, payload, fv)
        fvt = (fv & ((1 << p.fv_tx_bits) - 1)).to_bytes(p.fv_tx_bytes, "big") if p.fv_tx_bits else b""
        if p.scheme == "seed000":
            parts = [payload.ljust(8, b"\0"), tag]
        elif p.layout == "same":
            parts = [payload + fvt + tag]
        else:
            parts = [payload, fvt + tag]
        ids = [self.can_id] if len(parts) == 1 else [self.can_id, auth_id(self.can_id, self.extended)]
        return [make(i, d.ljust(n, b"\0"), extended=self.extended, fd=p.fd, timestamp=timestamp)
                for i, d, n in zip(ids, parts, lens)]


# ---- the receiver --------------------------------------------------------------
@dataclass
class Verdict:
    kind: str          # "accept" | "reject" | "pending"
    can_id: int
    reason: str = ""
    fv: int = 0
    payload: bytes = b""


@dataclass
class RxMessage:
    can_id: int
    key: bytes
    payload_len: int
    data_id: int = -1
    extended: bool = False
    last_fv: int = 0
    pending: tuple[bytes, float] | None = None   # (payload, time) of a data frame awaiting its second frame
    expected: list[int] = field(default_factory=list)


class Verifier:
    """The receiving side of one profile for a set of messages: checks every
    frame and returns a Verdict; never raises on bad frames."""

    def __init__(self, profile: Profile, messages: list[RxMessage]):
        self.p = profile
        self.msgs: dict[int, RxMessage] = {}
        self.auth: dict[int, int] = {}
        for m in messages:
            m.key = check_key(profile, m.key)
            if m.data_id < 0:
                m.data_id = m.can_id & 0xFFFF
            m.expected = profile.frame_lengths(m.payload_len)
            self.msgs[m.can_id] = m
            if len(m.expected) == 2:
                self.auth[auth_id(m.can_id, m.extended)] = m.can_id
        self.attempts = 0   # MAC computations done, for the n * k * 2^-t expectation

    def candidates(self, m: RxMessage, fv_tx: int | None) -> Sequence[int]:
        p, last = self.p, m.last_fv
        w = p.acceptance_window
        top = min(last + w, (1 << p.fv_bits) - 1)
        if p.fv_tx_bits == 0 or fv_tx is None:
            return range(last + 1, top + 1)
        if p.fv_tx_bits >= p.fv_bits:
            return [fv_tx] if last < fv_tx <= top else []
        mod = 1 << p.fv_tx_bits
        first = (last + 1) + ((fv_tx - (last + 1)) % mod)
        return range(first, top + 1, mod)

    def _verify(self, m: RxMessage, payload: bytes, fv_tx: int | None, tag: bytes) -> Verdict:
        if fv_tx is not None and fv_tx >> self.p.fv_tx_bits:
            # the sender leaves them zero: without this check a frame would
            # have several accepted encodings (bit flips that still verify)
            return Verdict("reject", m.can_id, f"transmitted FV has bits set above its "
                                               f"{self.p.fv_tx_bits} bits")
        for fv in self.candidates(m, fv_tx):
            self.attempts += 1
            _, want = authenticator(self.p, m.key, m.can_id, m.data_id, payload, fv)
            if hashbench.compare_digest(want, tag):
                m.last_fv = fv
                return Verdict("accept", m.can_id, fv=fv, payload=payload)
        return Verdict("reject", m.can_id, "MAC or freshness check failed")

    def on_frame(self, msg: can.Message, t: float) -> Verdict:
        try:
            validate(msg)
        except FrameError as e:
            return Verdict("reject", msg.arbitration_id, f"malformed: {e}")
        p, cid = self.p, msg.arbitration_id
        if msg.is_fd != p.fd:
            return Verdict("reject", cid, f"{'FD' if msg.is_fd else 'classic'} frame on a "
                                          f"{'FD' if p.fd else 'classic'} profile")
        data = bytes(msg.data)
        if cid in self.msgs:
            m = self.msgs[cid]
            if m.extended != msg.is_extended_id:
                return Verdict("reject", cid, "identifier format differs from the message's")
            if len(data) != m.expected[0]:
                return Verdict("reject", cid, f"wrong length: {len(data)} bytes, expected {m.expected[0]}")
            if len(m.expected) == 2:
                stale = m.pending
                m.pending = (data[:m.payload_len] if p.scheme == "secoc" else data, t)
                if stale is not None:
                    return Verdict("reject", cid, "data frame without its authentication frame")
                return Verdict("pending", cid)
            pl = data[:m.payload_len]
            fvb = data[m.payload_len:m.payload_len + p.fv_tx_bytes]
            tag = data[m.payload_len + p.fv_tx_bytes:m.payload_len + p.fv_tx_bytes + p.tag_bytes]
            if any(data[m.payload_len + p.fv_tx_bytes + p.tag_bytes:]):
                return Verdict("reject", cid, "non-zero padding")
            return self._verify(m, pl, int.from_bytes(fvb, "big") if fvb else None, tag)
        if cid in self.auth:
            m = self.msgs[self.auth[cid]]
            if len(data) != m.expected[1]:
                return Verdict("reject", m.can_id, f"wrong length of the authentication frame: "
                                                   f"{len(data)} bytes, expected {m.expected[1]}")
            if m.pending is None:
                return Verdict("reject", m.can_id, "authentication frame without a data frame")
            payload, t0 = m.pending
            m.pending = None
            if t - t0 > p.auth_timeout:
                return Verdict("reject", m.can_id, f"authentication frame {1e3 * (t - t0):.1f} ms "
                                                   f"after its data frame (limit {1e3 * p.auth_timeout:g} ms)")
            fvb = data[:p.fv_tx_bytes]
            tag = data[p.fv_tx_bytes:p.fv_tx_bytes + p.tag_bytes]
            if any(data[p.fv_tx_bytes + p.tag_bytes:]):
                return Verdict("reject", m.can_id, "non-zero padding")
            return self._verify(m, payload, int.from_bytes(fvb, "big") if fvb else None, tag)
        return Verdict("reject", cid, f"unknown ID 0x{cid:X}")
