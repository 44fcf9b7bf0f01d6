"""Build the C library into the package as hashbench/_native*.so.

The library is plain C with no Python API.  The extension is the library
plus python/hashbench/_native_module.c, the CPython entry points of the
hashlib-style API (hashbench.new, Hash, hash: one C call per Python call);
hashbench.native loads the same file with ctypes for everything else (see
README: why ctypes)."""
import glob
import importlib.util
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# the host implementation of every family, a run-time dispatch where it has
# one (python/hashbench/impls.py, loaded by path: the package is not importable before it is built)
_ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_hb_impls", _ROOT / "python" / "hashbench" / "impls.py")
impls = importlib.util.module_from_spec(_spec)
sys.modules["_hb_impls"] = impls
_spec.loader.exec_module(impls)

_HOST = impls.host_selection()
SOURCES = ["python/hashbench/_native_module.c", "src/registry.c"] + [str(p.relative_to(_ROOT)) for p in impls.lib_sources(_HOST)]
INCLUDE_DIRS = ["include"] + [str(p.relative_to(_ROOT)) for p in impls.include_dirs(_HOST)]



class ParallelBuildExt(build_ext):
    """Compile the library's files side by side: setuptools compiles one
    extension's sources one after another, and this one is the whole
    library (pip rebuilds it from scratch on every install)."""

    def build_extension(self, ext):
        serial = self.compiler.compile
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

        def compile_all(sources, *args, **kwargs):
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                parts = pool.map(lambda src: serial([src], *args, **kwargs), sources)
                return [obj for objs in parts for obj in objs]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = serial


setup(
    cmdclass={"build_ext": ParallelBuildExt},
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
