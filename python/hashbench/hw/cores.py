"""Core discovery: every hdl/<name>/core.toml is a core; nothing is listed by hand."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[3]
REQUIRED = ("algo", "top", "rtl", "block_bits", "digest_bits", "pad")


class CoreError(Exception):
    """A core.toml that cannot be used, or an unknown core."""


def hdl_dir() -> Path:
    return Path(os.environ.get("HASHBENCH_HDL", ROOT / "hdl"))


@dataclass(frozen=True)
class Core:
    name: str                 # folder name under hdl/
    dir: Path
    algo: str                 # hashbench registry name: the oracle
    top: str
    rtl: tuple[Path, ...]     # absolute paths, compile order
    block_bits: int
    digest_bits: int
    pad: str
    pad_args: dict[str, Any] = field(default_factory=dict)
    parameters: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)   # optional keys the flow may read

    @property
    def include_dirs(self) -> list[Path]:
        """Where a tool looks for `include files: hdl/common (hb_core_ports.vh, ...), then the
        folders of the core's RTL."""
        return list(dict.fromkeys([hdl_dir() / "common"] + [f.parent for f in self.rtl]))

    @property
    def block_bytes(self) -> int:
        return self.block_bits // 8

    def blocks(self, msg: bytes) -> list[tuple[bytes, int, bool]]:
        from .padding import scheme
        out: list[tuple[bytes, int, bool]] = scheme(self.pad).blocks(msg, self.block_bytes, **self.pad_args)
        return out


def load(toml_path: Path) -> Core:
    try:
        d = tomllib.loads(toml_path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise CoreError(f"{toml_path}: {e}") from None
    missing = [k for k in REQUIRED if k not in d]
    if missing:
        raise CoreError(f"{toml_path}: missing key(s) {', '.join(missing)}")
    folder = toml_path.parent
    rtl = tuple((folder / f).resolve() for f in d["rtl"])
    for f in rtl:
        if not f.exists():
            raise CoreError(f"{toml_path}: rtl file {f} does not exist")
    bb, db = int(d["block_bits"]), int(d["digest_bits"])
    if bb <= 0 or bb % 8 or db <= 0 or db % 8:
        raise CoreError(f"{toml_path}: block_bits and digest_bits must be positive multiples of 8")
    extra = {k: v for k, v in d.items()
             if k not in REQUIRED and k not in ("pad_args", "parameters")}
    return Core(name=folder.name, dir=folder, algo=d["algo"], top=d["top"], rtl=rtl,
                block_bits=bb, digest_bits=db, pad=d["pad"],
                pad_args=dict(d.get("pad_args", {})), parameters=dict(d.get("parameters", {})),
                extra=extra)


def cores(base: Path | None = None) -> list[Core]:
    """Every core under hdl/, sorted by name."""
    base = base or hdl_dir()
    return [load(p) for p in sorted(base.glob("*/core.toml"))]


def core(name: str, base: Path | None = None) -> Core:
    base = base or hdl_dir()
    p = base / name / "core.toml"
    if not p.exists():
        known = ", ".join(c.name for c in cores(base)) or "none"
        raise CoreError(f"no core {name!r} (hdl/{name}/core.toml); known: {known}")
    return load(p)
