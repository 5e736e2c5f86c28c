"""The deck, the deal, and what may happen before the bidding: a misdeal declared for the cards dealt,
the joker's suit named by the dealer, the farmer's exchange with the kitty (seed 003's variations)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import JOKER, SUITS, Card, Rank, Seat, Suit
from ..rules.schema import JokerUp, Misdeal, MisdealHand, Ruleset
from ..table import Table

#: how often a player dealt a misdeal hand declares it where the ruleset says they `can`
MISDEAL_WHEN_ALLOWED = 0.75
#: how often a player dealt three 9s and 10s makes the farmer's exchange where the ruleset allows it
FARMER_WHEN_ALLOWED = 0.75
#: the cards a misdeal hand and a farmer's exchange are made of
LOW_RANKS = (Rank.NINE, Rank.TEN)


@dataclass(slots=True)
class Deal:
    """The cards of one hand: each seat's, the up card, and the face-down rest of the kitty; with a tableau
    (``deck.tableau``), each seat's piles on the table, a card face up on a card face down."""

    hands: dict[Seat, list[Card]]
    up: Card
    face_down: list[Card]
    piles: dict[Seat, list[tuple[Card, Card]]] | None = None


def build_deck(rules: Ruleset) -> tuple[Card, ...]:
    """The ruleset's cards, in a fixed order (the shuffle is the only randomness); the joker last."""
    cards = tuple(Card.parse(r.value + s.value) for s in SUITS for r in rules.deck.ranks)
    return (*cards, JOKER) if rules.deck.joker else cards


def deal(rules: Ruleset, deck: tuple[Card, ...], rng: random.Random, dealer: Seat, table: Table) -> Deal:
    """Shuffle and deal: each seat's cards from the dealer's left, then the kitty, its top card turned up.

    With a tableau (seed 003: "Each person is dealt 4 cards face down in a row, then a card face up on each
    of the face down cards, then a normal five card hand"), the piles come first, in that order."""
    cards = list(deck)
    rng.shuffle(cards)
    size, piles_each = rules.deck.hand_size, rules.deck.tableau
    order = table.clockwise_from(table.left[dealer])
    piles: dict[Seat, list[tuple[Card, Card]]] | None = None
    if piles_each:
        downs, ups = cards[: len(order) * piles_each], cards[len(order) * piles_each : 2 * len(order) * piles_each]
        piles = {seat: list(zip(ups[i * piles_each : (i + 1) * piles_each], downs[i * piles_each : (i + 1) * piles_each]))
                 for i, seat in enumerate(order)}
        cards = cards[2 * len(order) * piles_each :]
    hands: dict[Seat, list[Card]] = {}
    for i, seat in enumerate(order):
        hands[seat] = cards[i * size : (i + 1) * size]
    kitty = cards[len(order) * size : len(order) * size + rules.deck.kitty]
    return Deal(hands, kitty[0], kitty[1:], piles)


def deal_line(hands: dict[Seat, list[Card]], dealer: Seat, table: Table) -> str:
    """``deal E: ...  S: ...  W: ...  N: ...``, from the dealer's left."""
    holdings = [f"{seat}: " + " ".join(str(c) for c in hands[seat]) for seat in table.clockwise_from(table.left[dealer])]
    return "deal " + "  ".join(holdings)


def tableau_line(piles: dict[Seat, list[tuple[Card, Card]]], dealer: Seat, table: Table) -> str:
    """``tableau S: AD/7D KD/8D ...  N: ...``: each seat's piles, face-up card over face-down card."""
    rows = [f"{seat}: " + " ".join(f"{up}/{down}" for up, down in piles[seat])
            for seat in table.clockwise_from(table.left[dealer])]
    return "tableau " + "  ".join(rows)


def joker_suit(rules: Ruleset, up: Card, rng: random.Random) -> Suit | None:
    """The suit the dealer names for a joker turned up, before looking at their cards (`up JK H`);
    None for any other up card, or where the maker names it (`bidding.joker_up: maker-names`)."""
    if not up.is_joker or rules.bidding.joker_up is not JokerUp.DEALER_NAMES:
        return None
    return rng.choice(SUITS)


def is_misdeal_hand(cards: list[Card], kinds: list[MisdealHand]) -> bool:
    """All 9s and 10s, or one ace and the rest 9s and 10s (seed 003 lines 17-20), as the ruleset lists them."""
    low = sum(1 for c in cards if c.rank in LOW_RANKS)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    if MisdealHand.NINES_AND_TENS in kinds and low == len(cards):
        return True
    return MisdealHand.ACE_WITH_NINES_AND_TENS in kinds and aces == 1 and low == len(cards) - 1


def misdeal_declared(rules: Ruleset, hands: dict[Seat, list[Card]], dealer: Seat, rng: random.Random,
                     table: Table) -> Seat | None:
    """The first seat from the dealer's left that declares a misdeal for its cards: always under `must`,
    usually under `can`; None when nobody does (or the ruleset has no misdeal hands)."""
    rule = rules.deal.misdeal
    if rule is Misdeal.NONE:
        return None
    for seat in table.clockwise_from(table.left[dealer]):
        if is_misdeal_hand(hands[seat], rules.deal.misdeal_hands):
            if rule is Misdeal.MUST or rng.random() < MISDEAL_WHEN_ALLOWED:
                return seat
    return None


def farmers_exchange(rules: Ruleset, cards: Deal, dealer: Seat, rng: random.Random, table: Table) -> tuple[Seat, list[Card]] | None:
    """The farmer's hand (seed 003 lines 45-49): the first seat from the dealer's left dealt three 9s and 10s
    that chooses to gives three of them (its 9s first) for the kitty's three face-down cards.  The hands
    change; returns the farmer and the cards given, or None.

    Only where the kitty has exactly three face-down cards: with a bigger kitty (the joker's, the decks
    with cards left out) the seed does not say which three, and the notation cannot.
    """
    if not rules.deal.farmers_hand or len(cards.face_down) != 3:
        return None
    for seat in table.clockwise_from(table.left[dealer]):
        hand = cards.hands[seat]
        low = sorted((c for c in hand if c.rank in LOW_RANKS), key=lambda c: (int(c.rank), c.suit.value))
        if len(low) >= 3 and rng.random() < FARMER_WHEN_ALLOWED:
            given = low[:3]
            cards.hands[seat] = [c for c in hand if c not in given] + cards.face_down
            cards.face_down = given
            return seat, given
    return None
