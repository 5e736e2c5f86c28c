"""Who played each card, by the rules: EGN's records leave it to the reader.

The text notation writes a seat on every card; EGN writes only the order of
the cards.  Converting between them needs the seats the rules give: the
first trick is led as the bidding has it, each later one by the winner of the
one before, and the cards go round the seats in play (:mod:`auditor.turns`,
which the replay plays by too).  Where the rules cannot give them (the
bidding is not written), the deal shows who held each card.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ..cards import SUITS, Card, Seat, Suit
from ..model import HandRecord, Play, TrickRecord
from ..rules.schema import Ruleset
from ..table import Table, table_of
from ..turns import Made, first_leader, in_play, made, next_in_play, sitting_out, trick_winner


def _bare(hand: HandRecord) -> HandRecord:
    tricks = tuple(TrickRecord(tuple(Play(None, p.card, p.pos) for p in t.plays), t.pos) for t in hand.tricks)
    return replace(hand, tricks=tricks)


def ruled_seats(hand: HandRecord, rules: Ruleset) -> tuple[dict[int, list[Seat]], Suit | None]:
    """Trick number (from 1) -> the seat of each of its cards, as the rules seat them; and the suit they were
    seated by when they depend on a suit the record does not show (a joker ordered up, EGN): of the suits it
    can have offered, the one under which the fewest cards are played by a seat the deal did not give them
    (None: every suit seats them alike)."""
    table = table_of(rules)
    contract = made(hand, rules, table)
    if contract is None:
        return {}, None
    if not contract.joker_open:
        return _by_rules(hand, rules, table, contract, contract.trump), None
    holders = _holders(hand)
    tried = []
    for suit in SUITS:  # the suit the joker offered: trump
        seats = _by_rules(hand, rules, table, contract, suit)
        tried.append((_misfits(hand, seats, holders), seats, suit))
    _, seats, suit = min(tried, key=lambda t: t[0])  # the first such suit, in a tie
    return seats, (suit if any(other != seats for _, other, _ in tried) else None)


def _by_rules(hand: HandRecord, rules: Ruleset, table: Table, contract: Made, trump: Suit | None) -> dict[int, list[Seat]]:
    """The seats of the written tricks (those a hand has, at most) as the rules give them: the cards go round the
    seats in play from each trick's leader; a seat written on a card is kept, and the turn goes on from it."""
    active = in_play(table, sitting_out(table, contract.maker, contract.alone, contract.defender))
    leader = first_leader(table, rules, hand.dealer, contract.maker, contract.alone, active)
    seats: dict[int, list[Seat]] = {}
    for number, trick in enumerate(hand.tricks[:table.tricks], 1):
        plays: tuple[Play, ...] | list[Play] = trick.plays
        if any(p.seat is None for p in plays):
            plays, seat = [], leader
            for play in trick.plays:
                plays.append(play if play.seat is not None else Play(seat, play.card, play.pos))
                seat = next_in_play(table, plays[-1].seat, active)  # type: ignore[arg-type]
        winner = trick_winner(plays, trump, contract.low)
        if winner is None:
            continue
        seats[number] = [p.seat for p in plays]  # type: ignore[misc]
        leader = winner
    return seats


def _holders(hand: HandRecord) -> dict[Card, Seat]:
    """Card -> the seat the deal gave it (the up card, dealt to nobody, the dealer's)."""
    holders = {card: holding.seat for holding in hand.deal for card in holding.cards}
    if hand.up is not None:
        holders.setdefault(hand.up, hand.dealer)
    return holders


def _misfits(hand: HandRecord, seats: dict[int, list[Seat]], holders: dict[Card, Seat]) -> int:
    """How many cards ``seats`` has played by a seat the deal did not give them."""
    return sum(1 for number, trick in seats.items() for p, seat in zip(hand.tricks[number - 1].plays, trick)
               if holders.get(p.card, seat) is not seat)


def seats_by_rules(hand: HandRecord, rules: Ruleset) -> dict[int, list[Seat]]:
    """The seats the rules alone give (every written seat ignored)."""
    return ruled_seats(_bare(hand), rules)[0]


def _by_deal(hand: HandRecord, trick: TrickRecord) -> list[Seat] | None:
    """The seats of ``trick``'s cards as the deal gives them (the up card, dealt to nobody, the dealer's); None
    unless every card was dealt to one seat and no seat plays twice."""
    holders = _holders(hand)
    seats = [holders.get(p.card) for p in trick.plays]
    if any(seat is None for seat in seats) or len(set(seats)) != len(seats):
        return None
    return seats  # type: ignore[return-value]


class Seated(NamedTuple):
    """A hand with every play's seat filled in, and how the seats the rules could not give were found."""

    hand: HandRecord
    by_deal: list[int]  # the tricks seated as the deal gives their cards
    clockwise: list[int]  # the tricks seated clockwise from the dealer's left
    by_suit: Suit | None  # the suit of a joker ordered up the seats were worked out by (see :func:`ruled_seats`)


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
    by_rules, by_suit = ruled_seats(hand, rules)
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
