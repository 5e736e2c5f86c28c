"""A ruling apart from where the record wrote it: what converting a file must keep.

Two audits of the same games, one of a notation file and one of its EGN or
JSON form, point at different lines and columns and word their evidence with
those positions; what they decide must not differ.  The ruling of a game is:

- its findings, each as its code, severity, hand, trick, seat and the points
  the finding gives the hand (a multiset: positions and wording left out),
  except findings of the syntax category (S0xx), which say how the source was
  written: a converted file is written as the source was read;
- each hand's number, the points it scores, the corrected running score after
  it and whether it counts (a hand recorded after the game was won does not);
- the corrected score, the four-trick tokens held, the winner, the hand that
  ended the game, and whether the game reached its end.

:func:`differences` names, in words, each way two rulings differ.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import Side
from .codes.registry import Category
from .findings import Finding
from .results import GameResult
from .table import spelled

#: how many differences a message lists before it counts the rest
SHOWN = 12


class FindingVerdict(NamedTuple):
    code: str
    severity: str
    hand: int | None
    trick: int | None
    seat: str | None
    points: tuple[tuple[str, int], ...] | None

    def described(self) -> str:
        where = [f"hand {self.hand}" if self.hand is not None else "", f"trick {self.trick}" if self.trick is not None else "",
                 self.seat or ""]
        place = ", ".join(w for w in where if w) or "the game"
        return f"{self.code} ({place}, {self.severity})"


class HandVerdict(NamedTuple):
    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    counted: bool


@dataclass(frozen=True, slots=True)
class GameVerdicts:
    game: int = field(compare=False)  # the games are compared in file order
    sides: tuple[Side, ...]
    findings: tuple[FindingVerdict, ...]
    hands: tuple[HandVerdict, ...]
    score: tuple[int, ...]
    tokens: tuple[int, ...] | None
    winner: Side | None
    won_in_hand: int | None
    finished: bool

    def outcome(self) -> str:
        if self.winner is not None:
            return f"{self.winner.value} won" + (f" in hand {self.won_in_hand}" if self.won_in_hand is not None else "")
        return "the game ended in a tie" if self.finished else "no side has won"


def _finding(f: Finding) -> FindingVerdict:
    points = tuple((side.value, value) for side, value in f.points) if f.points is not None else None
    return FindingVerdict(f.code.code, f.level.value, f.hand, f.trick, f.seat.name if f.seat is not None else None, points)


def verdicts_of(result: GameResult) -> GameVerdicts:
    """The ruling of one audited game (see the module's description)."""
    found = sorted((_finding(f) for f in result.all_findings() if f.category is not Category.SYNTAX),
                   key=lambda v: (v.hand if v.hand is not None else -1, v.trick or 0, v.code, v.seat or "", repr(v)))
    hands = tuple(HandVerdict(h.number, tuple(h.points), tuple(h.totals), h.counted) for h in result.hands)
    return GameVerdicts(result.index, tuple(result.sides), tuple(found), hands, tuple(result.computed), result.tokens,
                        result.winner, result.won_in_hand, result.finished)


def _score(sides: tuple[Side, ...], values: Sequence[int]) -> str:
    return spelled(sides, tuple(values))


def _game_differences(before: GameVerdicts, after: GameVerdicts) -> list[str]:
    where = f"game {before.game}"
    out: list[str] = []
    if before.score != after.score:
        out.append(f"{where}: the corrected score {_score(before.sides, before.score)} becomes {_score(after.sides, after.score)}")
    if (before.winner, before.won_in_hand, before.finished) != (after.winner, after.won_in_hand, after.finished):
        out.append(f"{where}: {before.outcome()} becomes {after.outcome()}")
    if before.tokens != after.tokens:
        out.append(f"{where}: the four-trick tokens held {before.tokens} become {after.tokens}")
    after_hands = {h.number: h for h in after.hands}
    before_numbers = {h.number for h in before.hands}
    for hand in before.hands:
        other = after_hands.get(hand.number)
        if other is None:
            out.append(f"{where}, hand {hand.number}: the hand is not in the converted file")
        elif other.points != hand.points or other.counted != hand.counted:
            counted = "" if other.counted == hand.counted else (" (it no longer counts)" if hand.counted else " (it now counts)")
            out.append(f"{where}, hand {hand.number}: it scores {_score(before.sides, other.points)} instead of "
                       f"{_score(before.sides, hand.points)}{counted}")
    out.extend(f"{where}, hand {h.number}: a hand the source does not have" for h in after.hands if h.number not in before_numbers)
    lost = list((Counter(before.findings) - Counter(after.findings)).elements())
    new = list((Counter(after.findings) - Counter(before.findings)).elements())
    for finding in list(lost):  # the same finding, giving the hand other points
        other = next((f for f in new if f[:5] == finding[:5]), None)
        if other is not None:
            lost.remove(finding)
            new.remove(other)
            out.append(f"{where}: finding {finding.described()} gives the hand {_points(other)} instead of {_points(finding)}")
    out.extend(f"{where}: finding {f.described()} is lost" for f in lost)
    out.extend(f"{where}: finding {f.described()} is new" for f in new)
    return out


def _points(finding: FindingVerdict) -> str:
    if finding.points is None:
        return "no points of its own"
    return " ".join(f"{side} {value}" for side, value in finding.points)


def differences(before: Sequence[GameVerdicts], after: Sequence[GameVerdicts]) -> list[str]:
    """Each way the ruling ``after`` differs from ``before``, in words (empty: the same ruling)."""
    out: list[str] = []
    if len(before) != len(after):
        out.append(f"the source has {len(before)} game(s) audited, the converted file {len(after)}")
    for one, other in zip(before, after):
        if one != other:
            out.extend(_game_differences(one, other) or [f"game {one.game}: the ruling differs"])
    return out


def listed(lines: Iterable[str], shown: int = SHOWN) -> list[str]:
    """At most ``shown`` lines, the rest counted in a last line."""
    items = list(lines)
    if len(items) <= shown:
        return items
    return items[:shown] + [f"... and {len(items) - shown} more"]
