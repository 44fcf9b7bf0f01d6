"""The MACs and libb2 as speed peers (bench/peers.c): each peer's tag is
ours under the same key, and a peer whose tag differs is refused rather
than timed."""
from __future__ import annotations

import ctypes.util
import re
import subprocess

import pytest

from hashbench import peers
from hashbench.targets.host import host_impl

MACS = ["hmac_sha256", "hmac_sha512", "blake2b_keyed", "blake2s_keyed"]


def _have(lib: str) -> bool:
    return ctypes.util.find_library(lib) is not None


def _expected() -> set[tuple[str, str]]:
    """(algorithm, peer) pairs hb-peers must time on this machine"""
    want: set[tuple[str, str]] = set()
    if _have("crypto"):
        for n in ("hmac_sha256", "hmac_sha512"):
            want |= {(n, "openssl-per-message"), (n, "openssl-keyed")}
    if _have("sodium"):
        want |= {("hmac_sha256", "libsodium"), ("hmac_sha512", "libsodium"), ("blake2b_keyed", "libsodium")}
    if _have("b2"):
        want |= {("blake2b_keyed", "libb2"), ("blake2s_keyed", "libb2"), ("blake2b", "libb2"),
                 ("blake2s", "libb2")}
    if not want:
        pytest.skip("none of libcrypto, libsodium, libb2 is installed")
    return want


def _hb_peers(*args: str) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(["make", "-C", str(peers.PEERS_C.parents[1]), "build/hb-peers"], capture_output=True,
                       text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot build hb-peers: {r.stderr[-500:]}")
    return subprocess.run([str(peers.PEERS_C), "-r", "1", "-t", "1", "-s", "0,64,1000", *args],
                          capture_output=True, text=True, timeout=300)


def test_every_mac_peer_is_timed_with_our_tag() -> None:
    want = _expected()
    r = _hb_peers(*MACS, "blake2b", "blake2s")
    assert r.returncode == 0, r.stderr
    got = set(re.findall(r"algo=(\S+) peer=(\S+) run=0 size=1000 ", r.stdout))
    assert want <= got, want - got


def test_a_peer_under_another_key_is_refused() -> None:
    want = {p for p in _expected() if p[0] in MACS}
    r = _hb_peers("-W", *MACS)
    assert r.returncode == 3
    refused = set(re.findall(r"hb-peers: (\S+) and (\S+) differ at 0 bytes: not timed", r.stderr))
    assert refused == want
    # nothing keyed was timed
    assert not re.search(r"algo=(hmac_|blake2._keyed)", r.stdout)


def test_ratios_name_the_kernel_of_the_keyed_blake2() -> None:
    if not _have("b2") and not _have("sodium"):
        pytest.skip("no keyed BLAKE2 peer (libb2, libsodium) installed")
    rows = peers.ratios(["blake2b_keyed"], runs=1, sizes=[64])
    assert rows and all(r["kernel"] == host_impl("blake2b") for r in rows)
