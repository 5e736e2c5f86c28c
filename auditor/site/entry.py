"""A game's line in the season's index: who played, the sheet against the corrected score, the findings by kind."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from ..findings import REGISTRY, Severity
from ..results import GameResult
from ..ruling.words import People, sides_words, title
from ..said import printable


@dataclass(slots=True)
class Entry:
    file: str
    game: int
    event: str
    date: str
    players: list[str]  # "N Alice", in seat order
    sheet: str  # "NS 10 – EW 8", or "" with no score written
    corrected: str
    differs: bool  # the sheet's final score is not the corrected one
    hands: int
    errors: int
    warnings: int
    kinds: list[tuple[str, int]]  # (category, findings of it), most first
    codes: list[str]  # every code found, in order
    page: str = ""  # the game's page, relative to the index (set by the writer)
    names: list[str] = field(default_factory=list)  # the players' names alone, for the filter

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def entry_of(label: str, game: GameResult) -> Entry:
    people = People(game)
    players = [f"{seat.name} {name}" for seat, name in people.names.items() if name]
    findings = game.all_findings()
    errors = sum(1 for f in findings if f.level is Severity.ERROR)
    kinds = Counter(f.code.category.value for f in findings)
    codes = sorted({f.code.code for f in findings}, key=list(REGISTRY).index)
    recorded = game.recorded.canonical if game.recorded is not None else None
    sheet = sides_words(*zip(*recorded)) if recorded else ""  # type: ignore[arg-type]
    corrected = sides_words(game.sides, game.computed)
    differs = bool(recorded) and dict(recorded) != dict(zip(game.sides, game.computed))  # type: ignore[arg-type]
    return Entry(printable(label), game.index, title(game), printable(game.tag("Date") or ""), players, sheet, corrected,
                 differs, len(game.hands), errors, len(findings) - errors, kinds.most_common(), codes,
                 names=[name for name in people.names.values() if name])


def entry_from(data: dict[str, Any]) -> Entry:
    data = dict(data)
    data["kinds"] = [tuple(k) for k in data["kinds"]]
    return Entry(**data)
