"""Unicorn: the emulated 32-bit targets (Cortex-M0/M3/M4, Cortex-A9,
ARM7TDMI, RV32IMC, and any target whose target.toml says
simulator = "unicorn").

The firmware runs under Unicorn; cycles come from the per-core model of
hashbench.emu.cycle_models named by the config's `cycle_model` (count_kind
"cycles_model:<model>"); instructions are exact and kept beside them."""
from __future__ import annotations

from .base import TargetUnavailable
from .firmware import BuildError, Toolchain, build_image, build_library, code_bytes
from .pipeline import Backend, BuildParams, Execution, Image


class UnicornBackend(Backend):
    def __init__(self, cfg, **options):
        super().__init__(cfg, **options)
        self.toolchain = Toolchain.of(cfg)

    @property
    def model(self):
        from ..emu.cycle_models import MODELS
        return MODELS[self.cfg.data.get("cycle_model", self.cfg.name)]

    @property
    def count_kind(self) -> str:  # type: ignore[override]
        return f"cycles_model:{self.model.tag}"

    def check(self) -> None:
        try:
            import capstone  # noqa: F401
            import elftools  # noqa: F401
            import unicorn  # noqa: F401
        except ImportError as e:
            raise TargetUnavailable(f"target {self.cfg.name}: missing Python package {e.name}; "
                                    f"install with: pip install {' '.join(self.cfg.pip)}") from None

    def environment(self) -> dict:
        import unicorn
        m = self.model
        return {"compiler": self.toolchain.version(), "flags": " ".join(self.toolchain.cflags),
                "emulator": f"unicorn {unicorn.__version__}", "cycle_model": m.tag,
                "model_limits": m.limits}

    def build(self, algo: str, sel: dict, p: BuildParams) -> Image:
        from .. import native
        a = native.find(algo)
        outdir = self.outdir()
        lib = build_library(self.toolchain, outdir, sel)
        maxmsg = max([*p.sizes, p.check_n, 1])
        blocks = p.blocks if p.blocks * a.block_size <= max(maxmsg, 1 << 16) else 0
        mm = max(maxmsg, blocks * a.block_size)
        from .. import impls
        elf, mp = build_image(self.toolchain, algo, outdir / f"{algo}@{impls.algo_tag(algo, sel)}" / p.subdir(),
                              lib, p.sizes, blocks, mm, p.check_n, p.xof_out, sel=sel, workload=p.workload)
        return Image(elf, code_bytes(mp))

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


__all__ = ["UnicornBackend", "BuildError"]
