"""Positions of a replayed hand: the seats in play, their sides, the cards, who leads.

The solver knows nothing of Euchre's seats; this module is where a four-handed
hand (lone and defend-alone hands included) becomes a :class:`Position`: the
seats in play clockwise, each with its team, and the contract the hand was
played in.  Another seating (the two- and three-handed games) needs only
another way to list the seats and their sides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..cards import SEATS, Card, Seat, Suit, Team
from ..results import HandResult, PlayFact
from .position import Contract, Position, PositionError
from ..table import FOUR

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of


def contract_of(trump: Suit | None, no_trump: str | None) -> Contract:
    return Contract(trump, no_trump == "low")


def seats_in_play(sitting_out: Iterable[Seat]) -> tuple[Seat, ...]:
    """The seats that play, clockwise from North."""
    out = set(sitting_out)
    return tuple(s for s in SEATS if s not in out)


def position(seats: tuple[Seat, ...], held: Mapping[Seat, Iterable[Card]], contract: Contract, leader: Seat,
             trick: tuple[Card, ...] = ()) -> Position | None:
    """The position of the seats in play holding ``held``, ``leader`` having led ``trick`` (or leading next);
    None when the record does not make a whole one (a leader not in play, a card held twice, a hand of the
    wrong size: a damaged record), so that no analysis rests on it."""
    if leader not in seats:
        return None
    try:
        return Position(
            seats=seats, sides=tuple(_TEAM[s] for s in seats), hands=tuple(frozenset(held[s]) for s in seats),
            contract=contract, leader=seats.index(leader), trick=trick,
        )
    except PositionError:
        return None


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand whose every card was played in turn: where the play started, and the cards in order."""

    start: Position
    maker: Team
    plays: tuple[PlayFact, ...]

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.start.seats  # type: ignore[return-value]


def played_hand(result: HandResult, hand_size: int) -> PlayedHand | None:
    """The start of the play and its cards, when the record shows every trick whole and played in turn.

    The cards each seat played are then its hand when the play began (the deal
    with the up card taken and the discard made, and any exchange), so no other
    line of the record is needed.  None when a trick is missing or short, a seat
    plays out of turn, a trick is led by another seat than the last one's
    winner, or a card is played twice: the record does not show a play the
    solver can follow.
    """
    if result.maker is None or (result.trump is None and result.no_trump is None) or not result.plays:
        return None
    plays = result.plays
    seats = tuple(sorted({f.seat for f in plays}))
    n = len(seats)
    if n < 2 or len(plays) != n * hand_size or len({f.card for f in plays}) != len(plays):
        return None
    held: dict[Seat, list[Card]] = {s: [] for s in seats}
    leader: Seat | None = None
    for t in range(hand_size):
        trick = plays[t * n:(t + 1) * n]
        first = trick[0]
        if first.trick != t + 1 or not first.leader or (leader is not None and first.seat is not leader):
            return None
        at = seats.index(first.seat)
        for i, fact in enumerate(trick):
            if fact.trick != t + 1 or fact.seat is not seats[(at + i) % n]:
                return None
            held[fact.seat].append(fact.card)
        leader = next(f.seat for f in trick if f.won)
    start = position(seats, held, contract_of(result.trump, result.no_trump), plays[0].seat)
    return PlayedHand(start, _TEAM[result.maker], plays) if start is not None else None
