"""Machine formats written game by game: the JSON document, JSON Lines, GitHub workflow annotations and SARIF.

Each format renders one audited game as text (in a worker process with ``--jobs``), and may
write a head before the first game and a foot after the last; the parent writes the pieces in
input order, so the output is the same for any number of jobs and nothing is held to the end.
The ruling (text, HTML) and ``lint`` live in :mod:`auditor.report`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, TextIO

from ..results import GameResult

if TYPE_CHECKING:
    from ..standings.seating import NightFinding


#: every format of the audit's report, as ``--format`` and the configuration file name them
FORMATS = ("text", "lint", "json", "jsonl", "github", "sarif", "html")


class StreamFormat(ABC):
    """A format written game by game; the defaults write nothing around the games."""

    name = ""

    def head(self, out: TextIO) -> None:
        """Written before the first game."""

    @abstractmethod
    def game(self, label: str, game: GameResult) -> str:
        """One audited game, rendered (each format has its own)."""

    def problem(self, out: TextIO, text: str) -> None:
        """A file that could not be audited (also said on standard error), where it stopped."""

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        """The findings across the games of a night (E901), after the last game and before the foot."""

    def foot(self, out: TextIO, problems: list[str]) -> None:
        """Written after the last game."""

    def wrap(self, out: TextIO) -> TextIO:
        """The stream the games are written to (a format may need to see them go by)."""
        return out


def stream_format(name: str, output: str | None = None) -> StreamFormat | None:
    """The streamed format of this name, or None (text, lint, html); ``output``: the folder of a
    format that writes files of its own (the site)."""
    if name == "json":
        from .document import JsonDocument

        return JsonDocument()
    if name == "jsonl":
        from .jsonl import JsonLines

        return JsonLines()
    if name == "github":
        from .github import GitHubAnnotations

        return GitHubAnnotations()
    if name == "sarif":
        from .sarif import Sarif

        return Sarif()
    if name == "site":
        from pathlib import Path

        from ..site import SiteFormat

        assert output is not None, "the site is written to a folder"
        return SiteFormat(Path(output))
    return None
