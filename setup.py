"""Build the C library into the package as hashbench/_native*.so.

The library is plain C with no Python API; it is compiled as an
"extension" only so that pip builds and ships it, and hashbench.native
loads it with ctypes (see README: why ctypes)."""
import glob

from setuptools import Extension, setup

SOURCES = sorted(["src/registry.c"] + glob.glob("src/modes/*.c") + glob.glob("src/algos/*/*.c"))

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
