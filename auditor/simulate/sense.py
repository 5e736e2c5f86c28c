"""Card sense: how strong a hand is for a contract, and which card a player would rather lose."""

from __future__ import annotations

from ..cards import Card, Rank, Suit, effective_suit, trick_strength


def power(c: Card, trump: Suit) -> int:
    """How strong a card is as a trump (for trumps) or in its own suit."""
    return trick_strength(c, effective_suit(c, trump), trump)


def strength(hand: list[Card], trump: Suit) -> float:
    """A rough count of the tricks ``hand`` is worth with ``trump``, in points."""
    value = 0.0
    suits_held = set()
    trumps = 0
    for c in hand:
        suit = effective_suit(c, trump)
        if suit is trump:
            trumps += 1
            p = power(c, trump)
            value += 3.0 if p == 200 else 2.6 if p == 199 else 2.0 if c.rank is Rank.ACE else 1.7 if c.rank is Rank.KING else 1.4
        else:
            suits_held.add(suit)
            if c.rank is Rank.ACE:
                value += 0.9
    if trumps >= 2:
        value += 0.3 * (3 - len(suits_held))
    return value


def worst(cards: list[Card], trump: Suit, keep: Card | None = None) -> Card:
    """The card a player would most like to get rid of (never ``keep``, when there is another)."""
    counts: dict[Suit, int] = {}
    for c in cards:
        s = effective_suit(c, trump)
        counts[s] = counts.get(s, 0) + 1

    def badness(c: Card) -> tuple[int, int, int]:
        s = effective_suit(c, trump)
        if s is trump:
            return (0, 0, -power(c, trump))
        return (1 if c.rank is not Rank.ACE else 0, -counts[s], -int(c.rank))

    ordered = sorted(cards, key=badness, reverse=True)
    for c in ordered:
        if c is not keep:
            return c
    return ordered[0]
