"""What every subcommand shares: its argument parser and the exit statuses."""

from __future__ import annotations

import argparse
from datetime import date

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
#: the most worker processes ``--jobs`` may ask for (more than any machine's cores gain nothing)
MAX_JOBS = 256


def job_count(text: str) -> int:
    """An argparse type for ``--jobs N``: a whole number from 1 to :data:`MAX_JOBS`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
    if not 1 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_JOBS}, not {text if len(text) <= 40 else text[:40] + '...'}")
    return value


class CommandParser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line and exits 2, as the rest of the tool does."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n(see {self.prog} --help)\n")


def iso_date(text: str) -> date:
    """An argparse type for ``--since`` / ``--until``: a day written YYYY-MM-DD."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date written YYYY-MM-DD: {text[:40]!r}") from None
