"""The play of the tricks: leads and follows by simple heuristics, and the wrong cards played on purpose.

A contract is a trump suit, or no trump played high or low; its
:class:`~auditor.cards.TrumpView` says which suit each card belongs to and
how strong it is in a trick.  For a trump contract its tables agree with
:func:`~auditor.cards.effective_suit` and :func:`~auditor.cards.trick_strength`.
"""

from __future__ import annotations

import random

from ..cards import Card, Rank, Seat, Side, Suit, TrumpView, trump_view
from ..rules.schema import FirstLead, Ruleset
from ..table import Table
from .facts import FACE_DOWN_CODE, LEFT_BOWER_LED, LEFT_BOWER_ON_ITS_SUIT, LEFT_BOWER_ONLY_TRUMP, RENEGE_CODE


def first_leader(rules: Ruleset, dealer: Seat, maker: Seat, alone: bool, active: list[Seat], table: Table) -> Seat:
    """Who leads the first trick: the ruleset's seat, or the next one in play after it."""
    rule = rules.play.first_lead_for(alone, table.partnerships)
    start = table.left[maker] if rule is FirstLead.LONER_LEFT else table.left[dealer]
    while start not in active:
        start = table.left[start]
    return start


def choose_lead(seat: Seat, hand: list[Card], view: TrumpView, trump: Suit | None, maker: Seat, unseen: set[Card],
                table: Table) -> Card:
    """A trump contract: the makers draw trump with two or a top one; otherwise an off ace, else the lowest card."""
    if trump is None:
        return _no_trump_lead(hand, view, unseen)
    suit_of, power = view.suit_of, view.power
    trumps = [c for c in hand if suit_of[c] is trump]
    if table.side_of[seat] is table.side_of[maker] and trumps and (len(trumps) >= 2 or any(power[c] >= 200 for c in trumps)):
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


def choose_follow(seat: Seat, hand: list[Card], view: TrumpView, led: Suit, played: list[tuple[Seat, Card]],
                  table: Table) -> Card:
    """Win the trick as cheaply as possible unless partner is winning it; otherwise throw the weakest card."""
    best_seat, best_card = max(played, key=lambda p: view.strength(p[1], led))
    best_power = view.strength(best_card, led)
    partner_winning = best_seat is table.partner[seat]
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

    def __init__(self, rules: Ruleset, rng: random.Random, inject: str | None, table: Table) -> None:
        self.rules = rules
        self.rng = rng
        self.inject = inject
        self.table = table
        #: the wrong card played: trick, seat, code and index of its trick among the hand's trick lines
        self.injected: tuple[int, Seat, str, int] | None = None
        self.tricks_won: tuple[int, ...] = table.zeros
        #: the side that won each trick, in order (for the fast break)
        self.winners: list[Side] = []

    def face_down(self, seat: Seat, piles: list[tuple[Card, Card]] | None, hand: list[Card]) -> Card | None:
        """A face-down card to play now, when the hand carries that mistake (seed 003's tableau: a card comes into
        play only once the card on it is played): one still covered, while the player holds another card."""
        if self.inject != "face-down" or self.injected is not None or not piles or self.rng.random() < 0.6:
            return None
        return next((down for _, down in piles if down is not None), None)

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
             alone: bool, defender: Seat | None, deck: tuple[Card, ...],
             piles: dict[Seat, list[tuple[Card, Card]]] | None = None) -> list[str]:
        """Play every trick (the partners of a lone maker and of a lone defender sit out); returns the
        trick lines and counts the tricks each side took.  With a tableau (``piles``: face-up card, face-down
        card), a player plays from the hand or the face-up cards, and the card under a face-up card played
        comes face up."""
        table, partner = self.table, self.table.partner
        out = {partner[maker]} if alone else set()
        if defender is not None:
            out.add(partner[defender])
        active = [s for s in table.seats if s not in out]
        view = trump_view(trump, low)
        unseen = set(deck) if trump is None else set()  # no trump: the cards a player has not seen yet
        leader = first_leader(self.rules, dealer, maker, alone, active, table)
        lines: list[str] = []
        won = [0] * len(table.sides)
        for t in range(1, table.tricks + 1):
            played: list[tuple[Seat, Card]] = []
            seat = leader
            led: Suit | None = None
            for _ in range(len(active)):
                mine = piles[seat] if piles else None
                hand = hands[seat] + [up for up, _ in mine] if mine else hands[seat]  # what the player may play
                wrong = self.mistake(seat, hand, view, trump, played[0][1] if played else None)
                # a card played from under another, on a lead only (it follows nothing, so it is nothing else)
                under = self.face_down(seat, mine, hand) if wrong is None and led is None else None
                if wrong is not None:
                    card, code = wrong
                    self.injected = (t, seat, code, len(lines))
                elif under is not None:
                    card = under
                    self.injected = (t, seat, FACE_DOWN_CODE, len(lines))
                elif led is None:
                    card = choose_lead(seat, hand, view, trump, maker, unseen.difference(hand), table)
                else:
                    card = choose_follow(seat, hand, view, led, played, table)
                _take(card, hands[seat], mine)
                unseen.discard(card)
                if led is None:
                    led = view.suit_of[card]
                played.append((seat, card))
                seat = table.left[seat]
                while seat not in active:
                    seat = table.left[seat]
            assert led is not None
            leader = max(played, key=lambda p: view.strength(p[1], led))[0]
            side = table.side_index[leader]
            won[side] += 1
            self.winners.append(table.sides[side])
            lines.append("trick " + " ".join(f"{s}:{c}" for s, c in played))
        self.tricks_won = tuple(won)
        return lines


def _take(card: Card, hand: list[Card], piles: list[tuple[Card, Card]] | None) -> None:
    """The card leaves the hand, or the table: a face-up card played turns up the card under it (which then
    lies face up with nothing under it); a face-down card played leaves the card on it alone."""
    if card in hand:
        hand.remove(card)
        return
    assert piles is not None
    for i, (up, down) in enumerate(piles):
        if card is up:
            if down is None:
                del piles[i]
            else:
                piles[i] = (down, None)  # type: ignore[assignment]
            return
        if card is down:
            piles[i] = (up, None)  # type: ignore[assignment]
            return
    raise ValueError(f"{card} is neither in the hand nor on the table")
