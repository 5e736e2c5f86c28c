"""The deck and the deal."""

from __future__ import annotations

import random

from ..cards import SUITS, Card, Seat
from ..rules.schema import Ruleset


def build_deck(rules: Ruleset) -> tuple[Card, ...]:
    """The ruleset's cards, in a fixed order (the shuffle is the only randomness)."""
    return tuple(Card.parse(r.value + s.value) for s in SUITS for r in rules.deck.ranks)


def deal(rules: Ruleset, deck: tuple[Card, ...], rng: random.Random, dealer: Seat) -> tuple[dict[Seat, list[Card]], Card]:
    """Shuffle and deal: each seat's cards from the dealer's left, and the up card."""
    cards = list(deck)
    rng.shuffle(cards)
    size = rules.deck.hand_size
    hands: dict[Seat, list[Card]] = {}
    seat = dealer.left
    for i in range(4):
        hands[seat] = cards[i * size : (i + 1) * size]
        seat = seat.left
    return hands, cards[4 * size]


def deal_line(hands: dict[Seat, list[Card]], dealer: Seat) -> str:
    """``deal E: ...  S: ...  W: ...  N: ...``, from the dealer's left."""
    holdings = []
    seat = dealer.left
    for _ in range(4):
        holdings.append(f"{seat}: " + " ".join(str(c) for c in hands[seat]))
        seat = seat.left
    return "deal " + "  ".join(holdings)
