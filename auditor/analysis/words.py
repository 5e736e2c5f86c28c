"""How the analysis names players and lines of play in a ruling."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards import Card, Seat, Suit
from .solver import Step

_SUIT_NAMES = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


def who(seat: Seat, players: Mapping[Seat, str | None]) -> str:
    """``Carol (S)`` when the game's tags name the player, else ``S``."""
    name = players.get(seat)
    return f"{name} ({seat})" if name else str(seat)


def tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


def suit_word(suit: Suit, trump: Suit | None) -> str:
    """``trump``, ``heart``... as in 'a legal heart'."""
    if suit is trump:
        return "trump"
    return _SUIT_NAMES.get(suit, "card")


def claimed_text(claimed: int | None, remaining: int) -> str:
    """What a claim was of: 'the last 2 tricks', 'the last trick', '2 of the last 3 tricks'."""
    if claimed is None or claimed == remaining:
        return "the last trick" if remaining == 1 else f"the last {remaining} tricks"
    return f"{claimed} of the last {remaining} tricks"


def line_text(steps: Sequence[Step], seats: Sequence[Seat], players: Mapping[Seat, str | None], first_trick: int) -> list[str]:
    """A line of play, one sentence per trick: 'trick 4: Carol (S) leads JH, Dan (W) QD, ...; Carol (S) wins'."""
    out: list[str] = []
    trick: list[str] = []
    number = first_trick
    for step in steps:
        name = who(seats[step.seat], players)
        trick.append(f"{name} {'leads ' if not trick else ''}{step.card}")
        if step.winner is not None:
            out.append(f"trick {number}: {', '.join(trick)}; {who(seats[step.winner], players)} wins")
            trick, number = [], number + 1
    if trick:
        out.append(f"trick {number}: {', '.join(trick)}")
    return out


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))
