"""A position of a hand whose cards are all known, as the solver takes it.

The position names nothing of a four-handed game: the seats in play come as a
list in turn order, each with its side, so a lone hand (three seats), a lone
defender (two or three), or the two- and three-handed games are positions of
the same type.  Sides are any labels: partners share one, and in a game where
each plays for himself every seat has its own; the solver counts the tricks of
one side against all the others together (the makers against best defence).

How a trick is won comes from :func:`auditor.cards.trump_view`, the replay's own
tables: the highest card of the suit led wins unless a trump is played (the
left bower and the joker are trumps); with no trump the joker is a suit of its
own that wins any trick, and ``low`` reverses the order of the suit led.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ..cards import Card, Suit, TrumpView, trump_view


class PositionError(ValueError):
    """A position that cannot be played out (cards held twice, hands of the wrong sizes...)."""


@dataclass(frozen=True, slots=True)
class Contract:
    """What wins a trick: a trump suit, or no trump (``trump`` None) played high or ``low``."""

    trump: Suit | None
    low: bool = False

    @property
    def view(self) -> TrumpView:
        return trump_view(self.trump, self.low)

    def __str__(self) -> str:
        if self.trump is None:
            return "no trump, low" if self.low else "no trump, high"
        return f"{self.trump.name.lower()} trump"


@dataclass(frozen=True, slots=True)
class Position:
    """The seats in play in turn order, a side per seat, the cards each holds, and the trick in progress.

    ``leader`` is the index (into ``seats``) of the player who led the trick in
    progress, or who leads next when ``trick`` is empty; ``trick`` holds the
    cards played to it so far, from the leader on.  The tricks still to play
    follow from the hands: every seat holds as many cards as there are tricks
    left, less one for those who have played to the trick in progress.
    """

    seats: tuple[Hashable, ...]
    sides: tuple[Hashable, ...]
    hands: tuple[frozenset[Card], ...]
    contract: Contract
    leader: int = 0
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        n = len(self.seats)
        if n < 2 or len(self.sides) != n or len(self.hands) != n:
            raise PositionError("a position needs two or more seats, each with a side and a hand")
        if not 0 <= self.leader < n or len(self.trick) >= n:
            raise PositionError("the leader must be a seat in play, and the trick in progress must lack a card")
        seen: set[Card] = set(self.trick)
        if len(seen) != len(self.trick):
            raise PositionError("a card is played twice to the trick")
        for hand in self.hands:
            if seen & hand:
                raise PositionError(f"{sorted(map(str, seen & hand))[0]} is held twice")
            seen |= hand
        left = self.tricks_left
        for i, hand in enumerate(self.hands):
            played = (i - self.leader) % n < len(self.trick)
            if len(hand) != left - (1 if played else 0):
                raise PositionError(f"{self.seats[i]} holds {len(hand)} cards; {left - played} are needed for {left} tricks")

    @property
    def to_play(self) -> int:
        """The index of the seat whose turn it is."""
        return (self.leader + len(self.trick)) % len(self.seats)

    @property
    def tricks_left(self) -> int:
        """The tricks still to play, the one in progress included."""
        return len(self.hands[self.to_play])

    def legal(self) -> frozenset[Card]:
        """The cards the seat to play may play: the suit led when it can, else any."""
        hand = self.hands[self.to_play]
        if not self.trick:
            return hand
        suit_of = self.contract.view.suit_of
        led = suit_of[self.trick[0]]
        following = frozenset(c for c in hand if suit_of[c] is led)
        return following or hand

    def play(self, card: Card) -> tuple[Position, int | None]:
        """The position after the seat to play plays ``card``, and the index of the trick's winner when it completes it."""
        me = self.to_play
        if card not in self.hands[me]:
            raise PositionError(f"{self.seats[me]} does not hold {card}")
        hands = tuple(h - {card} if i == me else h for i, h in enumerate(self.hands))
        trick = (*self.trick, card)
        if len(trick) < len(self.seats):
            return Position(self.seats, self.sides, hands, self.contract, self.leader, trick), None
        winner = (self.leader + trick_winner(trick, self.contract)) % len(self.seats)
        return Position(self.seats, self.sides, hands, self.contract, winner, ()), winner


def trick_winner(trick: tuple[Card, ...], contract: Contract) -> int:
    """The index, in play order, of the card that wins a trick (as the replay judges it)."""
    view = contract.view
    suit_of, power, trump = view.suit_of, view.power, view.trump
    led = suit_of[trick[0]]
    best, top = 0, power[trick[0]]
    for i, card in enumerate(trick[1:], 1):
        suit = suit_of[card]
        if (suit is trump or suit is led) and power[card] > top:
            best, top = i, power[card]
    return best
