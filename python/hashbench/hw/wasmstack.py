"""Runs a yowasp tool's entry script with a deeper WebAssembly call stack.

    python wasmstack.py <yowasp entry script> [tool arguments...]

yowasp-runtime runs the tool on a Python thread under wasmtime's default limit of 512 KiB of
wasm frames.  yosys's recursive passes outgrow it on long combinational paths: abc9's XAiger
analysis visits one frame pair per gate along a path, so SIMD's message expansion, or a chain
of a few hundred gates, ends in "wasm trap: call stack exhausted".  The limit decides only whether
the run traps; the same wasm binary on the same input gives the same netlist under any limit
that lets it finish, so rows stored before and after are one tool set.  What remains is the
program's own stack in linear memory, fixed when yosys.wasm was linked: a path a few thousand
gates deep still ends in an out-of-bounds trap, for which native tools are the way out.

Run as a file, not `-m hashbench...`: the tool's process then imports wasmtime and the runtime
only, not hashbench and its native library."""
from __future__ import annotations

import runpy
import sys
import threading

import wasmtime
from wasmtime import _bindings

# wasmtime caps the wasm stack at its async stack size (2 MiB by default) even when nothing
# runs asynchronously, so that is raised with it, through the C API's setter: wasmtime-py's
# Config has no property for it.  The host thread holds the wasm frames plus
# wasmtime's and Python's own: twice the wasm limit leaves ample room.  Both are address space,
# touched only as deep as a run goes.
WASM_STACK = 512 << 20
THREAD_STACK = 2 * WASM_STACK


_Config = wasmtime.Config


def _deep_config() -> wasmtime.Config:
    """Stands in for `wasmtime.Config`, which the runtime only calls: a plain Config, deeper."""
    config = _Config()
    _bindings.wasmtime_config_async_stack_size_set(config.ptr(), WASM_STACK)
    config.max_wasm_stack = WASM_STACK
    return config


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit("usage: wasmstack.py <yowasp entry script> [arguments...]")
    threading.stack_size(THREAD_STACK)      # the runtime starts the tool's thread after this
    # read by the runtime at run time; without wasmtime installed (CI's lint) mypy sees Any here
    wasmtime.Config = _deep_config          # type: ignore[assignment,misc,unused-ignore]
    sys.argv = list(argv)
    runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
