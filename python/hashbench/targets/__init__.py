"""Measuring targets: hashbench.targets.get(name).

A target is a folder targets/<name>/ with a target.toml (config.py); its
`simulator` key picks the backend below, the one piece of code a new kind of
simulator adds to the firmware pipeline (pipeline.py).  The host is timed
natively (host.py)."""
from __future__ import annotations

import importlib
from typing import Any

from .base import Target, TargetUnavailable, finish_row
from .config import ConfigError, Profile, load, names

__all__ = ["Target", "TargetUnavailable", "finish_row", "ConfigError", "Profile", "load", "names", "get",
           "SIMULATORS"]

# simulator -> "module:Backend" (imported lazily: a missing optional
# dependency of one simulator never breaks the others)
SIMULATORS = {
    "unicorn": "emu:UnicornBackend",
    "simavr": "avr:SimavrBackend",
    "s51": "mcs51:S51Backend",
    "picorv32": "softcore:PicoRV32Backend",
    "qemu-microblaze": "microblaze:QemuMicroblazeBackend",
}


def get(name: str, **options: Any) -> Target:
    """The target of targets/<name>/target.toml; options go to its backend
    (avr: mcu=..., opt=...)."""
    cfg = load(name)
    if cfg.simulator == "native":
        from .host import HostTarget
        return HostTarget(cfg)
    if cfg.simulator not in SIMULATORS:
        raise ConfigError(f"{cfg.folder / 'target.toml'}: unknown simulator {cfg.simulator!r} "
                          f"(known: native, {', '.join(SIMULATORS)})")
    from .pipeline import FirmwareTarget
    mod, cls = SIMULATORS[cfg.simulator].split(":")
    backend = getattr(importlib.import_module(f"{__name__}.{mod}"), cls)(cfg, **options)
    return FirmwareTarget(cfg, backend)
