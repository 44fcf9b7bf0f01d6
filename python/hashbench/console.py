"""Console output and the usage error shared by every command line module
(cli.py, hw/cli.py, can/cli.py): none of them imports another."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from rich.console import Console

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    #: a command: its parsed arguments in, the exit status out
    Handler = Callable[[argparse.Namespace], int]
    #: what add_subparsers() returns, which each command module adds its parsers to
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

# wide tables stay whole when the output is piped into a file
out = Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 200)
# error lines are never wrapped: scripts and tests match them
err = Console(stderr=True, highlight=False, soft_wrap=True)


class UsageError(Exception):
    """Bad input: exit 2, nothing written."""


def fmt(v: float | None, nd: int = 1) -> str:
    """A number for a table: thousands separated, '-' for none."""
    if v is None:
        return "-"
    if isinstance(v, float) and v >= 1e5:
        return f"{v:,.0f}"
    return f"{v:,.{nd}f}" if isinstance(v, float) else str(v)
