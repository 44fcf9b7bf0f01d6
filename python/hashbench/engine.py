"""The task engine of the long jobs: the FPGA campaign (`hashbench hw campaign`) and the
simulated-target benchmark matrix (`hashbench bench --target T --workers N`).

Dask distributed: a LocalCluster of single-thread worker processes by default, or a running
scheduler's address (`dask scheduler` on one machine, `dask worker ADDRESS` on the others) to
spread the work over machines.  The caller stores each task's result the moment it completes,
so a killed job keeps every finished one."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Client


class EngineMissing(Exception):
    """dask[distributed] is not installed."""


HINT = "pip install 'dask[distributed]' (in the project: .venv/bin/pip install -e '.[hw]')"


def client(workers: int, scheduler: str | None, processes: bool = True) -> Client:
    """A Dask client: to the given scheduler, or to a LocalCluster of `workers` single-thread
    worker processes (no dashboard: several jobs share the machine's ports; no memory limit:
    the simulators, yosys and nextpnr are child processes the nanny cannot see anyway)."""
    import logging
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError as e:
        raise EngineMissing(f"the task engine needs dask[distributed] ({e}): {HINT}") from None
    if scheduler:
        return Client(scheduler)
    # Scheduler-side queuing hands a worker only ~1 task per thread from each large group and
    # sends small groups straight through, ahead of queued ones: without it every task reaches
    # the workers, which run them in the callers' priority order.
    dask.config.set({"distributed.scheduler.worker-saturation": float("inf")})
    cl = LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                      dashboard_address=":0", memory_limit=0, silence_logs=logging.ERROR)
    return Client(cl)


def close(c: Client) -> None:
    """Close the client and, when it made one, its LocalCluster."""
    cluster = c.cluster
    c.close()
    if cluster is not None:
        cluster.close()
