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
