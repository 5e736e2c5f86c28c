"""The play of the tricks: leads and follows by simple heuristics, and the wrong cards played on purpose."""

from __future__ import annotations

import random

from ..cards import Card, Rank, Seat, Suit, Team, effective_suit, trick_strength
from ..rules.schema import FirstLead, Ruleset
from .facts import LEFT_BOWER_LED, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_ONLY_TRUMP, RENEGE_CODE
from .sense import power


def first_leader(rules: Ruleset, dealer: Seat, maker: Seat, alone: bool, active: list[Seat]) -> Seat:
    rule = rules.play.first_lead_alone if alone else rules.play.first_lead
    start = maker.left if rule is FirstLead.LONER_LEFT else dealer.left
    while start not in active:
        start = start.left
    return start


def choose_lead(seat: Seat, hand: list[Card], trump: Suit, maker: Seat) -> Card:
    trumps = [c for c in hand if effective_suit(c, trump) is trump]
    if seat.team is maker.team and trumps and (len(trumps) >= 2 or any(power(c, trump) == 200 for c in trumps)):
        return max(trumps, key=lambda c: power(c, trump))
    aces = [c for c in hand if c.rank is Rank.ACE and effective_suit(c, trump) is not trump]
    if aces:
        return aces[0]
    side = [c for c in hand if effective_suit(c, trump) is not trump]
    if side:
        return min(side, key=lambda c: (int(c.rank), c.suit.value))
    return min(trumps, key=lambda c: power(c, trump))


def choose_follow(seat: Seat, hand: list[Card], trump: Suit, led: Suit, played: list[tuple[Seat, Card]]) -> Card:
    best_seat, best_card = max(played, key=lambda p: trick_strength(p[1], led, trump))
    best_power = trick_strength(best_card, led, trump)
    partner_winning = best_seat is seat.partner
    legal = [c for c in hand if effective_suit(c, trump) is led] or hand

    def low(cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (trick_strength(c, led, trump), int(c.rank), c.suit.value))

    winners = [c for c in legal if trick_strength(c, led, trump) > best_power]
    if winners and not partner_winning:
        return low(winners)
    non_trump = [c for c in legal if effective_suit(c, trump) is not trump]
    return low(non_trump or legal)


class TrickPlay:
    """The tricks of one hand, with at most one wrong card when the hand is to carry a mistake."""

    def __init__(self, rules: Ruleset, rng: random.Random, inject: str | None) -> None:
        self.rules = rules
        self.rng = rng
        self.inject = inject
        #: the wrong card played: trick, seat, code and index of its trick among the hand's trick lines
        self.injected: tuple[int, Seat, str, int] | None = None
        self.tricks_ns = self.tricks_ew = 0

    def mistake(self, seat: Seat, hand: list[Card], trump: Suit, lead: Card | None) -> tuple[Card, str] | None:
        """A wrong card to play now, if this hand carries a mistake that fits here."""
        if self.inject not in ("renege", "left-bower") or self.injected is not None or lead is None:
            return None
        led = effective_suit(lead, trump)
        left = Card.parse("J" + trump.partner.value)
        followers = [c for c in hand if effective_suit(c, trump) is led]
        others = [c for c in hand if effective_suit(c, trump) is not led]
        if not followers or not others or (self.inject == "renege" and self.rng.random() < 0.5):
            return None
        if self.inject == "renege":
            if lead == left or (led is trump and followers == [left]):
                return None
            plain = [c for c in others if c != left]
            return (self.rng.choice(plain), RENEGE_CODE) if plain else None
        # left-bower mistakes: the three ways its double identity misleads a player
        if led is trump.partner and left in hand:
            return left, LEFT_BOWER_ON_ITS_SUIT
        if lead == left:
            return self.rng.choice(others), LEFT_BOWER_LED
        if led is trump and followers == [left]:
            return self.rng.choice(others), LEFT_BOWER_ONLY_TRUMP
        return None

    def play(self, hands: dict[Seat, list[Card]], dealer: Seat, trump: Suit, maker: Seat, alone: bool) -> list[str]:
        """Play every trick; returns the trick lines and counts the tricks each side took."""
        active = [s for s in Seat if not (alone and s is maker.partner)]
        leader = first_leader(self.rules, dealer, maker, alone, active)
        lines: list[str] = []
        won = {Team.NS: 0, Team.EW: 0}
        for t in range(1, self.rules.deck.hand_size + 1):
            played: list[tuple[Seat, Card]] = []
            seat = leader
            led: Suit | None = None
            for _ in range(len(active)):
                hand = hands[seat]
                wrong = self.mistake(seat, hand, trump, played[0][1] if played else None)
                if wrong is not None:
                    card, code = wrong
                    self.injected = (t, seat, code, len(lines))
                elif led is None:
                    card = choose_lead(seat, hand, trump, maker)
                else:
                    card = choose_follow(seat, hand, trump, led, played)
                hand.remove(card)
                if led is None:
                    led = effective_suit(card, trump)
                played.append((seat, card))
                seat = seat.left
                while seat not in active:
                    seat = seat.left
            assert led is not None
            leader = max(played, key=lambda p: trick_strength(p[1], led, trump))[0]
            won[leader.team] += 1
            lines.append("trick " + " ".join(f"{s}:{c}" for s, c in played))
        self.tricks_ns, self.tricks_ew = won[Team.NS], won[Team.EW]
        return lines
