"""EGN's exchanges of cards: going under, before the bidding, and partner's best, once a lone maker has
made trump (EGN alternate-rules.md, ``go_under`` and ``partners_best``)."""

from __future__ import annotations

import random

from ..cards import SUITS, Card, Rank, Seat, TrumpView, trump_view
from ..rules.schema import GoUnderHand, NoTrumpCall, Ruleset
from .bidding import CALL_AT, Contract
from .dealing import LOW_RANKS, Deal
from .sense import no_trump_strength, strength, worst
from ..table import Table

#: how often a player dealt a poor hand that may go under does, where the ruleset allows it
UNDER_WHEN_ALLOWED = 0.6
#: "a remarkably poor hand": worth at most this share of a bid in every suit (and high or low)
POOR_AT = 0.7
#: how often a lone maker calls for their partner's best card, where the ruleset allows it
BEST_WHEN_ALLOWED = 0.8
#: the cards going under exchanges, for as many of the kitty's face-down cards
UNDER_CARDS = 3
_FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def may_go_under(cards: list[Card], kinds: list[GoUnderHand]) -> bool:
    """EGN: "a remarkably poor hand (e.g., three 9s and 10s, or no face cards)", as ``deal.go_under_hands``
    lists them: three or more 9s and 10s; no jack, queen or king (the joker is a face card, an ace is not)."""
    if GoUnderHand.THREE_NINES_AND_TENS in kinds and sum(1 for c in cards if c.rank in LOW_RANKS) >= UNDER_CARDS:
        return True
    return GoUnderHand.NO_FACE_CARDS in kinds and not any(c.is_joker or c.rank in _FACE_RANKS for c in cards)


def going_under(rules: Ruleset, cards: Deal, dealer: Seat, rng: random.Random, table: Table) -> tuple[Seat, list[Card], list[Card]] | None:
    """Going under (``deal.go_under``): the first seat from the dealer's left dealt a hand that may go under,
    and worth well under a bid, that chooses to swap its three lowest cards for three of the kitty's face-down cards
    (the top three, where the kitty has more).  The hands change; returns the seat, the cards given and the
    cards taken, or None.  The kitty is exchanged once a hand: not after a farmer's hand."""
    if not rules.deal.go_under or len(cards.face_down) < UNDER_CARDS:
        return None
    for seat in table.clockwise_from(table.left[dealer]):
        hand = cards.hands[seat]
        if may_go_under(hand, rules.deal.go_under_hands) and _poor(rules, hand) and rng.random() < UNDER_WHEN_ALLOWED:
            given = sorted(hand, key=lambda c: (c.is_joker, int(c.rank), c.suit.value))[:UNDER_CARDS]
            taken = cards.face_down[:UNDER_CARDS]
            cards.hands[seat] = [c for c in hand if c not in given] + taken
            cards.face_down = given + cards.face_down[UNDER_CARDS:]
            return seat, given, taken
    return None


def _poor(rules: Ruleset, hand: list[Card]) -> bool:
    """Worth well under a bid: in every suit, and high or low where the ruleset has them."""
    enough = POOR_AT * CALL_AT * rules.deck.hand_size
    ranks = [Rank.parse(r.value) for r in rules.deck.ranks]
    values = [strength(hand, s) for s in SUITS]
    values += [no_trump_strength(hand, kind is NoTrumpCall.LOW, ranks) for kind in rules.bidding.no_trump_calls]
    return max(values) < enough


def partners_best(rules: Ruleset, hands: dict[Seat, list[Card]], contract: Contract, rng: random.Random,
                  table: Table, up_taken: Card | None = None) -> tuple[Seat, Card, Card] | None:
    """Partner's best (``bidding.partners_best``): a lone maker usually calls for it; the partner passes
    their best card (their highest trump when they hold one, which ``partners_best_card: highest-trump``
    asks for), and the lone maker discards the card they would most like to lose.  ``up_taken``: the up
    card, when the partner is the dealer, sitting out, who took it up; it may be the card passed.  The
    hands change; returns the partner, the card passed and the discard, or None."""
    maker = contract.maker
    if not rules.bidding.partners_best or maker is None or not contract.alone or rng.random() >= BEST_WHEN_ALLOWED:
        return None
    partner = table.partner[maker]
    assert partner is not None  # partner's best needs partners (the ruleset's schema says so)
    view = trump_view(contract.trump, contract.low)
    pool = hands[partner] + ([up_taken] if up_taken is not None else [])
    card = best_card(pool, view)
    hands[partner] = [c for c in pool if c != card]
    held = hands[maker] + [card]
    if contract.trump is not None:
        discard = worst(held, contract.trump)
    else:  # no trump: the weakest card in its suit (never the joker)
        discard = min(held, key=lambda c: (c.is_joker, view.power[c], c.suit.value))
    held.remove(discard)
    hands[maker] = held
    return partner, card, discard


def best_card(hand: list[Card], view: TrumpView) -> Card:
    """The card that helps a lone player most: the highest trump, else the strongest card in its suit
    (with no trump the joker, whose suit is the one that beats every other)."""
    return max(hand, key=lambda c: (view.suit_of[c] is view.trump, view.power[c], c.suit.value))
