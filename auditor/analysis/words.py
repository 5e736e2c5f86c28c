"""How the analysis says what it found: sentences that know their seats, sides and cards.

The sentences are :class:`~auditor.said.Said` strings, as every finding's, so
the ruling names the players (``Carol (South) leads QS``) where the game's tags
give them, and programs read the plain words (``S leads QS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Seat, Suit
from ..said import Said, said
from .solver import Step

_SUIT_NAMES = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


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


def joined(parts: Sequence[Said | str], sep: str = ", ") -> Said:
    """The parts one after the other, each keeping what it names."""
    template = sep.join(f"{{p{i}}}" for i in range(len(parts)))
    return said(template, **{f"p{i}": part if isinstance(part, Said) else Said(part) for i, part in enumerate(parts)})


def line_text(steps: Sequence[Step], seats: Sequence[Seat], first_trick: int) -> list[Said]:
    """A line of play, one sentence per trick: 'trick 4: S leads JH, W QD, N QC, E KH; S wins'."""
    out: list[Said] = []
    trick: list[Said] = []
    number = first_trick
    for step in steps:
        seat = seats[step.seat]
        trick.append(said("{seat} leads {card}" if not trick else "{seat} {card}", seat=seat, card=step.card))
        if step.winner is not None:
            out.append(said("trick {n}: {plays}; {winner} wins", n=number, plays=joined(trick), winner=seats[step.winner]))
            trick, number = [], number + 1
    if trick:
        out.append(said("trick {n}: {plays}", n=number, plays=joined(trick)))
    return out
