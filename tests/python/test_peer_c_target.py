"""`hashbench peer-c --target avr`: the real build/run/compare path on the
AVR simulator, with a stand-in peer the test writes (sphlib's sph_sha256
API over our own library), so that no third-party code is needed: its
digest equals ours, so it is timed; a copy that flips one output byte must
be reported as a mismatch and not timed."""
from __future__ import annotations

import pytest

from hashbench import peer_c, targets

HEADER = """\
#include <stddef.h>
#include <stdint.h>
typedef struct { uint64_t ctx[64]; } sph_sha256_context;
void sph_sha256_init(void *cc);
void sph_sha256(void *cc, const void *data, size_t len);
void sph_sha256_close(void *cc, void *dst);
"""

SOURCE = """\
#include "hashbench.h"
#include "sph_sha2.h"
static const hb_algo *algo(void) { return hb_find("sha256"); }
void sph_sha256_init(void *cc) { algo()->init(cc, NULL); }
void sph_sha256(void *cc, const void *data, size_t len) { algo()->update(cc, data, len); }
void sph_sha256_close(void *cc, void *dst)
{
    algo()->final(cc, dst, 32);
#ifdef FLIP
    ((unsigned char *)dst)[FLIP] ^= 1;   /* one wrong output byte */
#endif
}
"""


def need_avr():
    tg = targets.get("avr")
    if tg.missing():
        pytest.skip(f"avr: toolchain missing ({', '.join(tg.missing())}); "
                    f"apt-get install {' '.join(tg.apt_packages)}")


def stand_in(d, flip: int | None = None):
    d.mkdir()
    (d / "sph_sha2.h").write_text(HEADER)
    (d / "sha2.c").write_text((f"#define FLIP {flip}\n" if flip is not None else "") + SOURCE)
    return d


def run(src):
    return list(peer_c.target_run("avr", src, ["sha256"], sizes=[64, 128], blocks=3, check_n=8))


def test_equal_peer_is_timed_beside_ours(tmp_path):
    need_avr()
    (r,) = run(stand_in(tmp_path / "peer"))
    assert r["ok"] and "error" not in r, r.get("error")
    o, p = r["ours"], r["peer"]
    # the stand-in runs our code plus one indirect call per step: a few
    # hundred cycles over a 64-byte message of about 118,000
    assert p["cpb_64"] >= o["cpb_64"] and r["ratio_64"] == pytest.approx(1.0, abs=0.02)
    assert o["cpb_long"] == pytest.approx(p["cpb_long"], rel=0.01)
    # AVR instructions take 1..5 cycles
    assert 0 < o["ipb_long"] < o["cpb_long"] and o["ipb_long"] == pytest.approx(p["ipb_long"], rel=0.01)
    assert o["cpb_1024"] is None  # 1024 was not asked
    # the peer's object is only the stand-in's wrappers; ours is SHA-256
    assert 0 < p["code_bytes"] < 400 < o["code_bytes"]
    assert p["ctx_bytes"] == 512 and o["ctx_bytes"] > 0


def test_one_wrong_byte_is_a_mismatch_and_not_timed(tmp_path):
    need_avr()
    (r,) = run(stand_in(tmp_path / "peer", flip=31))
    assert not r["ok"] and "digest differs" in r["error"] and "not timed" in r["error"]
    assert "peer" not in r and r["ours"]["cpb_64"] > 0   # ours was measured, the peer not


def test_sphlib_names():
    assert peer_c.sphlib_name("sha256") == ("sha2", "sph_sha2.h", "sph_sha256")
    assert peer_c.sphlib_name("sha512") == ("sha2big", "sph_sha2.h", "sph_sha512")
    assert peer_c.sphlib_name("shavite3_256") == ("shavite", "sph_shavite.h", "sph_shavite256")
    assert peer_c.sphlib_name("skein512_512") == ("skein", "sph_skein.h", "sph_skein512")
    with pytest.raises(peer_c.PeerError):
        peer_c.sphlib_name("blake2s")


def test_host_target_is_refused(tmp_path):
    with pytest.raises(peer_c.PeerError):
        list(peer_c.target_run("host", stand_in(tmp_path / "peer"), ["sha256"]))


def test_slope_is_least_squares():
    rows = [{"size": 64, "cycles": 1000}, {"size": 128, "cycles": 1900}, {"size": 192, "cycles": 2800}]
    assert peer_c._slope(rows) == pytest.approx(900 / 64)
    assert peer_c._slope(rows[:1]) is None


def test_markdown_rows():
    side = {"cpb_64": 100.0, "cpb_1024": 50.0, "cpb_long": 40.0, "code_bytes": 1000, "stack_bytes": 10,
            "ctx_bytes": 100}
    peer = {**side, "cpb_64": 200.0, "code_bytes": 2000}
    ok = {"algo": "sha256", "impl": "window", "ok": True, "ours": side, "peer": peer, "ratio_64": 0.5,
          "ratio_1024": 1.0, "ratio_long": 1.0}
    bad = {"algo": "jh_256", "impl": "compact", "ok": False, "ours": side, "error": "digest differs"}
    md = peer_c.markdown([ok, bad]).splitlines()
    assert md[2] == ("| sha256 | window | 100.0 / 50.0 / 40.0 | 200.0 / 50.0 / 40.0 | 0.50 / 1.00 / 1.00 "
                     "| 1,000 / 2,000 |")
    assert md[3].startswith("| jh_256 | compact | 100.0 / 50.0 / 40.0 | digest differs |")


