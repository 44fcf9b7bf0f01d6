"""Build the C library into the package as hashbench/_native*.so.

The library is plain C with no Python API; it is compiled as an
"extension" only so that pip builds and ships it, and hashbench.native
loads it with ctypes (see README: why ctypes)."""
import glob
import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, setup

# the host implementation of every family, a run-time dispatch where it has
# one (python/hashbench/impls.py, loaded by path: the package is not importable before it is built)
_ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_hb_impls", _ROOT / "python" / "hashbench" / "impls.py")
impls = importlib.util.module_from_spec(_spec)
sys.modules["_hb_impls"] = impls
_spec.loader.exec_module(impls)

_HOST = impls.host_selection()
SOURCES = ["src/registry.c"] + [str(p.relative_to(_ROOT)) for p in impls.lib_sources(_HOST)]
INCLUDE_DIRS = ["include"] + [str(p.relative_to(_ROOT)) for p in impls.include_dirs(_HOST)]

setup(
    ext_modules=[
        Extension(
            "hashbench._native",
            sources=SOURCES,
            include_dirs=INCLUDE_DIRS,
            extra_compile_args=["-std=c99", "-O2", "-Wall", "-Wextra"],
            depends=glob.glob("include/*.h") + glob.glob("src/**/*.h", recursive=True) + ["src/algos.def"],
        )
    ]
)
