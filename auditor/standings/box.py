"""A player's line of one game (a box score): the row of the ``players`` table.

One row per seat of every game: where the game stood in the night (event,
date, ``Round`` and ``Table`` tags), the player and their side, what the side
scored by the rules and on the sheet, the result, and what the player did
(calls, lone hands, euchres, plays, reneges).  Standings and league tables
are sums of these rows, so they are counted once, here, from the audit's
results and :mod:`auditor.sides`; nothing here loads polars.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, fields

from ..cards import Seat
from ..findings import PLAYED_AFTER_GAME, Category, Finding
from ..model import SEAT_TAGS
from ..results import GameResult, HandResult, Outcome
from ..ruling.words import People, result_words
from ..sides import Correction, makers_side, side_of_seat, side_scores

MADE = frozenset({Outcome.MAKE, Outcome.MARCH, Outcome.LONE_MAKE, Outcome.LONE_MARCH})
LONE_MADE = frozenset({Outcome.LONE_MAKE, Outcome.LONE_MARCH})
EUCHRED = frozenset({Outcome.EUCHRE, Outcome.LONE_EUCHRE})
RENEGE_CODE = "R501"


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One player's line of one game (see ``docs/standings.md`` for each column)."""

    file: str
    game: int
    event: str | None
    date: str | None
    round: str | None  # the Round tag, as written
    table: str | None  # the Table tag, as written
    player: str | None  # the seat's tag (None: not named)
    seat: str  # N, E, S, W
    side: str  # NS, EW
    partners: str | None  # the side's players in alphabetical order, "Alice & Carol"
    side_first: bool  # the side's first seat: a side's game is counted once on this row
    points: int  # the side's points in the game, by the rules
    against: int
    sheet_points: int  # ... as the score sheet has them
    sheet_against: int
    result: str | None  # won, lost, tied; None: the record stops before the game's end
    sheet_result: str | None
    hands: int  # hands that count (readable, before the game's end)
    calls: int  # ... in which the player made trump
    r1_calls: int  # calls ordered up (round 1)
    r1_made: int
    r2_calls: int  # calls named (round 2)
    r2_made: int
    lone_calls: int
    lone_made: int  # lone hands made (3 tricks or more)
    euchres_for: int  # euchres the player's side inflicted, defending
    euchres_against: int  # euchres the player's side suffered, making
    plays: int  # cards the player played
    reneges: int  # R501 findings against the seat
    left_bower_errors: int  # left-bower findings against the seat
    line: int  # where the seat's tag is (E901 points there)
    column: int
    ranking: str  # standings.* of the game's ruleset (StandingsRules.text)
    corrections: str | None  # JSON: where the sheet parts from the rules for this side


COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(PlayerGame))


def scoring_relevant(f: Finding) -> bool:
    """A finding that says a score sheet entry is wrong (or counts a hand that does not count)."""
    return f.category is Category.SCORE or f.code is PLAYED_AFTER_GAME


def player_games(label: str, game: GameResult) -> Iterator[PlayerGame]:
    """The rows of one game, a seat each."""
    tags = {t.name.lower(): t for t in game.tags}
    where = {"event": game.tag("Event"), "date": game.tag("Date"), "round": _clean(game.tag("Round")),
             "table": _clean(game.tag("Table"))}
    counts = _counts(game)
    findings = game.all_findings()
    people: People | None = None
    for score in side_scores(game):
        notes = None
        if score.corrections:
            people = people or People(game)
            notes = json.dumps([_correction(game, c, findings, people) for c in score.corrections], ensure_ascii=False)
        for i, (seat, player) in enumerate(zip(score.side.seats, score.side.players)):
            tag = tags.get(SEAT_TAGS[seat].lower())
            pos = tag.pos if tag is not None else game.pos
            c = counts[seat]
            yield PlayerGame(
                label, game.index, where["event"], where["date"], where["round"], where["table"], player, seat.name,
                score.side.key, score.side.partnership, i == 0, score.points, score.against, score.sheet_points,
                score.sheet_against, _value(score.result), _value(score.sheet_result), *c, pos.line, pos.column,
                game.ranking, notes,
            )




def _clean(text: str | None) -> str | None:
    return text.strip() if text and text.strip() else None


def _value(result: object) -> str | None:
    return getattr(result, "value", None)


def _counts(game: GameResult) -> dict[Seat, tuple[int, ...]]:
    """hands, calls, r1_calls, r1_made, r2_calls, r2_made, lone_calls, lone_made, euchres_for, euchres_against, plays,
    reneges, left_bower_errors of each seat."""
    n = {s: [0] * 13 for s in Seat}
    for h in game.hands:
        for fact in h.plays:
            n[fact.seat][10] += 1
        if h.broken or not h.counted:
            continue
        _count_hand(h, n)
    for f in game.all_findings():
        if f.seat is None:
            continue
        if f.code.code == RENEGE_CODE:
            n[f.seat][11] += 1
        elif f.category is Category.LEFT_BOWER:
            n[f.seat][12] += 1
    return {s: tuple(v) for s, v in n.items()}


def _count_hand(h: HandResult, n: dict[Seat, list[int]]) -> None:
    makers = makers_side(h)
    euchred = h.outcome in EUCHRED and h.penalized is None
    for seat in (s for side in h.sides for s in side.seats):  # the seats in play
        row = n[seat]
        row[0] += 1
        if makers is None:
            continue
        if side_of_seat(seat, h.sides) == makers:
            row[9] += euchred
        else:
            row[8] += euchred
    if h.maker is None:
        return
    row = n[h.maker]
    made = h.outcome in MADE
    row[1] += 1
    if h.round == 1:
        row[2] += 1
        row[3] += made
    elif h.round == 2:
        row[4] += 1
        row[5] += made
    if h.alone:
        row[6] += 1
        row[7] += h.outcome in LONE_MADE


def _correction(game: GameResult, c: Correction, findings: list[Finding], people: People) -> dict[str, object]:
    """A correction as the standings say it: the hand, what it was, the findings behind it, the points."""
    hands = [game.hands[i] for i in c.hands]
    scored = [h for h in hands[:-1] if any(h.points) or h.broken or h.from_sheet] + hands[-1:]
    numbers = {h.number for h in hands}
    codes = sorted({f.code.code for f in findings if f.hand in numbers and scoring_relevant(f)})
    last = hands[-1]
    what = "; ".join(result_words(h, people) for h in scored)
    label = f"hand {last.number}" if len(scored) == 1 else f"hands {scored[0].number}-{last.number}"
    return {"hand": last.number, "hands": label, "line": last.recorded.pos.line if last.recorded else last.pos.line,
            "delta": c.delta, "codes": codes, "what": what}
