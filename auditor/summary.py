"""What several audited games come to: how many, which changed, findings by category.

A :class:`Summary` is filled game by game (in a worker process for ``--jobs``)
and added up in input order by the parent, so the summary is the same for any
number of jobs.  The audit keeps it and hands it to the output's sink; the
rulings say it in words (:func:`auditor.ruling.words.summary_lines`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .findings import Category, Finding, Severity
from .results import GameResult

if TYPE_CHECKING:
    from .night import NightFinding

#: games named one by one in the summary's list of changed games; the rest are counted
NAMED_CHANGED = 12


@dataclass(slots=True)
class Summary:
    files: list[str] = field(default_factory=list)
    games: int = 0
    hands: int = 0
    not_audited: int = 0  # games whose ruleset could not be had (said on standard error, one by one)
    changed: list[tuple[str, int]] = field(default_factory=list)  # (file, game) whose corrected score is not the sheet's
    changed_count: int = 0
    categories: dict[str, int] = field(default_factory=dict)
    errors: int = 0
    warnings: int = 0

    def add_game(self, path: str, game: GameResult) -> None:
        if not self.files or self.files[-1] != path:
            self.files.append(path)
        self.games += 1
        self.hands += len(game.hands)
        if changed(game):
            self.changed_count += 1
            if len(self.changed) < NAMED_CHANGED:
                self.changed.append((path, game.index))
        self._count(game.all_findings())

    def _count(self, findings: Iterable[Finding]) -> None:
        for f in findings:
            self.categories[f.category.value] = self.categories.get(f.category.value, 0) + 1
            if f.level is Severity.ERROR:
                self.errors += 1
            else:
                self.warnings += 1

    def add_night(self, night: Iterable[NightFinding]) -> None:
        """The findings across the games of a night (E901), counted with the games'."""
        self._count(n.finding for n in night)

    def add(self, other: Summary) -> None:
        for path in other.files:
            if not self.files or self.files[-1] != path:
                self.files.append(path)
        self.games += other.games
        self.hands += other.hands
        self.not_audited += other.not_audited
        room = NAMED_CHANGED - len(self.changed)
        self.changed.extend(other.changed[:max(room, 0)])
        self.changed_count += other.changed_count
        for name, count in other.categories.items():
            self.categories[name] = self.categories.get(name, 0) + count
        self.errors += other.errors
        self.warnings += other.warnings

    @property
    def worth_saying(self) -> bool:
        """Several files or games: a summary ends the ruling."""
        return self.games + self.not_audited > 1 or len(set(self.files)) > 1

    def by_category(self) -> list[tuple[str, int]]:
        """Findings per category, in the registry's order of categories."""
        return [(c.value, self.categories[c.value]) for c in Category if c.value in self.categories]


def changed(game: GameResult) -> bool:
    """The sheet's last running score is not the corrected score."""
    values = game.recorded_values()
    return values is not None and values != game.computed
