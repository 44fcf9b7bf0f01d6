"""The implementations of the AES-based families (aes, groestl, fugue, echo,
shavite3, hamsi): generated tables up to date, and the sources a build of one
selection links -- the AES column is a header on the include path
(aes/<impl>/aes_col.h), which the source walk must follow."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hashbench import impls

ROOT = Path(__file__).resolve().parents[2]
ALGOS = ROOT / "src" / "algos"


def rel(paths):
    return sorted(str(p.relative_to(ALGOS)) for p in paths if p.is_relative_to(ALGOS))


def test_generated_tables_are_current():
    r = subprocess.run([sys.executable, str(ALGOS / "aes" / "gen_tables.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("args, header", [([], "hamsi_tables.h"), (["8"], "hamsi_tables8.h")])
def test_hamsi_tables_are_current(args, header):
    """The committed expansion tables are what hamsi_gen.py writes from the
    generator matrices (both the 4-bit and the 8-bit ones)."""
    r = subprocess.run([sys.executable, str(ALGOS / "hamsi" / "hamsi_gen.py"), *args],
                       capture_output=True, text=True, check=True)
    assert r.stdout == (ALGOS / "hamsi" / header).read_text()


def test_include_dirs_follow_the_aes_selection():
    aes = [d for d in impls.include_dirs() if d.parent.name == "aes"]
    assert aes == [ALGOS / "aes" / "ttables"]
    aes = [d for d in impls.include_dirs(impls.select({"aes": "sbox"})) if d.parent.name == "aes"]
    assert aes == [ALGOS / "aes" / "sbox"]
    # shavite3/compact requires the S-box-only AES round
    assert impls.select({"shavite3": "compact"})["aes"] == "sbox"
    with pytest.raises(impls.ImplError):
        impls.select({"echo": "compact", "aes": "ttables"})


@pytest.mark.parametrize("sel, algo, want", [
    # the T-table forms read no S-box
    ({}, "echo_256", ["aes/ttables/aes_ttables.c", "echo/unrolled/echo.c"]),
    ({"aes": "table1"}, "echo_512", ["aes/table1/aes_ttables.c", "echo/unrolled/echo.c"]),
    ({"aes": "sbox"}, "echo_512", ["aes/aes_tables.c", "echo/unrolled/echo.c"]),
    ({"echo": "lanes64"}, "echo_256", ["aes/ttables/aes_ttables.c", "echo/lanes64/echo.c"]),
    ({"echo": "compact"}, "echo_256", ["aes/aes_tables.c", "echo/compact/echo.c"]),
    ({"shavite3": "compact"}, "shavite3_256",
     ["aes/aes_tables.c", "shavite3/compact/shavite3_256.c", "shavite3/shavite3.c"]),
    ({"shavite3": "compact"}, "shavite3_384",
     ["aes/aes_tables.c", "shavite3/compact/shavite3_512.c", "shavite3/shavite3.c"]),
    ({}, "groestl_256", ["groestl/tables8/groestl.c", "groestl/tables8/groestl_tables.c"]),
    ({"groestl": "table1"}, "groestl_256", ["groestl/table1/groestl.c", "groestl/table1/groestl_tables.c"]),
    ({"groestl": "bytes", "aes": "sbox"}, "groestl_512", ["aes/aes_tables.c", "groestl/bytes/groestl.c"]),
    ({"fugue": "compact", "aes": "sbox"}, "fugue_256",
     ["aes/aes_tables.c", "fugue/compact/fugue.c", "fugue/fugue_t0.c", "fugue/fugue_t1_3.c"]),
    ({"fugue": "compact_table1", "aes": "sbox"}, "fugue_256",
     ["aes/aes_tables.c", "fugue/compact_table1/fugue.c", "fugue/fugue_t0.c"]),
    ({"fugue": "compact_sbox", "aes": "sbox"}, "fugue_256", ["aes/aes_tables.c", "fugue/compact_sbox/fugue.c"]),
    ({"hamsi": "compact"}, "hamsi_512", ["hamsi/compact/hamsi512.c"]),
    ({"hamsi": "unrolled"}, "hamsi_256", ["hamsi/unrolled/hamsi256.c"]),
    ({}, "hamsi_224", ["hamsi/regs/hamsi256.c"]),
])
def test_needed_sources(sel, algo, want):
    """Each image links its implementation's kernel and exactly the tables
    that kernel reads (SDCC and avr-ld link whole objects)."""
    got = rel(impls.needed_sources(impls.def_lines(algo), impls.select(sel)))
    assert got == sorted(want)


def test_every_family_impl_listed_has_its_algorithms():
    for fam in ("aes", "groestl", "fugue", "echo", "shavite3", "hamsi"):
        assert fam in impls.families()
    assert impls.implementations("groestl_256") == ["tables8", "tables8pq", "table1", "sbox64", "bytes", "aesni",
                                                    "dispatch"]
    # the host runs AES-NI, or else P and Q interleaved (where an out-of-order
    # CPU gains from it); embedded targets the plain tables
    assert impls.host_selection()["groestl"] == "dispatch" and impls.default_selection()["groestl"] == "tables8"
    assert impls.dispatch_members("groestl") == ("aesni", "tables8pq")
    assert impls.deciding_family("echo_256") == "echo"
    # the host library runs AES-NI or else the 64-bit-lane ECHO, embedded targets the 32-bit one
    assert impls.host_selection()["echo"] == "dispatch" and impls.default_selection()["echo"] == "unrolled"
    assert impls.dispatch_members("echo") == ("aesni", "lanes64")
