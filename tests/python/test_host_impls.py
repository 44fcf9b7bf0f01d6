"""The host dispatch (src/common/hb_dispatch.h): every form it links and
this CPU runs passes the KATs, the automatic choice is the fastest runnable
form, and HASHBENCH_IMPL / set_impl force one."""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys

import pytest

from hashbench import impls, kat, native
from hashbench.targets.host import host_impl

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


def test_sha2_each_width_runs_the_form_reported():
    """SHA-256 and SHA-512 are chosen apart (shani speeds up the one, avx2
    the other): for every forced form and the automatic choice, the kernel
    the library runs for each algorithm is the one host_impl reports."""
    of = native.lib().hb_sha2_impl_of
    of.restype, of.argtypes = ctypes.c_char_p, [ctypes.c_uint]
    run = native.runnable_impls("sha2")
    seen = set()
    try:
        for form in [*run, None]:
            assert native.set_impl("sha2", form)
            for name in _users("sha2"):
                bits = 512 if native.find(name).block_size == 128 else 256
                ran = of(bits).decode()
                assert host_impl(name) == ran, (form, name)
                seen.add((bits, ran))
            if form is None:
                # automatically, each width runs the first runnable form that speeds it up
                f = impls.families()["sha2"]
                for bits, algo in ((256, "sha256"), (512, "sha512")):
                    want = next(m for m in run if not f.impls[m].only or algo in f.impls[m].only)
                    assert of(bits).decode() == want
    finally:
        native.set_impl("sha2", None)
    # the portable form ran both widths, and each width's kernel ran where the CPU has it
    assert {(256, "unrolled"), (512, "unrolled")} <= seen
    assert ("avx2" not in run) or (512, "avx2") in seen
    assert ("shani" not in run) or (256, "shani") in seen
