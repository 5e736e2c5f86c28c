"""A sink: where the audit's results go, one output format each.

The audit (:mod:`auditor.parallel`) knows sinks by this interface alone.  A sink renders one
audited game as text (in a worker process with ``--jobs``), may write a head before the first
game and an end after the last (the findings across the games of a night, the summary, what could
not be read); the parent writes the pieces in input order, so the output is the same for any
number of jobs and nothing is held to the end.  A format that needs more of a game of a night than
the night's findings (the HTML ruling ends with the night's standings) keeps it with
:meth:`Sink.kept` in the worker and gathers it with :meth:`Sink.keep` in the parent.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ..results import GameResult

if TYPE_CHECKING:
    from ..night import NightFinding
    from ..summary import Summary


@dataclass(frozen=True, slots=True)
class Shown:
    """How the report is shown, as the command line asked."""

    color: bool = False  # the text ruling in colour (the output is a terminal)
    width: int | None = None  # the terminal's width, which the text ruling's tables keep to
    quiet: bool = False  # the text ruling: only the findings
    output: str | None = None  # where a format that writes files of its own puts them (the site's folder)


@dataclass(slots=True)
class Ending:
    """What the report ends with, once every game is written."""

    summary: Summary
    night: list[NightFinding] = field(default_factory=list)  # the findings across the games of a night (E901)
    problems: list[str] = field(default_factory=list)  # what could not be read or audited (also on standard error)


class Sink(ABC):
    """A format of the audit's report; the defaults write nothing around the games."""

    name = ""
    #: the format renders pages, about fifteen times the size of their games: the input is cut
    #: into smaller units, which keeps what is in flight small
    pages = False

    def __init__(self, shown: Shown = Shown()) -> None:
        self.shown = shown

    def head(self, out: TextIO, files: Sequence[str] = ()) -> None:
        """Written before the first game; ``files``: the labels of the inputs."""

    @abstractmethod
    def game(self, label: str, game: GameResult) -> str:
        """One audited game, rendered (each format has its own)."""

    def kept(self, label: str, game: GameResult) -> list[Any]:
        """What the end needs of a game of a night besides its findings (in the worker, before
        --select and --ignore); sent to the parent's :meth:`keep`."""
        return []

    def keep(self, items: list[Any]) -> None:
        """The parent gathers what the workers kept, in input order."""

    def problem(self, out: TextIO, text: str) -> None:
        """A file that could not be audited (also said on standard error), where it stopped."""

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        """The findings across the games of a night (E901), after the last game and before the foot."""

    def foot(self, out: TextIO, problems: list[str]) -> None:
        """Written after the last game."""

    def end(self, out: TextIO, ending: Ending) -> None:
        """After the last game: the night's findings, then the foot."""
        self.night(out, ending.night)
        self.foot(out, ending.problems)

    def wrap(self, out: TextIO) -> TextIO:
        """The stream the games are written to (a format may need to see them go by)."""
        return out
