"""What every subcommand shares: its argument parser and the exit statuses."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import date
from typing import Any

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
    """argparse as linters have it: bad usage said in one line with exit 2, options and files in any
    order (``a.txt --format lint b.txt``), no abbreviated options, and an unknown option named before
    anything found missing."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # `--outp` is no `--output`: a later option must not change old commands
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n(see {self.prog} --help)\n")

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> argparse.Namespace:  # type: ignore[override]
        argv = list(sys.argv[1:] if args is None else args)
        unknown, positional = self._scan(argv)
        if unknown:
            self.error(f"unrecognized option{'s' if len(unknown) > 1 else ''}: {' '.join(unknown)}")
        if "--" in argv and not positional:
            # only options before `--`: read as they stand (Python 3.11's intermixed reading drops
            # that `--` and takes the file `-odd.txt` after it for an option)
            return super().parse_args(argv, namespace)
        return self.parse_intermixed_args(argv, namespace)

    def _scan(self, argv: Sequence[str]) -> tuple[list[str], bool]:
        """The words of ``argv`` before any ``--`` that look like options this parser does not have,
        and whether a word there is a positional argument."""
        takes_value = {s for a in self._actions if a.nargs != 0 for s in a.option_strings}
        unknown: list[str] = []
        positional = skip = False
        for word in argv:
            if skip:
                skip = False
                continue
            if word == "--":
                break
            if not word.startswith("-") or word == "-" or self._negative_number_matcher.match(word):
                positional = True
                continue
            name = word.split("=", 1)[0] if word.startswith("--") else word[:2]
            if name not in self._option_string_actions:
                unknown.append(word.split("=", 1)[0])
            elif name in takes_value and name == word:
                skip = True  # its value follows, whatever it looks like
        return unknown, positional


def iso_date(text: str) -> date:
    """An argparse type for ``--since`` / ``--until``: a day written YYYY-MM-DD."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date written YYYY-MM-DD: {text[:40]!r}") from None
