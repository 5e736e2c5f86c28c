"""The bidding: who orders up, names a suit (or high or low) or goes alone, by the strength of their
cards and what the ruleset allows; and the defender who defends alone."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import SUITS, Card, Rank, Seat, Suit, effective_suit
from ..rules.schema import JokerUp, NoTrumpCall, Ruleset
from .sense import no_trump_strength, strength, worst
from ..table import Table

#: the strength it takes to make trump, and to go alone, for each card of the hand
CALL_AT, ALONE_AT = 1.15, 1.9
#: how often a defender strong enough to defend alone does, where the ruleset allows it
DEFEND_ALONE_WHEN_STRONG = 0.5
#: the strength that makes a defender think of defending alone, as a share of what it takes to call: all of
#: it against two makers; against a lone maker less (the partner's cards help less, and a euchre pays double)
DEFEND_ALONE_AT, DEFEND_ALONE_AGAINST_LONE_AT = 1.0, 0.6


@dataclass(slots=True)
class Contract:
    """How the bidding ended: the calls as written, and who made what (maker None: nobody did)."""

    calls: list[str] = field(default_factory=list)
    maker: Seat | None = None
    trump: Suit | None = None
    no_trump: NoTrumpCall | None = None  # a high or low hand: no trump
    alone: bool = False
    round: int | None = None
    defender: Seat | None = None  # a defender who defends alone

    @property
    def low(self) -> bool:
        return self.no_trump is NoTrumpCall.LOW


class Bidder:
    """The calls of one hand, seat by seat from the dealer's left."""

    def __init__(self, rules: Ruleset, hands: dict[Seat, list[Card]], up: Card, up_suit: Suit | None, dealer: Seat,
                 table: Table, shown: dict[Seat, list[Card]] | None = None) -> None:
        """``shown``: with a tableau, each seat's face-up cards, which count with the hand (the cards under
        them are not known yet)."""
        self.rules = rules
        self.table = table
        self.hands = {seat: cards + shown[seat] for seat, cards in hands.items()} if shown else hands
        self.up = up
        self.dealer = dealer
        #: the suit the up card offers: its own, the one the dealer named for the joker, or None (the maker names it)
        self.offered = up_suit if up.is_joker else up.suit
        size = rules.deck.hand_size + rules.deck.tableau  # the cards a player sees
        self.call_at = CALL_AT * size
        self.alone_at = ALONE_AT * size
        self.ranks = [Rank.parse(r.value) for r in rules.deck.ranks]

    def bid(self) -> Contract:
        out = Contract()
        return self.round_one(out) or self.round_two(out)

    # ----------------------------------------------------------------- round 1
    def round_one(self, out: Contract) -> Contract | None:
        """Order the up card or pass; None when all four pass."""
        bidding, dealer = self.rules.bidding, self.dealer
        maker_names = self.up.is_joker and bidding.joker_up is JokerUp.MAKER_NAMES
        partner, may_go_alone = self.table.partner, self.table.partnerships
        for seat in self.table.clockwise_from(self.table.left[dealer]):
            suit = self.offered if self.offered is not None else self.best_suit_to_order(seat)
            value = self.order_value(seat, suit)
            named = f" {suit.value}" if maker_names else ""
            if not self.may_take_up(seat, suit):
                pass  # the ruleset forbids this seat to order it up
            elif bidding.dealer_partner_order_alone and partner[seat] is dealer:
                # the Canadian loner: the dealer's partner may order up only to play alone
                if bidding.alone_on_order and value >= self.alone_at:
                    out.calls.append(f"{seat} order{named} alone")
                    return _made(out, seat, suit, None, True, 1)
            elif value >= self.call_at:
                alone = may_go_alone and bidding.alone_on_order and value >= self.alone_at
                out.calls.append(f"{seat} order{named}{' alone' if alone else ''}")
                return _made(out, seat, suit, None, alone, 1)
            out.calls.append(f"{seat} pass")
        return None

    def order_value(self, seat: Seat, suit: Suit) -> float:
        """What ordering the up card up in ``suit`` is worth to ``seat``'s side."""
        hand = self.hands[seat]
        if seat is self.dealer:
            held = hand + [self.up]
            held.remove(worst(held, suit))
            return strength(held, suit)
        return strength(hand, suit) + (0.8 if self.table.partner[seat] is self.dealer else -0.6)

    def best_suit_to_order(self, seat: Seat) -> Suit:
        """For a joker turned up where the maker names its suit: the suit ``seat`` would name."""
        return max(SUITS, key=lambda s: (self.may_take_up(seat, s), self.order_value(seat, s), s.value))

    def may_take_up(self, seat: Seat, suit: Suit) -> bool:
        """Seed 003's two rules on ordering up, judged on the seat's own cards (not the up card)."""
        bidding, hand = self.rules.bidding, self.hands[seat]
        if bidding.order_needs_the_suit and not any(c.suit is suit and not c.is_joker for c in hand):
            return False  # the left bower (and the joker) does not count
        if bidding.dealer_needs_another_trump and seat is self.dealer:
            return any(effective_suit(c, suit) is suit for c in hand)
        return True

    # ----------------------------------------------------------------- round 2
    def round_two(self, out: Contract) -> Contract:
        """Name a suit other than the one turned down (or high or low), or pass."""
        bidding = self.rules.bidding
        turned_down = None if bidding.may_name_turned_down_suit else self.offered
        last = self.table.players - 1  # the dealer bids last
        for i, seat in enumerate(self.table.clockwise_from(self.table.left[self.dealer])):
            hand = self.hands[seat]
            best = max((s for s in SUITS if s is not turned_down), key=lambda s: (strength(hand, s), s.value))
            value = strength(hand, best)
            no_trump = None
            for kind in bidding.no_trump_calls:
                nt_value = no_trump_strength(hand, kind is NoTrumpCall.LOW, self.ranks)
                if nt_value > value:
                    value, no_trump = nt_value, kind
            stuck = bidding.stick_the_dealer and i == last
            if i == last and bidding.misdeal_when_round_two_reaches_dealer and not stuck:
                break  # the three before the dealer passed: a misdeal, the dealer may not name trump
            if value >= self.call_at or stuck:
                alone = self.table.partnerships and bidding.alone_on_call and value >= self.alone_at
                named = no_trump.value if no_trump is not None else best.value
                out.calls.append(f"{seat} call {named}{' alone' if alone else ''}")
                return _made(out, seat, best if no_trump is None else None, no_trump, alone, 2)
            out.calls.append(f"{seat} pass")
        return out

    # ------------------------------------------------------------ defending alone
    def defend_alone(self, out: Contract, rng: random.Random) -> None:
        """Once trump is made, a defender strong against the contract may defend alone (seed 003 lines 32-35)."""
        bidding, maker = self.rules.bidding, out.maker
        if maker is None or not bidding.defend_alone or (bidding.defend_alone_only_against_lone and not out.alone):
            return
        enough = self.call_at * (DEFEND_ALONE_AGAINST_LONE_AT if out.alone else DEFEND_ALONE_AT)
        left = self.table.left[maker]
        for seat in (left, self.table.partner[left]):
            assert seat is not None  # defending alone needs partners (the ruleset's schema says so)
            if self.defence_value(seat, out) >= enough and rng.random() < DEFEND_ALONE_WHEN_STRONG:
                out.calls.append(f"{seat} defend alone")
                out.defender = seat
                return

    def defence_value(self, seat: Seat, out: Contract) -> float:
        hand = self.hands[seat]
        if out.trump is None:
            return no_trump_strength(hand, out.low, self.ranks)
        if seat is self.dealer and out.round == 1:
            return self.order_value(seat, out.trump)
        return strength(hand, out.trump)


def _made(out: Contract, maker: Seat, trump: Suit | None, no_trump: NoTrumpCall | None, alone: bool, round_: int) -> Contract:
    out.maker, out.trump, out.no_trump, out.alone, out.round = maker, trump, no_trump, alone, round_
    return out
