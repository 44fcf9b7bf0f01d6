#!/usr/bin/env python3
"""The implementation registry for the Makefile (standard library only).

    tools/impls.py mk                  make rules: one KAT build per implementation
    tools/impls.py sources [FAM=IMPL]  library sources of a selection
    tools/impls.py include [FAM=IMPL]  -I flags of a selection (header-level kernels)
    tools/impls.py list                every family's implementations
    tools/impls.py fuzz-mk             make rules of fuzz_impls (one library per selection)
    tools/impls.py fuzz-h              fuzz_impls.c's list of libraries and algorithms
"""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("impls", ROOT / "python" / "hashbench" / "impls.py")
impls = importlib.util.module_from_spec(spec)
sys.modules["impls"] = impls
spec.loader.exec_module(impls)


def main(argv):
    cmd = argv[0] if argv else "list"
    if cmd == "mk":
        sys.stdout.write(impls.make_fragment())
    elif cmd == "sources":
        sel = impls.select(dict(a.split("=", 1) for a in argv[1:]))
        print(" ".join(str(p.relative_to(ROOT)) for p in impls.lib_sources(sel)))
    elif cmd == "include":
        sel = impls.select(dict(a.split("=", 1) for a in argv[1:]))
        print(" ".join("-I" + str(p.relative_to(ROOT)) for p in impls.include_dirs(sel)))
    elif cmd == "fuzz-mk":
        sys.stdout.write(impls.differential_fragment())
    elif cmd == "fuzz-h":
        sys.stdout.write(impls.differential_header())
    elif cmd == "list":
        for fam in impls.families().values():
            for im in fam.impls.values():
                mark = " (default)" if im.name == fam.default else ""
                print(f"{fam.name}/{im.name}{mark}: {im.summary}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
