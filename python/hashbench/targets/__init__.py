"""Registry of measuring targets: hashbench.targets.get(name)."""
from __future__ import annotations

import importlib

from .base import Profile, Target, TargetUnavailable, finish_row  # noqa: F401

# target name -> "module:Class" (modules are imported lazily so a missing
# optional dependency of one target never breaks the others)
TARGETS = {
    "host": "host:HostTarget",
    "cortex-m0": "emu:EmuTarget",
    "cortex-m3": "emu:EmuTarget",
    "cortex-m4": "emu:EmuTarget",
    "cortex-a9": "emu:EmuTarget",
    "arm7tdmi": "emu:EmuTarget",
    "rv32imc": "emu:EmuTarget",
    "softcore-rv32": "softcore:SoftcoreTarget",
    "avr": "avr:AvrTarget",
    "mcs51": "mcs51:Mcs51Target",
    "microblaze": "microblaze:MicroblazeTarget",
    "microblaze-area": "microblaze:MicroblazeTarget",
}


def names() -> list[str]:
    return sorted(TARGETS)


def get(name: str) -> Target:
    if name not in TARGETS:
        raise KeyError(f"unknown target {name!r}; known: {', '.join(names())}")
    mod, cls = TARGETS[name].split(":")
    klass = getattr(importlib.import_module(f"{__name__}.{mod}"), cls)
    # a class serving several targets takes the target name
    return klass(name) if mod in ("emu", "microblaze") else klass()
