"""Who played each card, by the rules: EGN's records leave it to the replay.

The text notation writes a seat on every card; EGN writes only the order of
the cards.  Converting between them needs the seats the rules give, which the
replay already works out (``HandReplay`` seats plays whose seat is ``None``).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Seat
from ..model import HandRecord, Play, TrickRecord
from ..replay.hand import HandReplay
from ..rules.schema import Ruleset
from ..table import table_of


def _bare(hand: HandRecord) -> HandRecord:
    tricks = tuple(TrickRecord(tuple(Play(None, p.card, p.pos) for p in t.plays), t.pos) for t in hand.tricks)
    return replace(hand, tricks=tricks)


def replay_seats(hand: HandRecord, rules: Ruleset) -> dict[int, list[Seat]]:
    """Trick number (from 1) -> the seat of each of its cards, as the replay seats them."""
    seats: dict[int, list[Seat]] = {}
    for fact in HandReplay(hand, rules, 0).run().plays:
        seats.setdefault(fact.trick, []).append(fact.seat)
    return seats


def seats_by_rules(hand: HandRecord, rules: Ruleset) -> dict[int, list[Seat]]:
    """The seats the rules alone give (every written seat ignored)."""
    return replay_seats(_bare(hand), rules)


def seated(hand: HandRecord, rules: Ruleset) -> tuple[HandRecord, list[int]]:
    """``hand`` with every play's seat filled in, and the tricks the rules could not seat.

    A trick the rules cannot seat (no trump was made, or a trick past the
    last) gets the seats clockwise from the dealer's left; the replay ignores
    such tricks whatever their seats, so the verdict does not change.
    """
    if all(p.seat is not None for t in hand.tricks for p in t.plays):
        return hand, []
    by_rules = replay_seats(hand, rules)
    tricks, guessed = [], []
    for number, trick in enumerate(hand.tricks, 1):
        seats = by_rules.get(number)
        if seats is None or len(seats) != len(trick.plays):
            guessed.append(number)
            seats = [table_of(rules).after(hand.dealer, 1 + i) for i in range(len(trick.plays))]
        plays = tuple(Play(p.seat if p.seat is not None else s, p.card, p.pos) for p, s in zip(trick.plays, seats, strict=True))
        tricks.append(TrickRecord(plays, trick.pos))
    return replace(hand, tricks=tuple(tricks)), guessed
