"""Assemble a hand record from its statements, in the order they were written.

Both readers (the whole-hand parse in ``builder`` and the line-by-line recovery in
``linewise``) hand their statements here, so a hand means the same whichever way it
was read.  The first ``up``, ``discard``, ``score``, ``tricks`` and ``claim`` count;
a repeat is kept in ``HandRecord.repeated`` so the replay can name it as a slip.  A
trick copied verbatim is kept once (also named as a repeat).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Seat
from ..model import (
    Call,
    ExchangeKind,
    HandRecord,
    Holding,
    LoneDefense,
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


def assemble_hand(number: int, dealer: Seat, pos: Pos, statements: list[tuple[str, Any]]) -> HandRecord:
    """A hand from its statements in the order written: ``(kind, value)`` as the builder makes them."""
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
