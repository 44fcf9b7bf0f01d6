"""Unicorn: the emulated 32-bit targets (Cortex-M0/M3/M4, Cortex-A9,
ARM7TDMI, RV32IMC, and any target whose target.toml says
simulator = "unicorn").

The firmware runs under Unicorn; cycles come from the per-core model of
hashbench.emu.cycle_models named by the config's `cycle_model` (count_kind
"cycles_model:<model>"); instructions are exact and kept beside them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import TargetUnavailable
from .config import TargetConfig
from .firmware import Toolchain
from .pipeline import Execution, GccBackend, Image

if TYPE_CHECKING:
    from ..emu.cycle_models import Model


class UnicornBackend(GccBackend):
    def __init__(self, cfg: TargetConfig, **options: Any):
        super().__init__(cfg, **options)
        self.toolchain = Toolchain.of(cfg)

    @property
    def model(self) -> Model:
        from ..emu.cycle_models import MODELS
        return MODELS[self.cfg.data.get("cycle_model", self.cfg.name)]

    @property
    def count_kind(self) -> str:
        return f"cycles_model:{self.model.tag}"

    def check(self) -> None:
        try:
            import capstone  # noqa: F401
            import elftools  # noqa: F401
            import unicorn  # noqa: F401
        except ImportError as e:
            raise TargetUnavailable(f"target {self.cfg.name}: missing Python package {e.name}; "
                                    f"install with: pip install {' '.join(self.cfg.pip)}") from None

    def environment(self) -> dict[str, Any]:
        from unicorn.unicorn import __version__ as unicorn_version
        m = self.model
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags),
                "emulator": f"unicorn {unicorn_version}", "cycle_model": m.tag,
                "model_limits": m.limits}

    def execute(self, image: Image, timeout: float) -> Execution:
        from ..emu.engine import EmulationError, EmulationTimeout, Emulator
        machine = self.cfg.data.get("machine", self.cfg.name)
        try:
            res = Emulator(machine, self.model).run(str(image.path), timeout_s=timeout)
        except EmulationTimeout as e:
            return Execution("", "timeout", str(e)[:500])
        except EmulationError as e:
            return Execution("", "crash", str(e)[:500])
        image.info["row"] = {"emulated_seconds": round(res.seconds, 3)}
        return Execution(res.output, "exit")

