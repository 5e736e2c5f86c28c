"""Who played each card, by the rules: EGN's records leave it to the replay.

The text notation writes a seat on every card; EGN writes only the order of
the cards.  Converting between them needs the seats the rules give, which the
replay already works out (``HandReplay`` seats plays whose seat is ``None``);
where the rules cannot give them (the bidding is not written), the deal shows
who held each card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ..cards import SUITS, Seat, Suit
from ..model import HandRecord, Play, TrickRecord
from ..replay.gaps import joker_suit_open, joker_suits
from ..replay.hand import HandReplay
from ..results import PlayFact
from ..rules.schema import Ruleset
from ..table import table_of


def _bare(hand: HandRecord) -> HandRecord:
    tricks = tuple(TrickRecord(tuple(Play(None, p.card, p.pos) for p in t.plays), t.pos) for t in hand.tricks)
    return replace(hand, tricks=tricks)


def replay_seats(hand: HandRecord, rules: Ruleset) -> tuple[dict[int, list[Seat]], Suit | None]:
    """Trick number (from 1) -> the seat of each of its cards, as the replay seats them; and the suit they were
    seated by when they depend on a suit the record does not show (a joker ordered up, EGN): of the suits it
    can have offered, the one whose replay makes the fewest findings (None: every suit seats them alike)."""
    players = table_of(rules).players
    if not joker_suit_open(hand, rules, players):
        return _seats(HandReplay(hand, rules, 0).run().plays), None
    tried = []
    for suit, reading in zip(SUITS, joker_suits(hand, rules, players), strict=True):  # one reading a suit, in order
        result = HandReplay(reading, rules, 0).run()
        tried.append((len(result.findings), _seats(result.plays), suit))
    _, seats, suit = min(tried, key=lambda t: t[0])  # the first such suit, in a tie
    return seats, (suit if any(other != seats for _, other, _ in tried) else None)


def _seats(plays: tuple[PlayFact, ...]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = {}
    for fact in plays:
        seats.setdefault(fact.trick, []).append(fact.seat)
    return seats


def seats_by_rules(hand: HandRecord, rules: Ruleset) -> dict[int, list[Seat]]:
    """The seats the rules alone give (every written seat ignored)."""
    return replay_seats(_bare(hand), rules)[0]


def _by_deal(hand: HandRecord, trick: TrickRecord) -> list[Seat] | None:
    """The seats of ``trick``'s cards as the deal gives them (the up card, dealt to nobody, the dealer's); None
    unless every card was dealt to one seat and no seat plays twice."""
    holders = {card: holding.seat for holding in hand.deal for card in holding.cards}
    if hand.up is not None:
        holders.setdefault(hand.up, hand.dealer)
    seats = [holders.get(p.card) for p in trick.plays]
    if any(seat is None for seat in seats) or len(set(seats)) != len(seats):
        return None
    return seats  # type: ignore[return-value]


class Seated(NamedTuple):
    """A hand with every play's seat filled in, and how the seats the rules could not give were found."""

    hand: HandRecord
    by_deal: list[int]  # the tricks seated as the deal gives their cards
    clockwise: list[int]  # the tricks seated clockwise from the dealer's left
    by_suit: Suit | None  # the suit of a joker ordered up the seats were worked out by (see :func:`replay_seats`)


def seated(hand: HandRecord, rules: Ruleset) -> Seated:
    """``hand`` with every play's seat filled in: as the rules give them, and where they cannot (no trump was
    made, the bidding is not written, a trick past the last) as the deal gives the cards, or failing that
    clockwise from the dealer's left.

    A trick the rules cannot seat is judged in every reading the record allows (each bidding, where none is
    written) or not at all (no trump was made, a trick past the last); who held each card, which the deal
    shows, is the same in every reading.
    """
    if all(p.seat is not None for t in hand.tricks for p in t.plays):
        return Seated(hand, [], [], None)
    by_rules, by_suit = replay_seats(hand, rules)
    tricks, by_deal, clockwise = [], [], []
    for number, trick in enumerate(hand.tricks, 1):
        seats = by_rules.get(number)
        if seats is None or len(seats) != len(trick.plays):
            seats = _by_deal(hand, trick)
            if seats is not None:
                by_deal.append(number)
            else:
                clockwise.append(number)
                seats = [table_of(rules).after(hand.dealer, 1 + i) for i in range(len(trick.plays))]
        plays = tuple(Play(p.seat if p.seat is not None else s, p.card, p.pos) for p, s in zip(trick.plays, seats, strict=True))
        tricks.append(TrickRecord(plays, trick.pos))
    return Seated(replace(hand, tricks=tuple(tricks)), by_deal, clockwise, by_suit)
