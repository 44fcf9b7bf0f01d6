"""Say in every test run which implementation each host dispatch runs
(src/common/hb_dispatch.h): the differential tests repeat over every form
this CPU can execute, and a log should show which those were."""
from __future__ import annotations


def pytest_report_header(config):
    try:
        from hashbench import impls, native
        fams = [f for f in impls.families().values() if f.impls[f.host].dispatch]
        runs = ", ".join(f"{f.name}: {native.active_impl(f.name)} (runnable: {' '.join(native.runnable_impls(f.name))})"
                         for f in fams)
    except Exception as e:  # the header must never stop a test run
        return f"host kernels: unknown ({e})"
    return f"host kernels: {runs or 'portable only'}"
