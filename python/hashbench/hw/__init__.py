"""Hardware cores: discovery (hdl/*/core.toml), host-side padding, vector generation,
simulation against the C library (iverilog), the open synthesis flow and the time model.
See hdl/README.md for the core interface."""
from .cores import Core, CoreError, core, cores, hdl_dir

__all__ = ["Core", "CoreError", "core", "cores", "hdl_dir"]
