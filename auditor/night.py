"""Across the games of a night: who sat where in each round, and the player seated at two tables in one round (E901).

A round is the games that share the ``Event``, ``Date`` and ``Round`` tags;
each names its table with ``Table``.  A player's name at two tables of one
round is one finding, at the second seat (in input order), whose proof names
both.  Games without a ``Round`` tag are no part of any round.

The check is fed in input order, game by game, by whoever sees every game:
the audit's parent process (its workers see a piece of the input each), the
standings, or :func:`attach` for games held in memory.  It keeps one entry per
player and round, so a season of rounds is checked in bounded memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .findings import PLAYER_AT_TWO_TABLES, Finding
from .model import SEAT_TAGS, Pos
from .results import GameResult
from .said import printable
from .table import SEAT_WORDS

_SEAT_WORD = {seat.name: SEAT_WORDS[seat] for seat in SEAT_TAGS}


@dataclass(frozen=True, slots=True)
class Seating:
    """A named player's seat in one game of a round."""

    file: str
    game: int
    event: str | None
    date: str | None
    round: str
    table: str | None
    player: str
    seat: str  # N, E, S, W
    line: int  # the seat's tag
    column: int


@dataclass(frozen=True, slots=True)
class NightFinding:
    """A finding about the games of a night, and the file of the game it points at."""

    file: str
    finding: Finding


def seatings(label: str, game: GameResult) -> Iterator[Seating]:
    """The named seats of a game that is part of a round (none without a ``Round`` tag)."""
    round_ = _clean(game.tag("Round"))
    if round_ is None:
        return
    tags = {t.name.lower(): t for t in game.tags}
    table, event, date = _clean(game.tag("Table")), game.tag("Event"), game.tag("Date")
    for seat, name in SEAT_TAGS.items():
        tag = tags.get(name.lower())
        player = _clean(tag.value) if tag is not None else None
        if tag is not None and player is not None:
            yield Seating(label, game.index, event, date, round_, table, player, seat.name, tag.pos.line, tag.pos.column)


def _clean(text: str | None) -> str | None:
    return text.strip() if text and text.strip() else None


class SeatingCheck:
    """Feed it every seating in input order; it returns the findings each one makes."""

    def __init__(self) -> None:
        self.first: dict[tuple[str | None, str | None, str, str], Seating] = {}

    def add(self, s: Seating) -> NightFinding | None:
        key = (s.event, s.date, s.round, s.player)
        seen = self.first.get(key)
        if seen is None:
            self.first[key] = s
            return None
        if seen.table == s.table:
            return None  # a round of more than one game at the same table, or a name twice at one table
        return NightFinding(s.file, _finding(seen, s))

    def add_all(self, items: Iterable[Seating]) -> list[NightFinding]:
        return [f for f in map(self.add, items) if f is not None]


def _table(s: Seating) -> str:
    return f"table {printable(s.table)}" if s.table is not None else "a table with no Table tag"


def _finding(first: Seating, second: Seating) -> Finding:
    night = ", ".join(printable(x) for x in (second.event, second.date) if x)
    where = f" of {night}" if night else ""
    name = printable(second.player)
    message = (f"{name} is named at {_table(first)} ({_SEAT_WORD[first.seat]}) and at {_table(second)} "
               f"({_SEAT_WORD[second.seat]}) in round {printable(second.round)}{where}; a player sits at one table a round")
    proof = (
        f"{_table(first)}: {printable(first.file)}:{first.line}:{first.column}, game {first.game}, {_SEAT_WORD[first.seat]}",
        f"{_table(second)}: {printable(second.file)}:{second.line}:{second.column}, game {second.game}, {_SEAT_WORD[second.seat]}",
    )
    return Finding(PLAYER_AT_TWO_TABLES, message, Pos(second.line, second.column), second.game, proof=proof)


def attach(games: list[GameResult], label: str = "<input>") -> list[GameResult]:
    """Games held in memory, with each night finding added to the game it points at."""
    check = SeatingCheck()
    for game in games:
        for s in seatings(label, game):
            found = check.add(s)
            if found is not None:
                game.findings.append(found.finding)
    return games
