"""The target layer: one class per place where code runs and is measured.

A target builds (if needed) and runs the measuring code, proves every
algorithm correct on the target first (a checksum compared with the host
library), and yields one result row per (algorithm, message size).  The CLI
writes each row to the store as soon as it is yielded, so a run killed half
way keeps everything already measured.

Row schema (dict), shared by every target; keys not known to a target are
None:
  algo, target, impl, size, kind ("size" or "blocks"), reps,
  median, q1, q3, min, max        counts in the unit of count_kind
  count_kind      "cycles_exact" | "cycles_model:<model>" | "instructions"
                  | "tsc_cycles" (host: TSC reference cycles)
  instructions    raw instruction count where the target has one
  cycles_per_byte median / size (None for size 0)
  clock_hz        clock the time/throughput/energy figures assume
  time_us, mbps   at clock_hz
  energy_uj       at the profile's active power
  verified        True when the on-target checksum matched the host's
  code_bytes, ram_bytes, stack_bytes, ctx_bytes, static_bytes
                  (one definition for every target: targets/pipeline.py)
  error           text when this algorithm could not be measured here
                  (then the count fields are None)
"""
from __future__ import annotations

import shutil
from collections.abc import Iterable, Iterator
from typing import Any

from .config import Profile as Profile  # re-exported: host.py imports it from here
from .config import TargetConfig

#: one measurement (or one error) of one algorithm on one target: the
#: columns above, plus target-specific fields the store keeps in `extra`
Row = dict[str, Any]


class TargetUnavailable(Exception):
    """The target's toolchain or simulator is missing.  The message names
    the apt packages (or pip packages) to install."""


class Target:
    name = "?"
    description = ""
    #: apt packages that provide the toolchain and simulator
    apt_packages: tuple[str, ...] = ()
    #: executables that must be on PATH
    executables: tuple[str, ...] = ()
    cfg: TargetConfig
    profile: Profile

    def missing(self) -> list[str]:
        """Executables that are not installed (empty when usable)."""
        return [e for e in self.executables if shutil.which(e) is None]

    def install_hint(self) -> str:
        """How to get what missing() lists."""
        return "apt-get install " + " ".join(self.apt_packages)

    def check(self) -> None:
        miss = self.missing()
        if miss:
            raise TargetUnavailable(
                f"target {self.name}: missing {', '.join(miss)}; install with: "
                f"apt-get install {' '.join(self.apt_packages)}")

    def environment(self) -> dict[str, Any]:
        """Compiler, flags, simulator versions: stored with every row."""
        return {}

    def run(self, algos: Iterable[str], sizes: list[int], blocks: int = 0,
            **options: Any) -> Iterator[Row]:
        raise NotImplementedError


def finish_row(row: Row, profile: Profile | None) -> Row:
    """Derive cycles/byte, time, throughput and energy from the counts."""
    med, size = row.get("median"), row.get("size")
    row.setdefault("cycles_per_byte", (med / size) if med is not None and size else None)
    if profile and med is not None and row.get("count_kind") != "instructions":
        t = med / profile.clock_hz
        row["clock_hz"] = profile.clock_hz
        row["time_us"] = t * 1e6
        row["mbps"] = (size / t / 1e6) if size and t > 0 else None
        w = profile.active_w
        row["energy_uj"] = (w * t * 1e6) if w is not None else None
    return row
