"""The host dispatch (src/common/hb_dispatch.h): every form it links and
this CPU runs passes the KATs, the automatic choice is the fastest runnable
form, and HASHBENCH_IMPL / set_impl force one."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from hashbench import impls, kat, native

DISPATCH = [f.name for f in impls.families().values() if f.impls[f.host].dispatch]


def _users(fam: str) -> list[str]:
    return [n for n in impls.algorithm_names() if impls.deciding_family(n) == fam]


def test_some_family_dispatches():
    assert "sha2" in DISPATCH and "keccak" in DISPATCH


@pytest.mark.parametrize("fam", DISPATCH)
def test_auto_choice_is_first_runnable(fam):
    run = native.runnable_impls(fam)
    members = impls.dispatch_members(fam)
    default = impls.families()[fam].default
    assert default in run, "the portable form must always run"
    assert set(run) <= set(members)
    assert native.set_impl(fam, None)
    assert native.active_impl(fam) == run[0]
    assert not native.set_impl(fam, "no-such-form")
    assert native.active_impl(fam) == run[0]


@pytest.mark.parametrize("fam", DISPATCH)
def test_kat_every_runnable_form(fam):
    ran = []
    try:
        for form in native.runnable_impls(fam):
            assert native.set_impl(fam, form)
            assert native.active_impl(fam) == form
            total = 0
            for name in _users(fam):
                ok, bad, _ = kat.run(name, monte_carlo=False)
                assert bad == 0, f"{fam}/{form}: {name} failed {bad} KATs"
                total += ok
            assert total > 0, f"{fam}: no KATs"
            ran.append(form)
    finally:
        native.set_impl(fam, None)
    print(f"{fam}: KATs passed on {', '.join(ran)}")
    assert ran


@pytest.mark.parametrize("fam", DISPATCH)
def test_env_forces_a_form(fam):
    default = impls.families()[fam].default
    code = f"from hashbench import native; print(native.active_impl({fam!r}))"
    for want, got in ((f"{fam}={default}", default), (f"other=x,{fam}=no-such-form", native.runnable_impls(fam)[0])):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={**os.environ, "HASHBENCH_IMPL": want}, check=True)
        assert r.stdout.strip() == got, want
