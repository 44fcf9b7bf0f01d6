"""Seed corpora of the libFuzzer targets (tests/fuzz/fuzz_*.c) from the KAT
messages, keys and parameters in tests/vectors, each seed in the input
layout its target reads (see the comment at the top of each target).

    python tests/fuzz/make_corpus.py OUTDIR     writes OUTDIR/<target>/<sha1>

The seeds are generated, not kept in git: `make fuzz` runs this."""
from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))
from hashbench import impls, kat  # noqa: E402
from hashbench import native as N  # noqa: E402

PER_FILE = 12     # records per KAT file: the corpus stays small enough to load in seconds
MAX_MSG = 4096    # the targets' -max_len
OPENSSL = ["sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256", "sha3_224",
           "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256", "blake2b", "blake2s"]
KMACS = ["kmac128", "kmac256", "kmacxof128", "kmacxof256"]
BLAKE2 = ["blake2b", "blake2b_256", "blake2b_384", "blake2s", "blake2s_128"]
SKEINS = ["skein256_256", "skein512_224", "skein512_256", "skein512_384", "skein512_512",
          "skein1024_1024"]


def u16(v: int) -> bytes:
    return (v & 0xFFFF).to_bytes(2, "big")


def spread(recs: list[dict]) -> list[dict]:
    """PER_FILE records spread over the file (short and long messages)."""
    if len(recs) <= PER_FILE:
        return recs
    step = len(recs) / PER_FILE
    return [recs[int(i * step)] for i in range(PER_FILE)]


def field(rec: dict, k: str) -> bytes | None:
    return kat.message(rec[k]) if k in rec else None


def stream_seed(idx: int, a, rec: dict, n: int) -> bytes:
    mode, tail = 0, b""
    for bit, k in ((1, "key"), (2, "custom"), (4, "salt"), (8, "pers")):
        v = field(rec, k)
        if v is not None and len(v) < 256:
            mode |= bit
            tail += bytes([len(v)]) + v
    md = bytes.fromhex(rec.get("md", ""))
    if a.flags & N.HB_XOF:
        tail += u16(len(md) & 0x7FF)
    elif a.flags & N.HB_VAROUT and md and len(md) != a.digest_size:
        mode |= 0x10
        tail += u16(len(md))
    head = bytes([idx, mode, n % 16]) + u16(n * 2654435761) + bytes([n % 5])
    return head + tail + kat.message(rec["msg"])


