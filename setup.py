"""Build the C library into the package as hashbench/_native*.so.

The library is plain C with no Python API; it is compiled as an
"extension" only so that pip builds and ships it, and hashbench.native
loads it with ctypes (see README: why ctypes)."""
import glob
import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, setup

# the default implementation of every family (python/hashbench/impls.py,
# loaded by path: the package is not importable before it is built)
ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_hb_impls", ROOT / "python" / "hashbench" / "impls.py")
_impls = importlib.util.module_from_spec(_spec)
sys.modules["_hb_impls"] = _impls  # dataclasses look their module up
_spec.loader.exec_module(_impls)
SOURCES = ["src/registry.c"] + [str(p.relative_to(ROOT)) for p in _impls.lib_sources()]

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
