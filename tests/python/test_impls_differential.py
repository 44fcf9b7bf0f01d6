"""The library builds tests/fuzz/fuzz_impls.c compares (impls.differential_selections):
between them they link every form of every family, each is a selection the
registry accepts (what a form requires is there), and no two are alike."""
from __future__ import annotations

from hashbench import impls


def test_every_form_is_linked_by_some_selection():
    sels = impls.differential_selections()
    assert sels[0] == impls.host_selection()
    for fam in impls.families().values():
        linked = {s[fam.name] for s in sels}
        for im in fam.impls.values():
            if im.cpu:
                # left to the host's dispatch, which runs it where the CPU can
                assert im.name in impls.dispatch_members(fam.name), f"{fam.name}/{im.name}"
            else:
                assert im.name in linked, f"{fam.name}/{im.name} is in no library"


def test_selections_are_valid_and_distinct():
    sels = impls.differential_selections()
    fams = impls.families()
    for s in sels:
        for fam, name in s.items():
            for rf, ri in fams[fam].impls[name].requires:
                assert s[rf] == ri, f"{fam}/{name} needs {rf}/{ri}, has {rf}/{s[rf]}"
    assert len({tuple(sorted(s.items())) for s in sels}) == len(sels)


def test_header_lists_libraries_and_algorithms():
    h = impls.differential_header()
    assert h.count('"host"') == 1
    assert '"sha256"' in h and '"fugue_512"' in h
    assert '"sha256"' in h.split("FZ_IMPL_ALGOS")[1]
