"""Console output and the usage error shared by every command line module
(cli.py, hw/cli.py, can/cli.py): none of them imports another."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from rich.console import Console

    #: a command: its parsed arguments in, the exit status out
    Handler = Callable[[argparse.Namespace], int]
    #: what add_subparsers() returns, which each command module adds its parsers to
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

_consoles: dict[str, Console] = {}


def __getattr__(name: str) -> Console:
    """`out` and `err`, made on first use: importing rich takes longer
    than `hashbench hash` needs for a small file, and it prints nothing
    through them unless something goes wrong."""
    if name not in ("out", "err"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _consoles:
        from rich.console import Console
        if name == "out":
            # wide tables stay whole when the output is piped into a file
            _consoles[name] = Console(highlight=False, soft_wrap=True,
                                      width=None if sys.stdout.isatty() else 200)
        else:
            # error lines are never wrapped: scripts and tests match them
            _consoles[name] = Console(stderr=True, highlight=False, soft_wrap=True)
    return _consoles[name]


class UsageError(Exception):
    """Bad input: exit 2, nothing written."""


def fmt(v: float | None, nd: int = 1) -> str:
    """A number for a table: thousands separated, '-' for none."""
    if v is None:
        return "-"
    if isinstance(v, float) and v >= 1e5:
        return f"{v:,.0f}"
    return f"{v:,.{nd}f}" if isinstance(v, float) else str(v)
