"""Assemble a hand record from its statements, in the order they were written.

Both readers (the whole-hand parse in ``builder`` and the line-by-line recovery in
``linewise``) hand their statements here, so a hand means the same whichever way it
was read.  The first ``up``, ``discard``, ``score``, ``tricks`` and ``claim`` count;
a repeat is kept in ``HandRecord.repeated`` so the replay can name it as a slip.  A
trick copied verbatim is kept once (also named as a repeat).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..cards import Card, Seat
from ..model import (
    Call,
    ExchangeKind,
    HandRecord,
    Holding,
    LoneDefense,
    LostLine,
    Pos,
    RenegeCall,
    Tableau,
    TrickRecord,
)


def _same_plays(a: TrickRecord, b: TrickRecord) -> bool:
    return len(a.plays) == len(b.plays) and all(
        x.seat is y.seat and x.card is y.card for x, y in zip(a.plays, b.plays))


_EXCHANGES = frozenset(k.value for k in ExchangeKind)
#: statements a hand holds once, by keyword: the record's field for each
_WRITTEN_ONCE = {"score": "score", "tricks": "trick_counts", "claim": "claim"}


#: statements that open a hand's record: a second one after the hand's tricks opens the next hand, whose
#: ``hand`` line is not written
_OPENING = frozenset({"deal", "up", "bid"})
_KIND = itemgetter(0)
#: the number of a hand whose ``hand`` line does not say it (the game's replay numbers it)
UNKNOWN_NUMBER = -1


def _run_on(statements: list[tuple[str, Any]]) -> int | None:
    """Where the statements of a hand run on into the next hand's: a second deal, up or bid line after the
    hand's tricks, with tricks of its own after it (two deals, two biddings and ten tricks are two hands).
    None: one hand (a line written out of its place is not a hand)."""
    kinds = list(map(_KIND, statements))  # (every hand asks: no loop in Python)
    if kinds.count("deal") < 2 and kinds.count("up") < 2 and kinds.count("bid") < 2:
        return None  # (every hand written once: no line opens the hand twice)
    played = False
    opened: set[str] = set()
    for i, (kind, _) in enumerate(statements):
        if kind == "trick":
            played = True
        elif kind in _OPENING:
            if played and kind in opened:
                return i if any(k == "trick" for k, _ in statements[i:]) else None
            opened.add(kind)
    return None


def _line_of(value: Any) -> Pos:
    """Where a statement the builder made stands: its own position, or its first item's."""
    found = getattr(value, "pos", None)
    if isinstance(found, Pos):
        return found
    for item in value if isinstance(value, (list, tuple)) else ():
        found = item if isinstance(item, Pos) else getattr(item, "pos", None)
        if isinstance(found, Pos):
            return found
    return Pos(0, 1)


def assemble_hand(number: int, dealer: Seat, pos: Pos, statements: list[tuple[str, Any]]) -> HandRecord:
    """A hand from its statements in the order written: ``(kind, value)`` as the builder makes them.  Where
    they run on into another hand (its ``hand`` line not written), that hand is the record's ``run_on``."""
    if (split := _run_on(statements)) is not None:
        kind, value = statements[split]
        at = _line_of(value)
        hand = assemble_hand(number, dealer, pos, statements[:split])
        hand.run_on = next_hand = assemble_hand(UNKNOWN_NUMBER, dealer, Pos(at.line, 1), statements[split:])
        message = (f"this {kind} line follows the play of the hand above it, and has play of its own: another hand "
                   "starts here, and its hand line is not written")
        next_hand.lost = (LostLine("dealer", Pos(at.line, 1), at.line, message, code="S008"), *next_hand.lost)
        return hand
    hand = HandRecord(number, dealer, pos)
    deal: list[Holding] = []
    tableau: list[Tableau] = []
    calls: list[Call] = []
    tricks: list[TrickRecord] = []
    reneges: list[RenegeCall] = []
    repeated: list[tuple[str, Pos]] = []
    by_first_card: dict[Card, list[TrickRecord]] = {}  # the tricks so far by their first card: a copy shares it
    for kind, value in statements:  # the kinds every hand has first
        if kind == "trick":
            if not value.plays:
                tricks.append(value)
                continue
            first_card = value.plays[0].card
            same_start = by_first_card.get(first_card)
            if same_start is None:
                by_first_card[first_card] = [value]
                tricks.append(value)
            elif any(_same_plays(value, earlier) for earlier in same_start):
                repeated.append(("trick", value.pos))  # the same trick copied: the first is used
            else:
                same_start.append(value)
                tricks.append(value)
        elif kind == "bid":
            for item in value:
                if isinstance(item, Call):
                    calls.append(item)
                elif hand.lone_defense is not None:
                    repeated.append(("defend", item.pos))
                else:
                    hand.lone_defense = LoneDefense(item.seat, item.pos, len(calls))
        elif kind == "deal":
            deal.extend(value)
        elif kind == "up":
            if hand.up is not None:
                repeated.append(("up", value[1]))
            else:
                hand.up, hand.up_pos, hand.up_suit, hand.up_suit_unknown = value
        elif kind == "discard":
            if hand.discard is not None:
                repeated.append(("discard", value[1]))
            else:
                hand.discard, hand.discard_pos = value
        elif kind in _WRITTEN_ONCE:  # score, tricks, claim: the first is used, a second is reported
            field = _WRITTEN_ONCE[kind]
            if getattr(hand, field) is not None:
                repeated.append((kind, value.pos))
            else:
                setattr(hand, field, value)
        elif kind == "tableau":
            tableau.extend(value)
        elif kind == "renege":
            reneges.append(value)
        elif kind == "misdeal":
            hand.misdeals = (*hand.misdeals, value)
        elif kind in _EXCHANGES:
            hand.exchanges = (*hand.exchanges, value)
    hand.deal = tuple(deal)
    hand.tableau = tuple(tableau)
    hand.calls = tuple(calls)
    hand.tricks = tuple(tricks)
    hand.reneges = tuple(reneges)
    hand.repeated = tuple(repeated)
    return hand
