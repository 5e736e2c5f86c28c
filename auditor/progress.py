"""The progress bar of a long audit or ``stats``: bytes of input done, on standard error.

Drawn by tqdm (rate, ETA, the terminal's width), only when standard error is a terminal, and
only once a run has lasted a second, so a short audit never shows one.  It counts the bytes of
the units done, so one big file cut into pieces shows true progress.  When the report goes to
the same terminal, the bar steps aside for every write (tqdm's ``external_write_mode``), once it
has been shown: a bar drawn back before its delay is one ``close()`` does not know to clear, and
it stayed on the terminal after the ruling.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from .units import Unit

#: seconds before the bar first appears, and at least between two drawings of it
DELAY = 1.0
MININTERVAL = 0.1


def unit_bytes(unit: Unit) -> int:
    if unit.end is not None:
        return unit.end - unit.start
    try:
        return os.stat(unit.path).st_size - unit.start
    except OSError:
        return 0


def total_bytes(paths: list[Any]) -> int:
    total = 0
    for path in paths:
        try:
            total += os.stat(path).st_size
        except OSError:
            pass
    return total


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Progress:
    """Bytes done out of ``total``; does nothing unless ``err`` is a terminal (and ``enabled``)."""

    def __init__(self, err: TextIO, total: int, what: str = "audit", enabled: bool = True) -> None:
        self.enabled = enabled and _is_terminal(err)
        self.bar: Any = None
        if self.enabled:
            from tqdm import tqdm

            self.bar = tqdm(total=total, file=err, unit="B", unit_scale=True, unit_divisor=1024, desc=what,
                            delay=DELAY, mininterval=MININTERVAL, dynamic_ncols=True, leave=False,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}]")

    def done(self, unit: Unit) -> None:
        if self.bar is not None:
            self.bar.update(unit_bytes(unit))

    def note(self, text: str, err: TextIO) -> None:
        """Write a line to standard error without tearing the bar."""
        with aside(self.bar):
            err.write(text)

    def beside(self, out: TextIO) -> TextIO:
        """``out``, or when it is the terminal too, a stream that clears the bar before each write."""
        if self.bar is None or not _is_terminal(out):
            return out
        return _BesideBar(out, self.bar)  # type: ignore[return-value]

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def shown(bar: Any) -> bool:
    """Has tqdm drawn ``bar`` (its delay past, and a drawing since)?"""
    return bar is not None and not bar.disable and bar.last_print_t >= bar.start_t + bar.delay


@contextmanager
def aside(bar: Any) -> Iterator[None]:
    """Writes made within are not torn by ``bar``: tqdm clears it (and every bar on its terminal) and
    draws it again after.  A bar not shown yet is left alone: drawn now, it would be one that
    ``close()`` thinks was never shown, and leaves behind."""
    if not shown(bar):
        yield
        return
    with bar.external_write_mode(file=bar.fp):
        yield


class _BesideBar:
    def __init__(self, out: TextIO, bar: Any) -> None:
        self.out, self.bar = out, bar

    def write(self, text: str) -> int:
        if not text:
            return 0
        with aside(self.bar):
            n = self.out.write(text)
            self.out.flush()
        return n

    def flush(self) -> None:
        self.out.flush()

    def isatty(self) -> bool:
        return True
