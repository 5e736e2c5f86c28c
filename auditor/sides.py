"""The sides of a game, the players in each, and what each side scored: on the rules and on the sheet.

Standings and league tables credit each player with what their side did while
they sat in it.  This module is the one place that maps a game's seats and
running scores onto sides: the sides of the game's table (``GameResult.sides``):
two sides of two partners (N-S and E-W), or, where each player plays for
himself (seed 003's games of three and two), each seat a side of its own; and
everything counted over sides follows.

A side's *sheet* points are what the score sheet's entries add up to.  Where
an entry parts from the rules, the difference since the entry before it is a
:class:`Correction` of that side, at that entry's hand (the audit reports it
there: P701).  Hands after the sheet's last entry, and games with no entry at
all, are counted as the rules score them on both counts: the sheet says
nothing of them, so nothing about them is disputed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Seat
from .cards import Side as TableSide
from .results import GameResult, HandResult
from .table import FOUR


# ------------------------------------------------------------------ the seats -> sides mapping (the game's table)
def _index(sides: tuple[TableSide, ...], key: str) -> int:
    return next(i for i, side in enumerate(sides) if side.value == key)


def _running(h: HandResult, key: str) -> int:
    """The corrected running score of side ``key`` after hand ``h``."""
    return h.totals[_index(h.sides, key)]


def _sheet(h: HandResult, key: str) -> int | None:
    """The sheet's running score of side ``key`` after hand ``h``, where the sheet has an entry."""
    return None if h.recorded is None else h.recorded.of(TableSide.parse(key))


def _final(game: GameResult, key: str) -> tuple[int, int]:
    """(score the game started from, corrected final score) of side ``key``."""
    i = _index(game.sides, key)
    return game.initial[i], game.computed[i]


def _winner(game: GameResult) -> str | None:
    return game.winner.value if game.winner is not None else None


def side_of_seat(seat: Seat, table_sides: tuple[TableSide, ...] = FOUR.sides) -> str | None:
    """The key of the side a seat plays for (None: nobody sits there)."""
    return next((side.value for side in table_sides if seat in side.seats), None)


def makers_side(h: HandResult) -> str | None:
    return side_of_seat(h.maker, h.sides) if h.maker is not None else None


# ------------------------------------------------------------------ what is counted over sides
class Result(str, Enum):
    WON = "won"
    LOST = "lost"
    TIED = "tied"


@dataclass(frozen=True, slots=True)
class Side:
    key: str  # "NS", "EW"; "N", "E", "W" where each plays for himself
    seats: tuple[Seat, ...]
    players: tuple[str | None, ...]  # by seat, as the game's tags name them (None: not named)

    @property
    def partnership(self) -> str | None:
        """The side's players by name in alphabetical order (``Alice & Carol``); None if one is not named."""
        if any(p is None for p in self.players):
            return None
        return " & ".join(sorted(p for p in self.players if p is not None))


@dataclass(frozen=True, slots=True)
class Correction:
    """Where the sheet parts from the rules for one side: its entry after ``hands[-1]``."""

    hands: tuple[int, ...]  # indexes in ``GameResult.hands`` of the hands the entry covers (usually one)
    delta: int  # the rules' points less the sheet's, for this side, over those hands


@dataclass(frozen=True, slots=True)
class SideScore:
    side: Side
    points: int  # the points the side scored in the game, by the rules
    against: int  # the points the other sides scored
    sheet_points: int  # the same as the score sheet has them
    sheet_against: int
    result: Result | None  # None: the record stops before the game's end
    sheet_result: Result | None
    corrections: tuple[Correction, ...]


def sides(game: GameResult) -> tuple[Side, ...]:
    return tuple(Side(side.value, side.seats, tuple(_name(game.player(s)) for s in side.seats)) for side in game.sides)


def _name(text: str | None) -> str | None:
    return text.strip() if text and text.strip() else None


def side_scores(game: GameResult) -> tuple[SideScore, ...]:
    """Each side's points and result, by the rules and on the sheet, and the sheet's corrections."""
    all_sides = sides(game)
    keys = [s.key for s in all_sides]
    corrections, off = _corrections(game, keys)
    points = {k: _final(game, k)[1] - _final(game, k)[0] for k in keys}
    sheet = {k: points[k] - off[k] for k in keys}
    finished = game.finished and (game.winner is not None or game.won_in_hand is not None)
    won = _winner(game)
    ahead = _ahead(sheet)
    out = []
    for side in all_sides:
        k = side.key
        result = sheet_result = None
        if finished:
            result = Result.TIED if won is None else Result.WON if won == k else Result.LOST
            sheet_result = Result.TIED if ahead is None else Result.WON if ahead == k else Result.LOST
        against = sum(points[o] for o in keys if o != k)
        sheet_against = sum(sheet[o] for o in keys if o != k)
        out.append(SideScore(side, points[k], against, sheet[k], sheet_against, result, sheet_result, tuple(corrections[k])))
    return tuple(out)


def _ahead(scores: dict[str, int]) -> str | None:
    """The one side with the most points, or None when several share the most."""
    best = max(scores.values())
    leaders = [k for k, v in scores.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


def _corrections(game: GameResult, keys: list[str]) -> tuple[dict[str, list[Correction]], dict[str, int]]:
    """Each side's corrections, and how far the sheet's last entry is from the rules (rules less sheet)."""
    out: dict[str, list[Correction]] = {k: [] for k in keys}
    last = {k: 0 for k in keys}  # rules less sheet at the last entry (the initial score is both's)
    since: list[int] = []
    for i, h in enumerate(game.hands):
        since.append(i)
        if h.recorded is None:
            continue
        for k in keys:
            written = _sheet(h, k)
            if written is None:  # an entry that does not name this side (a P703): nothing to compare it with
                continue
            diff = _running(h, k) - written
            if diff != last[k]:
                out[k].append(Correction(tuple(since), diff - last[k]))
            last[k] = diff
        since = []
    return out, last
