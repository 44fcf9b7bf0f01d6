"""The tables of the byte-wise Keccak-p[1600] (HB_KECCAK_BYTE) are the ones
tools/gen_keccak_byte_tables.py derives from FIPS 202's formulas (the script
also checks its model of the byte loop against hashlib's SHA3-256/SHAKE128)."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tables(text):
    return {m.group(1): [int(v, 0) for v in re.findall(r"0x[0-9a-f]+|\d+", m.group(2))]
            for m in re.finditer(r"static HB_ROM uint8_t (KB_\w+)\[\d+\] = \{(?:\s*/\*.*?\*/)?(.*?)\};", text, re.S)}


def test_c_tables_match_the_derivation():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_keccak_byte_tables.py")],
                         capture_output=True, text=True, check=True).stdout
    want = tables(out)
    got = tables((ROOT / "src" / "algos" / "keccak" / "bytes8" / "keccakp1600.c").read_text())
    assert set(want) == {"KB_RHO", "KB_PI8", "KB_RC"}
    assert [len(want[k]) for k in ("KB_RHO", "KB_PI8", "KB_RC")] == [25, 25, 24]
    for k in want:
        assert got[k] == want[k], k


def test_bit_interleaved_rounds_are_the_generated_ones():
    """src/algos/keccak/bi32/rounds.h is tools/gen_keccak_bi32.py's output,
    whose round constants, split into even and odd bits, join again into
    the 64-bit ones of the byte-wise table above (rc(t) computed twice)."""
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_keccak_bi32.py")],
                         capture_output=True, text=True, check=True).stdout
    assert (ROOT / "src" / "algos" / "keccak" / "bi32" / "rounds.h").read_text() == out
    words = [int(v, 16) for v in re.findall(r"0x([0-9a-f]{8})u", out)]
    assert len(words) == 48
    packed = tables((ROOT / "src" / "algos" / "keccak" / "bytes8" / "keccakp1600.c").read_text())["KB_RC"]
    for i, p in enumerate(packed):
        ev, od = words[2 * i], words[2 * i + 1]
        rc = sum((((ev >> m) & 1) << (2 * m)) | (((od >> m) & 1) << (2 * m + 1)) for m in range(32))
        # a round constant's bits are among 0, 1, 3, 7, 15, 31 and 63; KB_RC keeps bits 0, 1, 3, 7
        # in place and bits 15, 31, 63 as 0x04, 0x10, 0x20
        assert rc & ~0x800000008000808B == 0, i
        assert p == (rc & 0x8B) | ((rc >> 15) & 1) << 2 | ((rc >> 31) & 1) << 4 | ((rc >> 63) & 1) << 5, i
