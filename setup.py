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
_spec = importlib.util.spec_from_file_location("impls", Path(__file__).parent / "python" / "hashbench" / "impls.py")
impls = importlib.util.module_from_spec(_spec)
sys.modules["impls"] = impls
_spec.loader.exec_module(impls)
ROOT = Path(__file__).resolve().parent
SOURCES = ["src/registry.c"] + [str(p.relative_to(ROOT)) for p in impls.lib_sources(impls.host_selection())]

setup(
    ext_modules=[
        Extension(
            "hashbench._native",
            sources=SOURCES,
            include_dirs=["include"],
            extra_compile_args=["-std=c99", "-O2", "-Wall", "-Wextra"],
            depends=glob.glob("include/*.h") + glob.glob("src/**/*.h", recursive=True) + ["src/algos.def"],
        )
    ]
)