def mac_seed(case: int, sel: int, rec: dict) -> bytes:
    key = field(rec, "key") or b""
    custom = (field(rec, "custom") or b"")[:255]
    salt, pers = (field(rec, "salt") or b"")[:31], (field(rec, "pers") or b"")[:31]
    md = bytes.fromhex(rec.get("md", ""))
    msg = kat.message(rec["msg"])
    return (bytes([case, sel]) + u16(len(key)) + key + bytes([len(custom)]) + custom +
            bytes([len(salt)]) + salt + bytes([len(pers)]) + pers + u16(len(md)) +
            u16(len(msg) // 2) + b"\0" + msg)


def impls_seed(idx: int, rec: dict) -> bytes:
    """fuzz_impls' layout: the algorithm's index in its list, key, custom
    string, output length (XOFs and variable lengths), split, message."""
    key = (field(rec, "key") or b"")[:255]
    custom = (field(rec, "custom") or b"")[:255]
    md = bytes.fromhex(rec.get("md", ""))
    msg = kat.message(rec["msg"])
    return (u16(idx) + bytes([len(key)]) + key + bytes([len(custom)]) + custom + u16(len(md) & 0x7FF) +
            u16(len(msg) // 3) + msg)


# fuzz_can.c's MACS[]: the index of each profile's MAC
CAN_MACS = {("secoc", "cmac"): 0, ("secoc", "hmac-sha256"): 1, ("secoc", "kmac128"): 2,
            ("secoc", "blake2s"): 3, ("secoc", "ascon"): 4, ("seed000", "blake2s"): 5,
            ("seed000", "keccak_256"): 6}


def can_seeds() -> set[bytes]:
    """Per built-in CAN profile: a sender-to-receiver run, the same profile
    with its fields as they come (fuzz_can's malformed-profile mode), and
    the frame hashbench.can's Sender builds, for the receiver alone."""
    from hashbench.can import PROFILES
    from hashbench.can.frames import fd_padded_length
    from hashbench.can.onboard import CAN_ID, FV0, CanWorkload, payload, payload_len
    out = set()
    for i, p in enumerate(PROFILES.values()):
        w = CanWorkload(p)
        sel = CAN_MACS[(p.scheme, p.mac)]
        prefix = 2 if p.scheme == "seed000" else 1 if p.mac == "ascon" else 0
        key = bytes(range(p.key_len))
        n = payload_len(p)
        need = n + p.fv_tx_bytes + p.tag_bytes
        # a CAN FD frame is padded with zeros to the next FD length
        pad = fd_padded_length(need) - need if p.fd and p.layout == "same" else 0
        fv_bytes = p.fv_bits // 8
        window = min(p.acceptance_window, 0xFFFF)
        flip = (i * 37) % (8 * need + 16)

        # fuzz_can.c's input layout; the profile fields as that target reduces
        # them into range (modes 0 and 2) or as they are (mode 1)
        key_part = bytes([len(key)]) + key
        rest = (u16(CAN_ID) + (FV0 + i).to_bytes(8, "big") + u16(0) + u16(window) + u16(flip) +
                bytes([pad, n]) + payload(p, i))
        reduced = bytes([0, fv_bytes - 1, p.fv_tx_bits]) + u16(p.tag_bits - 1)
        raw = bytes([p.mac_algo().out_len, fv_bytes, p.fv_tx_bits]) + u16(p.tag_bits)
        out.add(bytes([0]) + u16(sel) + bytes([0]) + key_part + reduced + rest)
        out.add(bytes([1]) + u16(sel) + bytes([prefix << 4]) + key_part + raw + rest)
        out.add(bytes([2]) + u16(sel) + bytes([0]) + key_part + reduced + rest + w.frame(i) + bytes(pad))
    return out


def main(out: Path) -> None:
    reg = N.registry()
    names = list(reg)
    seeds: dict[str, set[bytes]] = {"stream": set(), "openssl": set(), "mac": set()}
    for idx, name in enumerate(names):
        a = reg[name]
        recs = [r for r in kat.records(name) if "msg" in r]
        recs = [r for r in recs if len(kat.message(r["msg"])) <= MAX_MSG]
        for n, rec in enumerate(spread(recs)):
            seeds["stream"].add(stream_seed(idx, a, rec, n))
            if name in OPENSSL and not any(k in rec for k in ("key", "salt", "pers", "custom")):
                md = bytes.fromhex(rec.get("md", ""))
                msg = kat.message(rec["msg"])
                seeds["openssl"].add(bytes([OPENSSL.index(name)]) + u16(len(msg) // 2) +
                                     u16(len(md)) + msg)
            if name.startswith("hmac_") and name[5:] in names:
                seeds["mac"].add(mac_seed(0, names.index(name[5:]), rec))
            elif name in KMACS:
                seeds["mac"].add(mac_seed(1, KMACS.index(name), rec))
            elif name in BLAKE2 and "key" in rec:
                seeds["mac"].add(mac_seed(2, BLAKE2.index(name), rec))
            elif name == "blake3" and "key" in rec:
                seeds["mac"].add(mac_seed(3, 1, rec))
            elif name in SKEINS and "key" in rec:
                seeds["mac"].add(mac_seed(3, 2 * SKEINS.index(name), rec))
    seeds["can"] = can_seeds()
    seeds["impls"] = set()
    for idx, name in enumerate(impls.differential_algorithms()):
        recs = [r for r in kat.records(name) if "msg" in r and len(kat.message(r["msg"])) <= MAX_MSG]
        seeds["impls"].update(impls_seed(idx, r) for r in spread(recs))
    for target, items in seeds.items():
        d = out / target
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        for s in items:
            (d / hashlib.sha1(s).hexdigest()).write_bytes(s)
        print(f"{d}: {len(items)} seeds")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_corpus.py OUTDIR")
    main(Path(sys.argv[1]))
