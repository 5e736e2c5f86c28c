"""Running the audit's units on a Dask cluster (``--dask SCHEDULER``; the ``cluster`` extra).

Every unit (a whole file, or a cut of whole games of a big text file, as for ``--jobs``) is one
Dask task, run by :func:`_task` in a worker process; the client submits a bounded window of tasks
and takes their results strictly in input order, so the report and the tables are those of
``--jobs``, and the client's memory does not grow with the input.  The workers read the files at
the paths the client names, so on several machines the files must be on a file system they all
share, as must ``stats --out``'s folder; ``docs/scale.md`` says how to set one up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .pool import in_order

T = TypeVar("T")
R = TypeVar("R")

INSTALL = "pip install 'euchre-audit[cluster]'"
#: seconds to wait for a scheduler's answer before giving up
CONNECT_TIMEOUT = 10


class ClusterError(Exception):
    """The cluster cannot be used: Dask is missing, or the scheduler does not answer."""


def _task(work: Callable[[T], R], setup: Callable[..., None], setup_args: tuple[Any, ...], item: T) -> R:
    setup(*setup_args)  # cheap after the first task of a worker: the options are compared, not reloaded
    return work(item)


class DaskRunner:
    """Runs ``work`` over items on a Dask cluster, in order, a bounded number in flight."""

    def __init__(self, client: Any, cluster: Any = None) -> None:
        self.client, self.cluster = client, cluster

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def __call__(self, work: Callable[[T], R], items: Iterable[T], setup: Callable[..., None],
                 setup_args: tuple[Any, ...]) -> Iterator[R]:
        yield from in_order(lambda item: self.client.submit(_task, work, setup, setup_args, item, pure=False),
                            items, self.workers)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def dask_runner(address: str, jobs: int) -> DaskRunner:
    """A runner on the scheduler at ``address`` (``tcp://host:8786``), or on a new cluster of
    ``jobs`` single-threaded worker processes on this machine (``local``)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(f"Dask is not installed: {INSTALL}") from None
    if address == "local":
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0")
        return DaskRunner(Client(cluster), cluster)
    try:
        return DaskRunner(Client(address, timeout=CONNECT_TIMEOUT))
    except (OSError, TimeoutError, ValueError) as err:
        raise ClusterError(f"no Dask scheduler answers at {address} ({err})") from None


def open_runner(address: str | None, jobs: int) -> tuple[DaskRunner | None, int]:
    """The runner for ``--dask ADDRESS`` and the number of workers to cut the units for; no
    runner (the process pool, ``jobs`` workers) without it. Raises :class:`ClusterError`."""
    if not address:
        return None, jobs
    runner = dask_runner(address, jobs)
    return runner, runner.workers
