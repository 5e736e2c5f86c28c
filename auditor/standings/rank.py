"""Ranking the totals, on the sheets and corrected, and what each correction did to the places.

Everything here is small (a row per player and per round): the sums come from
:mod:`.compute`.  A place is shared by players level on everything the
ruleset ranks by (``standings.rank_by`` then ``standings.tie_break``), and the
places after it are skipped (1, 2, 2, 4), as a prize list is written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..rules.standings_rules import RankBy, StandingsRules, TieBreak


@dataclass(frozen=True, slots=True)
class Totals:
    points: int
    against: int
    won: int
    tied: int
    lone_hands: int
    euchres: int

    def value(self, key: RankBy | TieBreak) -> int:
        return {"points": self.points, "games-won": self.won, "lone-hands": self.lone_hands, "euchres": self.euchres}[key.value]


@dataclass(frozen=True, slots=True)
class Change:
    """One correction of a player's points (or of the other side's, where it changed the game's result): where, what
    the hand was, the findings behind it, the points."""

    where: str  # "hand 3 of round 2 (table 1)"
    what: str  # the hand's result in words
    codes: tuple[str, ...]
    delta: int
    file: str
    line: int
    against: str | None = None  # the other side's correction, which changed the game's result: the side it went to

    def words(self) -> str:
        codes = f" ({', '.join(self.codes)})" if self.codes else ""
        to = f" to {self.against}" if self.against else ""
        return f"{self.where}: {self.what}, {self.delta:+d}{to}{codes}"


@dataclass(frozen=True, slots=True)
class Line:
    name: str
    games: int
    rounds: int  # the rounds (or dates) played in
    corrected: Totals
    sheet: Totals
    place: int
    sheet_place: int
    shared: bool  # the place is shared with another player
    sheet_shared: bool
    changes: tuple[Change, ...] = ()
    moved_by: tuple[str, ...] = ()  # the players whose corrections moved this one, when their own points stand
    sat_out: tuple[str, ...] = ()  # the rounds of the night this player was not seated in

    @property
    def moved(self) -> bool:
        """The place (or its being shared) is not the sheets'."""
        return (self.place, self.shared) != (self.sheet_place, self.sheet_shared)


@dataclass(frozen=True, slots=True)
class Standings:
    by: str  # player or partnership
    rules: StandingsRules
    lines: tuple[Line, ...]
    rounds: tuple[str, ...]  # the x axis of the running totals: a label per round, in order
    running: Mapping[str, tuple[tuple[int, ...], tuple[int, ...]]]  # name -> (corrected, sheet) after each round
    title: str = ""
    games: int = 0
    tagged: bool = False  # the rounds are the games' Round tags (else dates, or the games as one)
    notes: tuple[str, ...] = field(default=())

    def rule_words(self) -> str:
        by = "points" if self.rules.rank_by is RankBy.POINTS else "games won"
        ties = ", then ".join(_TIE_WORDS[t] for t in self.rules.tie_break)
        then = f"; ties broken by {ties}" if ties else ""
        return f"ranked by {by}{then}; players still level share the place"


_TIE_WORDS = {TieBreak.POINTS: "points", TieBreak.GAMES_WON: "games won", TieBreak.LONE_HANDS: "lone hands made",
              TieBreak.EUCHRES: "euchres"}


def places(totals: Mapping[str, Totals], rules: StandingsRules) -> dict[str, tuple[int, bool]]:
    """Each name's place and whether it is shared: competition ranking (1, 2, 2, 4) on the ruleset's keys."""
    keys = [rules.rank_by, *(t for t in rules.tie_break if t.value != rules.rank_by.value)]

    def key(name: str) -> tuple[int, ...]:
        return tuple(-totals[name].value(k) for k in keys)

    order = sorted(totals, key=lambda n: (key(n), n))
    out: dict[str, tuple[int, bool]] = {}
    for i, name in enumerate(order):
        if i and key(order[i - 1]) == key(name):
            out[name] = (out[order[i - 1]][0], True)
            out[order[i - 1]] = (out[order[i - 1]][0], True)
        else:
            out[name] = (i + 1, False)
    return out


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_words(place: int, shared: bool) -> str:
    return f"{ordinal(place)}{' (shared)' if shared else ''}"


def moved_by(name: str, sheet: Mapping[str, int], corrected: Mapping[str, int], changed: Sequence[str]) -> tuple[str, ...]:
    """The corrected players who crossed ``name`` or stopped (or started) being level with them."""
    def order(places: Mapping[str, int], other: str) -> int:
        return (places[other] > places[name]) - (places[other] < places[name])

    return tuple(other for other in changed if other != name and order(sheet, other) != order(corrected, other))
