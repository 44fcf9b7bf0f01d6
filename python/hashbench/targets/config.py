"""One config per target: targets/<name>/target.toml, read by every tool.

A target is a folder with a target.toml (and its HAL); the folders are
discovered, never listed by hand.  Paths in the file (`hal`, `hal_header`,
`include`, and any flag starting with ./ or ../) are relative to the
target's folder.  The keys are documented in docs/ADDING_A_TARGET.md.
"""
from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypedDict

from .. import impls

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[3]
TARGETS_DIR = ROOT / "targets"


class ConfigError(ValueError):
    """A target.toml that names something unknown or misses a key."""


@dataclass
class Profile:
    """Platform facts the figures are computed with ([profile] of target.toml)."""
    clock_hz: float
    supply_v: float | None = None
    active_ma: float | None = None
    source: str = ""

    @property
    def active_w(self) -> float | None:
        if self.supply_v is None or self.active_ma is None:
            return None
        return self.supply_v * self.active_ma / 1000.0

    @classmethod
    def of(cls, d: dict[str, Any]) -> Profile:
        return cls(clock_hz=float(d.get("clock_hz", 1e8)), supply_v=d.get("supply_v"),
                   active_ma=d.get("active_ma"), source=d.get("source", ""))


class Toolchain(TypedDict):
    cc: str
    ar: str
    nm: str
    cflags: list[str]
    ldflags: list[str]
    include: list[str]     # absolute folders
    hal: list[str]         # absolute C files
    hal_header: str        # absolute, "" if none


@dataclass
class TargetConfig:
    name: str
    folder: Path
    data: dict[str, Any] = field(repr=False)   # target.toml as read

    # ---- plain keys ---------------------------------------------------------
    @property
    def description(self) -> str:
        return str(self.data.get("description", ""))

    @property
    def simulator(self) -> str:
        return str(self.data["simulator"])

    @property
    def apt(self) -> tuple[str, ...]:
        return tuple(self.data.get("apt", ()))

    @property
    def pip(self) -> tuple[str, ...]:
        return tuple(self.data.get("pip", ()))

    @property
    def executables(self) -> tuple[str, ...]:
        tc = self.data.get("toolchain", {})
        return tuple(self.data.get("executables", [tc["cc"]] if "cc" in tc else []))

    def run_opt(self, key: str, default: Any = None) -> Any:
        return self.data.get("run", {}).get(key, default)

    @property
    def memory(self) -> dict[str, Any]:
        return dict(self.data.get("memory", {}))

    @property
    def profile(self) -> Profile:
        return Profile.of(self.data.get("profile", {}))

    def path(self, p: str) -> Path:
        return (self.folder / p).resolve()

    def _flag(self, f: str) -> str:
        return str(self.path(f)) if f.startswith(("./", "../")) else f

    # ---- toolchain ------------------------------------------------------------
    def toolchain(self, **subst: object) -> Toolchain:
        """cc, ar, nm, cflags, ldflags, include, hal, hal_header with paths
        made absolute and {key} placeholders filled from `subst`."""
        tc = dict(self.data.get("toolchain", {}))

        def fill(s: str) -> str:
            return s.format(**subst) if subst else s

        out: Toolchain = {"cc": fill(tc.get("cc", "")), "ar": fill(tc.get("ar", "")), "nm": fill(tc.get("nm", "")),
               "cflags": [self._flag(fill(f)) for f in tc.get("cflags", [])],
               "ldflags": [self._flag(fill(f)) for f in tc.get("ldflags", [])],
               "include": [str(self.path(p)) for p in tc.get("include", [])],
               "hal": [str(self.path(p)) for p in tc.get("hal", [])],
               "hal_header": str(self.path(tc["hal_header"])) if "hal_header" in tc else ""}
        return out

    # ---- implementations --------------------------------------------------------
    @property
    def impl_config(self) -> dict[str, Any]:
        """[impls] of this target, or of the target whose image it runs (firmware_of)."""
        if "impls" not in self.data and "firmware_of" in self.data:
            return load(self.data["firmware_of"]).impl_config
        cfg: dict[str, Any] = self.data.get("impls", {})
        return cfg

    def selection(self) -> dict[str, str]:
        """The form of every family this target builds unless asked otherwise."""
        return impls.select(self.impl_config.get("select", {}))

    def candidates(self, algo: str) -> list[str]:
        """Implementations of `algo` measured side by side here (the
        selected one first)."""
        fam = impls.deciding_family(algo)
        if fam is None:
            return [impls.SINGLE]
        chosen = self.selection()[fam]
        listed = self.impl_config.get("candidates", {}).get(fam, [])
        known = impls.implementations(algo)
        for i in listed:
            if i not in known:
                raise ConfigError(f"{self.folder / 'target.toml'}: {fam}/{i} is not an implementation "
                                  f"(known: {', '.join(known)})")
        return [chosen] + [i for i in listed if i != chosen]

    # ---- availability -------------------------------------------------------------
    def missing(self) -> list[str]:
        """What is not installed: executables, files proving packages, Python modules."""
        miss = [e for e in self.executables if shutil.which(os.path.expanduser(e)) is None
                and not Path(os.path.expanduser(e)).exists()]
        miss += [f"{pkg} ({p})" for pkg, p in self.data.get("files", {}).items() if not Path(p).exists()]
        return miss

    def install_hint(self) -> str:
        hint = []
        if self.apt:
            hint.append("apt-get install " + " ".join(self.apt))
        if self.pip:
            hint.append("pip install " + " ".join(self.pip))
        if self.data.get("install"):
            hint.append(self.data["install"])
        return "; ".join(hint)


@cache
def load(name: str) -> TargetConfig:
    f = TARGETS_DIR / name / "target.toml"
    if not f.exists():
        raise KeyError(f"unknown target {name!r}; known: {', '.join(names())}")
    try:
        data = tomllib.loads(f.read_text())
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{f}: {e}") from None
    if "simulator" not in data:
        raise ConfigError(f"{f}: no 'simulator' key")
    return TargetConfig(name, f.parent, data)


def names() -> list[str]:
    """Every target: the folders of targets/ that have a target.toml."""
    return sorted(p.parent.name for p in TARGETS_DIR.glob("*/target.toml"))
