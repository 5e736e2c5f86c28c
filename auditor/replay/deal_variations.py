"""Variations of the deal (seed 003): declaring a misdeal for the cards dealt.

:class:`DealVariations` is the part of :class:`~auditor.replay.hand.HandReplay`
that judges ``misdeal <seat>`` against the ruleset and the deal.  Exchanges of
cards (the farmer's hand, going under, partner's best) are in :mod:`.exchanges`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, Rank, Seat
from ..findings import MISDEAL_DECLARED, MISDEAL_NOT_DECLARED
from ..rules.schema import Misdeal, MisdealHand
from ..said import said
from .tricks import held_cards

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
    """Misdeals (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

    def verify_misdeals(self: HandReplay) -> None:
        rule, kinds = self.rules.deal.misdeal, self.rules.deal.misdeal_hands
        for declared in self.record.misdeals:
            seat = declared.seat
            if rule is Misdeal.NONE:
                self.report(MISDEAL_DECLARED, said("{seat} declares a misdeal; this ruleset has no misdeal for the cards dealt", seat=seat),
                            declared.pos, seat=seat)
            elif seat in self.held and not self.unnamed.get(seat) and not qualifies(self.dealt_cards(seat), kinds):
                self.report(MISDEAL_DECLARED, said("{seat} declares a misdeal, but {seat}'s hand is not one that allows it", seat=seat),
                            declared.pos, seat=seat, proof=(said("{seat} was dealt {cards}", seat=seat, cards=held_cards(self.dealt_cards(seat))),))
            else:
                self.misdeal = seat

    def verify_undeclared_misdeal(self: HandReplay) -> None:
        """Under `must`, a hand that qualifies is not played: provable only with the deal written."""
        if self.rules.deal.misdeal is not Misdeal.MUST or self.misdeal is not None or self.maker is None:
            return
        for seat in self.held:
            if self.unnamed.get(seat):
                continue  # cards its deal line lost (a line cut short): what the hand was is not known
            cards = self.dealt_cards(seat)
            if qualifies(cards, self.rules.deal.misdeal_hands):
                self.report(MISDEAL_NOT_DECLARED, said("{seat} was dealt a hand that must be declared a misdeal, and the hand "
                            "was played", seat=seat), self.record.pos, seat=seat, proof=(said("{seat} was dealt {cards}", seat=seat, cards=held_cards(cards)),))

    def dealt_cards(self: HandReplay, seat: Seat) -> frozenset[Card]:
        return frozenset(c for c, owner in self.dealt_to.items() if owner is seat)
