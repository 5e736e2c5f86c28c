"""A budget of processor time for one unit of work: past it, the unit is stopped and named, not left to run.

Every reading and check is meant to be linear in its input, and the tests hold them to it; the
budget is the net under that: a unit that runs past :func:`unit_budget` of its size (many times what
the slowest linear input takes) ends with a problem that names the file and the line its unit
starts at, and the audit goes on with the other files.  The budget counts processor time
(``ITIMER_VIRTUAL``), so a machine busy with other work does not stop a unit; it is kept where
signals can be had (the main thread of a process, on a system with interval timers).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

#: a unit may use this much processor time ...
BASE_SECONDS = 60.0
#: ... and this much per MB of its input (a clean audit takes about 0.4 s per MB, the slowest linear input 15)
SECONDS_PER_MB = 60.0
MB = 1024 * 1024


class OverBudget(BaseException):
    """Raised in the running unit when its budget is spent (a BaseException: no ``except Exception`` keeps it)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"past its budget of {seconds:.0f} s of processor time")
        self.seconds = seconds


def unit_budget(size: int) -> float:
    """The processor time a unit of ``size`` bytes may use."""
    return BASE_SECONDS + SECONDS_PER_MB * size / MB


def size_of(path: str, start: int = 0, end: int | None = None) -> int:
    """The bytes of ``path`` from ``start`` to ``end`` (the end of the file); 0 if it cannot be known."""
    if end is not None:
        return max(0, end - start)
    try:
        return max(0, os.stat(path).st_size - start)
    except OSError:
        return 0


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`OverBudget` in the block once this process has used ``seconds`` of processor time in it."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield  # a signal is delivered to the main thread only: elsewhere (a cluster's worker thread) no budget
        return

    def spent(signum: int, frame: FrameType | None) -> None:
        raise OverBudget(seconds)

    previous = signal.signal(signal.SIGVTALRM, spent)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