def test_host_checksum_is_unkeyed_for_a_keyable_hash(tmp_path):
    """peer_fw.c hashes without a key; Skein takes one, and the firmware's
    own checksum uses it, so the peer check must not."""
    from hashbench import Hash
    from hashbench.targets.firmware import host_checksum, pattern
    w = peer_c.PeerWorkload("skein512_256", tmp_path, tmp_path / "libpeer-x.a", "h.h", "f", 3)
    m = pattern(3)
    inner = b"".join(Hash("skein512_256", m[:i]).digest() for i in range(3))
    assert w.checksum() == Hash("skein512_256", inner).hexdigest() != host_checksum("skein512_256", 3)


def test_each_side_alone_in_an_image_of_its_own(tmp_path):
    """The path taken when ours and the peer do not fit one part together
    (sphlib's CubeHash, SIMD, Skein and Keccak beside ours on the
    ATmega1281): two images built the same way, the peer's judged by the
    host's checksum, each side's code counted in its own image."""
    need_avr()
    rs = list(peer_c.target_run("avr", stand_in(tmp_path / "peer"), ["sha256"], sizes=[64], blocks=2,
                                check_n=8, two_images=True))
    (r,) = rs
    assert r["ok"] and r["images"] == 2, r.get("error")
    assert r["ratio_64"] == pytest.approx(1.0, abs=0.02) and r["peer"]["code_bytes"] < 400
    (bad,) = peer_c.target_run("avr", stand_in(tmp_path / "bad", flip=0), ["sha256"], sizes=[64], blocks=2,
                               check_n=8, two_images=True)
    assert not bad["ok"] and "digest differs" in bad["error"] and "peer" not in bad


def _res(opt, impl, ours_long, peer_long=None, code=1000, peer_code=2000):
    side = {"cpb_64": ours_long * 2, "cpb_1024": ours_long * 1.1, "cpb_long": ours_long, "code_bytes": code,
            "stack_bytes": 0, "ctx_bytes": 0}
    r = {"algo": "x", "impl": impl, "opt": opt, "ok": peer_long is not None, "ours": side}
    if peer_long is not None:
        r["peer"] = {**side, "cpb_64": peer_long * 2, "cpb_1024": peer_long * 1.1, "cpb_long": peer_long,
                     "code_bytes": peer_code}
    else:
        r["error"] = "x alone: does not fit (flash: 1 > 0)"
    return r


def test_best_of_takes_each_sides_fastest_and_smallest():
    rs = [_res("-O2", "unrolled", 100, 300, code=5000, peer_code=900),
          _res("-Os", "unrolled", 150, 200, code=4000, peer_code=800),
          _res("-O2", "compact", 120, 300, code=700, peer_code=900)]
    (b,) = peer_c.best_of(rs)
    # ours fastest at -O2 unrolled (100), sphlib's at -Os (200): they are compared
    assert b["ours"]["opt"] == "-O2" and b["peer"]["opt"] == "-Os" and b["ratio_long"] == pytest.approx(0.5)
    assert b["ours_small"]["impl"] == "compact" and b["peer_small"]["peer"]["code_bytes"] == 800
    md = peer_c.markdown_best([b]).splitlines()[2]
    assert "| 0.50 / 0.50 / 0.50 |" in md and "700 (compact -O2)" in md and "800 (-Os)" in md
    (none,) = peer_c.best_of([_res("-O2", "unrolled", 100)])
    assert none["peer"] is None and "does not fit" in none["why"]


def test_cli_refuses_opt_off_avr(tmp_path, capsys):
    from hashbench.cli import main
    assert main(["peer-c", "--src", str(stand_in(tmp_path / "p")), "--target", "cortex-m4", "-a", "sha256",
                 "--opt=-Os"]) == 2
    assert "apply to --target avr" in capsys.readouterr().err


def test_short_error_for_a_table_cell():
    assert peer_c._short("sph_x alone: does not fit (RAM: 17104 bytes static + 256 stack > 8192) "
                         "(the peer's object: text 1, data 0, bss 0 bytes)") == "sph_x alone: does not fit (RAM)"
    assert peer_c._short("sph_x alone: does not build: ld: address 0x8202da of a.elf\nmore") == \
        "sph_x alone: does not build (link error)"


def test_cli_prints_the_target_table(tmp_path, capsys):
    """The CLI path past the argument checks: build, run, compare and print
    the table (rich is imported lazily; a name it did not import failed here)."""
    from hashbench.cli import main
    tg = targets.get("cortex-m4")
    if tg.missing():
        pytest.skip(f"cortex-m4: toolchain missing ({', '.join(tg.missing())})")
    assert main(["peer-c", "--src", str(stand_in(tmp_path / "p")), "--target", "cortex-m4", "-a", "sha256",
                 "--sizes", "64", "--blocks", "2", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| sha256 |" in out and "1.0" in out
