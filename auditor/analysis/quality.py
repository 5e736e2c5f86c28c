"""How well a hand was played: what each card cost against best play, double dummy.

The hand is walked along the cards as played.  Before each card the makers'
tricks with best play from there on are known (the tricks already taken
counted in); a card costs its side the tricks by which that figure moves
against it once the card is down.  A card that is one of a kind among the legal
cards (the only legal card, or one of several equivalent ones) costs nothing
and needs no search; every other card needs one test with a null window ("is
the figure unchanged?"), and an exact search only when it is not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Seat, Team
from .replayed import PlayedHand
from .solver import Solver
from ..table import FOUR

#: the four-handed table (the analysis runs only there): each seat's partnership, and the other one
_TEAM = FOUR.side_of


@dataclass(frozen=True, slots=True)
class CostlyCard:
    trick: int
    seat: Seat
    card: Card
    tricks: int  # tricks it gave up


@dataclass(frozen=True, slots=True)
class PlayQuality:
    """The makers' double-dummy tricks at the start of the play, and what each seat's cards gave up."""

    dd_tricks: int  # the makers' tricks with best play by everyone from the first lead
    taken: int  # the makers' tricks as played
    given_up: dict[Seat, int]  # per seat in play: tricks its cards cost its side
    first_costly: CostlyCard | None
    nodes: int

    def side_gave(self, team: Team) -> int:
        return sum(v for s, v in self.given_up.items() if _TEAM[s] is team)


def play_quality(hand: PlayedHand, max_nodes: int) -> PlayQuality:
    """What each card of a played hand cost its side (raises :class:`SearchLimit` past ``max_nodes``)."""
    solver = Solver(hand.start, hand.maker, max_nodes)
    seats = hand.seats
    taken = sum(1 for f in hand.plays if f.won and _TEAM[f.seat] is hand.maker)
    value = solver.value_near(taken)
    dd = value
    given = {s: 0 for s in seats}
    first: CostlyCard | None = None
    for fact in hand.plays:
        mover = solver.to_play
        makers = solver.counted[mover]
        alone = solver.only_choice(fact.card)
        solver.play(fact.card)
        if not alone:
            if makers:
                kept = solver.at_least(value - solver.won)
            else:
                kept = not solver.at_least(value - solver.won + 1)
            if not kept:
                after = solver.won + solver.value()
                cost = value - after if makers else after - value
                value = after
                given[seats[mover]] += cost
                if first is None:
                    first = CostlyCard(fact.trick, seats[mover], fact.card, cost)
    return PlayQuality(dd, solver.won, given, first, solver.nodes)
