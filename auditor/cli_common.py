"""What every subcommand shares: its argument parser and the exit statuses."""

from __future__ import annotations

import argparse

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class CommandParser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line and exits 2, as the rest of the tool does."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n(see {self.prog} --help)\n")
