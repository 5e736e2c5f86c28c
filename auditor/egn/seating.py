"""Who played each card, by the rules: EGN's records leave it to the replay.

The text notation writes a seat on every card; EGN writes only the order of
the cards.  Converting between them needs the seats the rules give, which the
replay already works out (``HandReplay`` seats plays whose seat is ``None``).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import SUITS, Seat, Suit
from ..model import HandRecord, Play, TrickRecord
from ..replay.gaps import joker_suit_open, joker_suits
from ..replay.hand import HandReplay
from ..replay.results import PlayFact
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


def seated(hand: HandRecord, rules: Ruleset) -> tuple[HandRecord, list[int], Suit | None]:
    """``hand`` with every play's seat filled in, the tricks the rules could not seat, and the suit of a joker
    ordered up that the seats were worked out by, where the record does not show it and it changes them.

    A trick the rules cannot seat (no trump was made, or a trick past the
    last) gets the seats clockwise from the dealer's left; the replay ignores
    such tricks whatever their seats, so the verdict does not change.
    """
    if all(p.seat is not None for t in hand.tricks for p in t.plays):
        return hand, [], None
    by_rules, by_suit = replay_seats(hand, rules)
    tricks, guessed = [], []
    for number, trick in enumerate(hand.tricks, 1):
        seats = by_rules.get(number)
        if seats is None or len(seats) != len(trick.plays):
            guessed.append(number)
            seats = [table_of(rules).after(hand.dealer, 1 + i) for i in range(len(trick.plays))]
        plays = tuple(Play(p.seat if p.seat is not None else s, p.card, p.pos) for p, s in zip(trick.plays, seats, strict=True))
        tricks.append(TrickRecord(plays, trick.pos))
    return replace(hand, tricks=tuple(tricks)), guessed, by_suit
