"""Running work on every core: worker processes, results in input order, a bounded number in flight."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

#: how many units may be queued or finished but not yet written, per worker
WINDOW_PER_JOB = 3


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)



T = TypeVar("T")
R = TypeVar("R")


def _tune_gc() -> None:
    """Workers allocate many small, short-lived objects: collect less often."""
    gc.freeze()
    gc.set_threshold(20000, 50, 100)


class fewer_collections:
    """The same tuning for a while in this process (the CLI's single-process run)."""

    def __enter__(self) -> None:
        self.saved = gc.get_threshold()
        gc.set_threshold(20000, 50, 100)

    def __exit__(self, *exc: object) -> None:
        gc.set_threshold(*self.saved)


def _init_worker(setup: Callable[..., None] | None, args: tuple[Any, ...]) -> None:
    _tune_gc()
    if setup is not None:
        setup(*args)


def run_ordered(
    work: Callable[[T], R],
    items: Iterable[T],
    jobs: int,
    setup: Callable[..., None] | None = None,
    setup_args: tuple[Any, ...] = (),
    start_method: str = "forkserver",
) -> Iterator[R]:
    """``map(work, items)`` on ``jobs`` processes, in order, a bounded number in flight."""
    if jobs <= 1:
        if setup is not None:
            setup(*setup_args)
        for item in items:
            yield work(item)
        return
    context = multiprocessing.get_context(start_method)
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker, initargs=(setup, setup_args)) as pool:
        yield from in_order(lambda item: pool.submit(work, item), items, jobs)


def in_order(submit: Callable[[T], Any], items: Iterable[T], workers: int) -> Iterator[Any]:
    """The results of ``submit(item)`` (a future: ``.result()``, ``.cancel()``) in input order,
    at most ``WINDOW_PER_JOB`` per worker in flight; what is still pending is cancelled when the
    consumer stops early. Shared by the process pool and the Dask runner."""
    window = max(2, workers * WINDOW_PER_JOB)
    pending: deque[Any] = deque()
    try:
        for item in items:
            pending.append(submit(item))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
