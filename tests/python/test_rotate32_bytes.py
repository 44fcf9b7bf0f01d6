"""AVR's 32-bit rotation by whole bytes (targets/avr/hb_avr_rot.h), checked on
the host: every AVR build force-includes it, so a fault there would show only
on the simulator.  The same force-include into a host build of the families
that rotate 32-bit words, then their KATs."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hashbench import impls

ROOT = Path(__file__).resolve().parents[2]
ROT = ROOT / "targets" / "avr" / "hb_avr_rot.h"
CC = shutil.which("cc") or shutil.which("gcc")
# one algorithm of each family whose kernels use HB_ROTL32 / HB_ROTR32
NAMES = ["sha256", "blake2s", "blake3", "blake_256", "bmw_256", "cubehash_256", "shabal_256",
         "luffa_256", "hamsi_256", "fugue_256", "simd_256"]
FLAGS = ["-std=c99", "-O1", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", str(ROOT / "include"),
         "-include", str(ROT)]

pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")


def _run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kw)
    assert r.returncode == 0, r.stderr + r.stdout
    return r.stdout


def test_rotation_matches_plain_rotation(tmp_path):
    src = tmp_path / "rot.c"
    src.write_text(r'''
#include <stdio.h>
#include <string.h>
#include "common/hb_util.h"
#define S(x) #x
#define XS(x) S(x)
int main(void)
{
    static const uint32_t v[] = {0x00000001u, 0x80000000u, 0x12345678u, 0xdeadbeefu, 0xffff0000u};
    unsigned i, n, bad = 0;
    volatile unsigned k;  /* a run-time amount: the loops of the rotation run */
    if (!strstr(XS(HB_ROTL32(a, b)), "hb_rotl32_bytes") || !strstr(XS(HB_ROTR32(a, b)), "hb_rotl32_bytes"))
        return puts("HB_ROTL32/HB_ROTR32 are not AVR's"), 2;
    for (i = 0; i < sizeof v / sizeof v[0]; i++)
        for (n = 1; n < 32; n++) {
            uint32_t x = v[i];
            k = n;
            bad += HB_ROTL32(x, k) != (uint32_t)((x << n) | (x >> (32 - n)));
            bad += HB_ROTR32(x, k) != (uint32_t)((x >> n) | (x << (32 - n)));
        }
    printf("%u\n", bad);
    return bad != 0;
}
''')
    exe = tmp_path / "rot"
    _run([CC, *FLAGS, "-I", ROOT / "src", src, "-o", exe])
    assert _run([exe]).strip() == "0"


def test_kats_with_byte_rotation(tmp_path):
    defs = "".join(impls.def_lines(n) for n in NAMES)
    deff = tmp_path / "rot.def"
    deff.write_text(defs)
    srcs = impls.needed_sources(defs)
    assert any(s.name == "sha256.c" for s in srcs)
    exe = tmp_path / "kat"
    _run([CC, *FLAGS, "-I", ROOT / "src", *[f"-I{d}" for d in impls.include_dirs()],
          f'-DHB_ALGOS_DEF="{deff}"', ROOT / "src" / "registry.c", *srcs,
          ROOT / "tests" / "c" / "test_kat.c", "-o", exe])
    out = _run([exe, ROOT / "tests" / "vectors", *NAMES], cwd=ROOT)
    last = out.strip().splitlines()[-1]
    assert last.startswith("kat:") and last.endswith(" 0 failed"), out
    assert int(last.split()[1]) > 0
