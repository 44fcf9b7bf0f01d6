"""Host-side padding schemes, one module per scheme (hdl/README.md).

Each module exports ``blocks(msg, block_bytes, **pad_args)`` returning
``[(block, count, last), ...]``: the padded blocks a core processes, in order."""
from __future__ import annotations

import importlib
from types import ModuleType


def scheme(name: str) -> ModuleType:
    """The padding module `name` (python/hashbench/hw/padding/<name>.py)."""
    if not name.isidentifier():
        raise ValueError(f"bad padding scheme name {name!r}")
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name == f"{__name__}.{name}":
            raise ValueError(f"no padding scheme {name!r} "
                             f"(python/hashbench/hw/padding/{name}.py)") from None
        raise
