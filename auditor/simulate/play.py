"""The play of the tricks: leads and follows by simple heuristics, and the wrong cards played on purpose.

A contract is a trump suit, or no trump played high or low; its
:class:`~auditor.cards.TrumpView` says which suit each card belongs to and
how strong it is in a trick.  For a trump contract its tables agree with
:func:`~auditor.cards.effective_suit` and :func:`~auditor.cards.trick_strength`.
"""

from __future__ import annotations

import random

from ..cards import Card, Rank, Seat, Suit, Team, TrumpView, trump_view
from ..rules.schema import FirstLead, Ruleset
from .facts import LEFT_BOWER_LED, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_ONLY_TRUMP, RENEGE_CODE


def first_leader(rules: Ruleset, dealer: Seat, maker: Seat, alone: bool, active: list[Seat]) -> Seat:
    """Who leads the first trick: the ruleset's seat, or the next one in play after it."""
    rule = rules.play.first_lead_alone if alone else rules.play.first_lead
    start = maker.left if rule is FirstLead.LONER_LEFT else dealer.left
    while start not in active:
        start = start.left
    return start


def choose_lead(seat: Seat, hand: list[Card], view: TrumpView, trump: Suit | None, maker: Seat, unseen: set[Card]) -> Card:
    """A trump contract: the makers draw trump with two or a top one; otherwise an off ace, else the lowest card."""
    if trump is None:
        return _no_trump_lead(hand, view, unseen)
    suit_of, power = view.suit_of, view.power
    trumps = [c for c in hand if suit_of[c] is trump]
    if seat.team is maker.team and trumps and (len(trumps) >= 2 or any(power[c] >= 200 for c in trumps)):
        return max(trumps, key=lambda c: power[c])
    aces = [c for c in hand if c.rank is Rank.ACE and suit_of[c] is not trump]
    if aces:
        return aces[0]
    side = [c for c in hand if suit_of[c] is not trump]
    if side:
        return min(side, key=lambda c: (int(c.rank), c.suit.value))
    return min(trumps, key=lambda c: power[c])


def _no_trump_lead(hand: list[Card], view: TrumpView, unseen: set[Card]) -> Card:
    """No trump: a card nothing unseen of its suit beats (the joker is one), else the weakest card."""
    suit_of, power = view.suit_of, view.power
    winners = [c for c in hand if not any(suit_of[o] is suit_of[c] and power[o] > power[c] for o in unseen)]
    if winners:
        return max(winners, key=lambda c: (power[c], c.suit.value))
    return min(hand, key=lambda c: (power[c], c.suit.value))


def choose_follow(seat: Seat, hand: list[Card], view: TrumpView, led: Suit, played: list[tuple[Seat, Card]]) -> Card:
    """Win the trick as cheaply as possible unless partner is winning it; otherwise throw the weakest card."""
    best_seat, best_card = max(played, key=lambda p: view.strength(p[1], led))
    best_power = view.strength(best_card, led)
    partner_winning = best_seat is seat.partner
    legal = [c for c in hand if view.suit_of[c] is led] or hand

    def low(cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (view.strength(c, led), int(c.rank), c.suit.value))

    winners = [c for c in legal if view.strength(c, led) > best_power]
    if winners and not partner_winning:
        return low(winners)
    non_trump = [c for c in legal if view.suit_of[c] is not view.trump]
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
        #: the side that won each trick, in order (for the fast break)
        self.winners: list[Team] = []

    def mistake(self, seat: Seat, hand: list[Card], view: TrumpView, trump: Suit | None, lead: Card | None) -> tuple[Card, str] | None:
        """A wrong card to play now, if this hand carries a mistake that fits here (no left bower without trump)."""
        if self.inject not in ("renege", "left-bower") or self.injected is not None or lead is None:
            return None
        suit_of = view.suit_of
        led = suit_of[lead]
        left = Card.parse("J" + trump.partner.value) if trump is not None else None
        followers = [c for c in hand if suit_of[c] is led]
        others = [c for c in hand if suit_of[c] is not led]
        if not followers or not others or (self.inject == "renege" and self.rng.random() < 0.5):
            return None
        if self.inject == "renege":
            if left is not None and (lead == left or (led is trump and followers == [left])):
                return None
            plain = [c for c in others if c != left]
            return (self.rng.choice(plain), RENEGE_CODE) if plain else None
        if trump is None or left is None:
            return None
        # left-bower mistakes: the three ways its double identity misleads a player
        if led is trump.partner and left in hand:
            return left, LEFT_BOWER_ON_ITS_SUIT
        if lead == left:
            return self.rng.choice(others), LEFT_BOWER_LED
        if led is trump and followers == [left]:
            return self.rng.choice(others), LEFT_BOWER_ONLY_TRUMP
        return None

    def play(self, hands: dict[Seat, list[Card]], dealer: Seat, trump: Suit | None, low: bool, maker: Seat,
             alone: bool, defender: Seat | None, deck: tuple[Card, ...]) -> list[str]:
        """Play every trick (the partners of a lone maker and of a lone defender sit out); returns the
        trick lines and counts the tricks each side took."""
        out = {maker.partner} if alone else set()
        if defender is not None:
            out.add(defender.partner)
        active = [s for s in Seat if s not in out]
        view = trump_view(trump, low)
        unseen = set(deck) if trump is None else set()  # no trump: the cards a player has not seen yet
        leader = first_leader(self.rules, dealer, maker, alone, active)
        lines: list[str] = []
        won = {Team.NS: 0, Team.EW: 0}
        for t in range(1, self.rules.deck.hand_size + 1):
            played: list[tuple[Seat, Card]] = []
            seat = leader
            led: Suit | None = None
            for _ in range(len(active)):
                hand = hands[seat]
                wrong = self.mistake(seat, hand, view, trump, played[0][1] if played else None)
                if wrong is not None:
                    card, code = wrong
                    self.injected = (t, seat, code, len(lines))
                elif led is None:
                    card = choose_lead(seat, hand, view, trump, maker, unseen.difference(hand))
                else:
                    card = choose_follow(seat, hand, view, led, played)
                hand.remove(card)
                unseen.discard(card)
                if led is None:
                    led = view.suit_of[card]
                played.append((seat, card))
                seat = seat.left
                while seat not in active:
                    seat = seat.left
            assert led is not None
            leader = max(played, key=lambda p: view.strength(p[1], led))[0]
            won[leader.team] += 1
            self.winners.append(leader.team)
            lines.append("trick " + " ".join(f"{s}:{c}" for s, c in played))
        self.tricks_ns, self.tricks_ew = won[Team.NS], won[Team.EW]
        return lines
