"""Running work on every core: worker processes, results in input order, a bounded number in flight.

A worker never outlives the process that started it: killed outright (``kill -9``, a CI runner's
timeout, the memory killer), the parent cannot stop its workers, so each worker asks the kernel to
kill it when its parent dies (Linux: ``prctl(PR_SET_PDEATHSIG)``), or elsewhere watches its parent
from a thread and ends itself when it is gone.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
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


#: prctl's option that names the signal a process gets when its parent dies (linux/prctl.h)
PR_SET_PDEATHSIG = 1
#: how often a worker without that signal looks for its parent
PARENT_WATCH_SECONDS = 0.5


def _ask_death_signal() -> bool:
    """Linux: have the kernel send SIGKILL to this process when its parent dies. False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return False


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent is gone (it is then adopted: its parent id changes)."""
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH_SECONDS)
    os._exit(70)  # no clean-up to do: the work is the parent's, and the parent is gone


def die_with_parent(watch: bool | None = None) -> None:
    """Make this worker end when its parent ends: by the kernel's death signal where there is one, else
    (or with ``watch``) by a thread that watches the parent."""
    parent = os.getppid()
    asked = _ask_death_signal() if not watch else False
    if not asked:
        threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(70)


def _init_worker(setup: Callable[..., None] | None, args: tuple[Any, ...]) -> None:
    die_with_parent()
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
