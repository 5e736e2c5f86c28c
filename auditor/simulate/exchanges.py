"""EGN's exchanges of cards: going under, before the bidding (EGN alternate-rules.md, ``go_under``)."""

from __future__ import annotations

import random

from ..cards import SUITS, Card, Rank, Seat
from ..rules.schema import GoUnderHand, NoTrumpCall, Ruleset
from .bidding import CALL_AT
from .dealing import LOW_RANKS, Deal
from .sense import no_trump_strength, strength

#: how often a player dealt a poor hand that may go under does, where the ruleset allows it
UNDER_WHEN_ALLOWED = 0.6
#: the cards going under exchanges, for as many of the kitty's face-down cards
UNDER_CARDS = 3
_FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def may_go_under(cards: list[Card], kinds: list[GoUnderHand]) -> bool:
    """EGN: "a remarkably poor hand (e.g., three 9s and 10s, or no face cards)", as ``deal.go_under_hands``
    lists them: three or more 9s and 10s; no jack, queen or king (the joker is a face card, an ace is not)."""
    if GoUnderHand.THREE_NINES_AND_TENS in kinds and sum(1 for c in cards if c.rank in LOW_RANKS) >= UNDER_CARDS:
        return True
    return GoUnderHand.NO_FACE_CARDS in kinds and not any(c.is_joker or c.rank in _FACE_RANKS for c in cards)


def going_under(rules: Ruleset, cards: Deal, dealer: Seat, rng: random.Random) -> tuple[Seat, list[Card], list[Card]] | None:
    """Going under (``deal.go_under``): the first seat from the dealer's left dealt a hand that may go under,
    and worth no bid, that chooses to swaps its three lowest cards for three of the kitty's face-down cards
    (the top three, where the kitty has more).  The hands change; returns the seat, the cards given and the
    cards taken, or None.  The kitty is exchanged once a hand: not after a farmer's hand."""
    if not rules.deal.go_under or len(cards.face_down) < UNDER_CARDS:
        return None
    seat = dealer.left
    for _ in range(4):
        hand = cards.hands[seat]
        if may_go_under(hand, rules.deal.go_under_hands) and _poor(rules, hand) and rng.random() < UNDER_WHEN_ALLOWED:
            given = sorted(hand, key=lambda c: (c.is_joker, int(c.rank), c.suit.value))[:UNDER_CARDS]
            taken = cards.face_down[:UNDER_CARDS]
            cards.hands[seat] = [c for c in hand if c not in given] + taken
            cards.face_down = given + cards.face_down[UNDER_CARDS:]
            return seat, given, taken
        seat = seat.left
    return None


def _poor(rules: Ruleset, hand: list[Card]) -> bool:
    """Worth no bid: not in any suit, nor high or low where the ruleset has them."""
    enough = CALL_AT * rules.deck.hand_size
    ranks = [Rank.parse(r.value) for r in rules.deck.ranks]
    values = [strength(hand, s) for s in SUITS]
    values += [no_trump_strength(hand, kind is NoTrumpCall.LOW, ranks) for kind in rules.bidding.no_trump_calls]
    return max(values) < enough
