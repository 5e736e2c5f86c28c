"""The bidding: who orders up, names a suit or goes alone, by the strength of their cards and the ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import SUITS, Card, Seat, Suit
from ..rules.schema import Ruleset
from .sense import strength, worst


@dataclass(slots=True)
class Contract:
    """How the bidding ended: the calls as written, and who made what (maker None: nobody did)."""

    calls: list[str] = field(default_factory=list)
    maker: Seat | None = None
    trump: Suit | None = None
    alone: bool = False
    round: int | None = None


def bid(rules: Ruleset, hands: dict[Seat, list[Card]], up: Card, dealer: Seat) -> Contract:
    """Round 1 (order the up card or pass), then round 2 (name another suit or pass)."""
    bidding = rules.bidding
    size = rules.deck.hand_size
    call_at = 1.15 * size
    alone_at = 1.9 * size
    out = Contract()
    calls = out.calls
    seat = dealer.left
    for _ in range(4):  # round 1: order the up card or pass
        hand = hands[seat]
        if seat is dealer:
            held = hand + [up]
            held.remove(worst(held, up.suit))
            value = strength(held, up.suit)
        else:
            value = strength(hand, up.suit) + (0.8 if seat.partner is dealer else -0.6)
        if bidding.dealer_partner_order_alone and seat.partner is dealer:
            # the Canadian loner: the dealer's partner may order up only to play alone
            if bidding.alone_on_order and value >= alone_at:
                calls.append(f"{seat} order alone")
                return _made(out, seat, up.suit, True, 1)
        elif value >= call_at:
            alone = bidding.alone_on_order and value >= alone_at
            calls.append(f"{seat} order{' alone' if alone else ''}")
            return _made(out, seat, up.suit, alone, 1)
        calls.append(f"{seat} pass")
        seat = seat.left
    for i in range(4):  # round 2: name another suit or pass
        hand = hands[seat]
        best = max((s for s in SUITS if s is not up.suit), key=lambda s: (strength(hand, s), s.value))
        value = strength(hand, best)
        stuck = bidding.stick_the_dealer and i == 3
        if i == 3 and bidding.misdeal_when_round_two_reaches_dealer and not stuck:
            break  # the three before the dealer passed: a misdeal, the dealer may not name trump
        if value >= call_at or stuck:
            alone = bidding.alone_on_call and value >= alone_at
            calls.append(f"{seat} call {best.value}{' alone' if alone else ''}")
            return _made(out, seat, best, alone, 2)
        calls.append(f"{seat} pass")
        seat = seat.left
    return out


def _made(out: Contract, maker: Seat, trump: Suit, alone: bool, round_: int) -> Contract:
    out.maker, out.trump, out.alone, out.round = maker, trump, alone, round_
    return out
