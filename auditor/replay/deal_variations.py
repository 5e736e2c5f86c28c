"""Variations of the deal (seed 003): declaring a misdeal for the cards dealt, and the farmer's hand.

:class:`DealVariations` is the part of :class:`~auditor.replay.hand.HandReplay`
that judges ``misdeal <seat>`` and ``farmer <seat>: <cards>`` against the
ruleset and the deal, and moves the cards of a farmer's exchange: the three
9s and 10s go to the kitty, and its three face-down cards to the farmer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, Rank, Seat
from ..findings import FARMER_EXCHANGE, MISDEAL_DECLARED, MISDEAL_NOT_DECLARED
from ..rules.schema import Misdeal, MisdealHand
from ..said import said
from .tricks import cards_text, held_cards

if TYPE_CHECKING:
    from .hand import HandReplay

_LOW = (Rank.NINE, Rank.TEN)


def qualifies(cards: set[Card] | frozenset[Card], kinds: list[MisdealHand]) -> bool:
    """Whether a hand of ``cards`` is one of the misdeal hands ``kinds``."""
    low = [c for c in cards if c.rank in _LOW]
    aces = [c for c in cards if c.rank is Rank.ACE]
    if MisdealHand.NINES_AND_TENS in kinds and len(low) == len(cards):
        return True
    return MisdealHand.ACE_WITH_NINES_AND_TENS in kinds and len(aces) == 1 and len(low) == len(cards) - 1


class DealVariations:
    """Misdeals and the farmer's hand (mixed into :class:`HandReplay`)."""

    def verify_misdeals(self: HandReplay) -> None:
        rule, kinds = self.rules.deal.misdeal, self.rules.deal.misdeal_hands
        for declared in self.record.misdeals:
            seat = declared.seat
            if rule is Misdeal.NONE:
                self.report(MISDEAL_DECLARED, said("{seat} declares a misdeal; this ruleset has no misdeal for the cards dealt", seat=seat),
                            declared.pos, seat=seat)
            elif seat in self.held and not qualifies(self.dealt_cards(seat), kinds):
                self.report(MISDEAL_DECLARED, said("{seat} declares a misdeal, but {seat}'s hand is not one that allows it", seat=seat),
                            declared.pos, seat=seat, proof=(said("{seat} was dealt {cards}", seat=seat, cards=held_cards(self.dealt_cards(seat))),))
            else:
                self.misdeal = seat

    def verify_undeclared_misdeal(self: HandReplay) -> None:
        """Under `must`, a hand that qualifies is not played: provable only with the deal written."""
        if self.rules.deal.misdeal is not Misdeal.MUST or self.misdeal is not None or self.maker is None:
            return
        for seat in self.held:
            cards = self.dealt_cards(seat)
            if qualifies(cards, self.rules.deal.misdeal_hands):
                self.report(MISDEAL_NOT_DECLARED, said("{seat} was dealt a hand that must be declared a misdeal, and the hand "
                            "was played", seat=seat), self.record.pos, seat=seat, proof=(said("{seat} was dealt {cards}", seat=seat, cards=held_cards(cards)),))

    def dealt_cards(self: HandReplay, seat: Seat) -> frozenset[Card]:
        return frozenset(c for c, owner in self.dealt_to.items() if owner is seat)

    def exchange_cards(self: HandReplay) -> None:
        """``farmer <seat>: <cards>``: judged, then the cards move (the kitty's face-down cards to the farmer)."""
        exchanged = False
        for exchange in self.record.exchanges:
            seat, given = exchange.seat, exchange.cards
            problems = []
            if not self.rules.deal.farmers_hand:
                problems.append("this ruleset has no farmer's hand")
            if exchanged:
                problems.append("the kitty's face-down cards were already exchanged in this hand")
            if len(given) != 3 or any(c.rank not in _LOW for c in given):
                problems.append(f"a farmer gives three 9s and 10s, not {cards_text(given)}")
            held = self.held.get(seat)
            if held is not None and not set(given) <= held:
                problems.append(f"{seat} does not hold {cards_text(sorted(set(given) - held, key=str))}")
            for problem in problems:
                self.report(FARMER_EXCHANGE, said("{seat} exchanges {given} for the kitty: {problem}", seat=seat, given=given, problem=problem),
                            exchange.pos, seat=seat)
            exchanged = True
            if held is None:
                continue
            kitty = self._face_down_kitty()
            held.difference_update(given)
            if kitty is not None:
                held.update(kitty)
                for card in kitty:
                    self.dealt_to[card] = seat
            else:  # the kitty is not known without the whole deal: those cards are not named
                self.unnamed[seat] = self.unnamed.get(seat, 0) + len(given)

    def _face_down_kitty(self: HandReplay) -> set[Card] | None:
        """The kitty's cards but the up card, when the whole deal shows them."""
        if len(self.held) < 4 or self.record.up is None:
            return None
        kitty = set(self.deck) - set(self.dealt_to) - {self.record.up}
        return kitty if len(kitty) == self.rules.deck.kitty - 1 else None
