from __future__ import annotations

import pytest

from hashbench import peer_c


def test_parse_and_median_of_ratios():
    out = ["# hb-peer-host source=rdtsc hz=1 batches=15",
           "check algo=sha256 peer=sph_sha256 ok=1",
           "check algo=hamsi_256 peer=sph_hamsi256 ok=0",
           "time algo=sha256 size=64 run=0 ours=100.0 peer=50.0",
           "time algo=sha256 size=64 run=1 ours=90.0 peer=100.0",
           "time algo=sha256 size=64 run=2 ours=120.0 peer=100.0"]
    checks, rows = peer_c.parse(out)
    assert checks == {"sha256": {"peer": "sph_sha256", "ok": True},
                      "hamsi_256": {"peer": "sph_hamsi256", "ok": False}}
    (s,) = peer_c.summarise(rows)
    # ratios 2.0, 0.9, 1.2: the median of the ratios, not the ratio of medians (1.0)
    assert s["ratio"] == pytest.approx(1.2)
    assert s["runs"] == 3 and s["ours_cycles"] == 100.0 and s["peer_cycles"] == 100.0


def test_find_src_refuses_a_directory_without_the_peer(tmp_path):
    with pytest.raises(peer_c.PeerError):
        peer_c.find_src(tmp_path, "sphlib")
    (tmp_path / "src" / "c").mkdir(parents=True)
    (tmp_path / "src" / "c" / "blake.c").write_text("")
    assert peer_c.find_src(tmp_path, "sphlib") == tmp_path / "src" / "c"


def test_every_sphlib_name_is_in_the_registry():
    from hashbench import algorithms
    missing = [n for n in peer_c.SPHLIB_ALGOS if n not in algorithms()]
    assert not missing
