"""Card sense: how strong a hand is for a contract, and which card a player would rather lose."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import SUITS, Card, Rank, Suit, effective_suit, trick_strength

#: what a card is worth to its holder's side in strength(), by its power as a trump
_JOKER_WORTH = 3.4
#: a sure winner, and a winner guarded by one card, in a no-trump hand
_NO_TRUMP_TOP, _NO_TRUMP_GUARDED, _NO_TRUMP_JOKER = 2.2, 0.8, 3.0


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
            value += (_JOKER_WORTH if p == 300 else 3.0 if p == 200 else 2.6 if p == 199 else 2.0 if c.rank is Rank.ACE
                      else 1.7 if c.rank is Rank.KING else 1.4)
        else:
            suits_held.add(suit)
            if c.rank is Rank.ACE:
                value += 0.9
    if trumps >= 2:
        value += 0.3 * (3 - len(suits_held))
    return value


def no_trump_strength(hand: Iterable[Card], low: bool, ranks: Iterable[Rank]) -> float:
    """What ``hand`` is worth with no trump, played high or ``low``, on the scale of :func:`strength`.

    A card whose betters in its suit (the higher ranks, or the lower ones when
    low) are all in the hand is a sure winner; one with a single better that
    it can wait out under a guard is worth something; the joker wins any trick.
    """
    order = sorted(ranks, reverse=not low)  # the winning rank first
    cards = list(hand)
    value = _NO_TRUMP_JOKER if any(c.is_joker for c in cards) else 0.0
    for suit in SUITS:
        places = sorted(order.index(c.rank) for c in cards if c.suit is suit and not c.is_joker)
        for held_above, place in enumerate(places):
            if place == held_above:
                value += _NO_TRUMP_TOP
            elif place == held_above + 1 and len(places) > place:
                value += _NO_TRUMP_GUARDED
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
