"""The tableau (seed 003's two-handed game): cards dealt face down on the table, each with a card face up on it.

:class:`TableauPlay` is the part of :class:`~auditor.replay.hand.HandReplay`
that knows the piles (``deck.tableau``, written ``tableau N: AS/7H ...``):
a player holds their hand and their face-up cards; "when a face-up card is
played, the face-down card beneath it (if any) is turned up and is then in
play", so a player can be void in a suit for one trick and not the next.
What a player could play is judged against what they held *at that moment*;
a card played from under another before it was turned up is D112.

A seat's holding is known only when both its ``deal`` and its ``tableau``
are written: with one of them missing, a card played may have come from the
part not written, and a renege is shown only by a card known to be in the hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import Card, Seat, display_order
from ..findings import DUPLICATE_CARD, PLAYED_FACE_DOWN, UP_CARD_IN_HAND, WRONG_HAND_SIZE, MarkedCard, Role
from ..model import Play
from ..said import Said, said

if TYPE_CHECKING:
    from .hand import HandReplay


class TableauPlay:
    """The tableau's deal, the cards it turns up and where a card was held (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

    def verify_tableau(self: HandReplay) -> None:
        """Each seat's piles: as many as the ruleset deals, their cards in the deck and dealt once."""
        piles_dealt = self.rules.deck.tableau
        seen: set[Seat] = set()
        for row in self.record.tableau:
            seat = row.seat
            if not piles_dealt:
                self.report(WRONG_HAND_SIZE, said("{seat} is dealt {n} piles on the table; this ruleset deals no tableau",
                                                  seat=seat, n=len(row.piles)), row.pos, seat=seat)
                continue
            if seat in seen:
                self.report(WRONG_HAND_SIZE, said("{seat}'s piles are written twice in the tableau", seat=seat), row.pos, seat=seat)
                continue
            seen.add(seat)
            if len(row.piles) != piles_dealt:
                self.report(WRONG_HAND_SIZE, said("{seat} is dealt {n} piles on the table; this ruleset deals {size}",
                                                  seat=seat, n=len(row.piles), size=piles_dealt), row.pos, seat=seat)
            for i, pile in enumerate(row.piles):
                for down, card in ((False, pile.up), (True, pile.down)):
                    where = row.card_pos(i, down)
                    if card not in self.deck:
                        self._check_in_deck(card, where, f"{seat} is dealt", seat)
                    if card in self.dealt_to:
                        self.report(DUPLICATE_CARD, said("{c} is dealt to both {first} and {seat}", c=card, first=self.dealt_to[card], seat=seat),
                                    where, seat=seat, cards=(MarkedCard(card, Role.FAULT, seat),))
                        continue
                    self.dealt_to[card] = seat
                    self.on_table[card] = seat
                if pile.down in self.on_table and pile.up in self.on_table and pile.down is not pile.up:
                    self.covered[pile.down] = pile.up
                    self.covers[pile.up] = pile.down
                    self.face_up_since[pile.up] = 0
        self.hand_dealt = {seat: frozenset(cards) for seat, cards in self.held.items()}
        for seat in list(self.held):
            if seat in seen:  # the whole holding is known: the hand and the cards face up
                self.held[seat] |= {c for c, on in self.on_table.items() if on is seat and c in self.face_up_since}
            else:  # a card played may have come from the table: the holding is not known
                del self.held[seat]
        up = self.record.up
        if up is not None and self.on_table.get(up) is not None:
            owner = self.on_table[up]
            self.report(UP_CARD_IN_HAND, said("the up card {up} is also on the table before {owner}", up=up, owner=owner),
                        self.record.up_pos, seat=owner, cards=(MarkedCard(up, Role.FAULT, owner),))

    def in_hand_dealt(self: HandReplay, seat: Seat, card: Card) -> bool:
        """Whether the written deal puts ``card`` in ``seat``'s hand (not on the table): then a later play of it
        proves the seat held it all along."""
        return card in self.hand_dealt.get(seat, ())

    def turn_up(self: HandReplay, seat: Seat, card: Card, trick: int) -> None:
        """``card`` was played from the table: the card under it comes face up, and is in play from now on."""
        under = self.covers.pop(card)
        del self.covered[under]
        self.face_up_since[under] = trick
        held = self.held.get(seat)
        if held is not None:
            held.add(under)

    def played_from_under(self: HandReplay, play: Play, trick: int) -> None:
        seat, card = play.seat, play.card
        assert seat is not None
        cover = self.covered.pop(card)
        del self.covers[cover]
        self.report(
            PLAYED_FACE_DOWN,
            said("{seat} plays {c}, which lies face down under {cover}: it comes into play only once {cover} is played",
                 seat=seat, c=card, cover=cover),
            play.pos, trick=trick, seat=seat,
            proof=(said("the tableau puts {c} face down under {cover}, and {cover} has not been played", c=card, cover=cover),),
            cards=(MarkedCard(card, Role.FAULT, seat), MarkedCard(cover, Role.PROOF, seat)),
        )

    def where_held(self: HandReplay, seat: Seat, cards: Iterable[Card]) -> Said:
        """``QH (in the hand) and TH (face up on the table since trick 3)``: where each card was."""
        parts, fields = [], {}
        for i, card in enumerate(sorted(cards, key=display_order)):
            since = self.face_up_since.get(card)
            where = ("in the hand" if since is None else "face up on the table from the deal" if since == 0
                     else f"face up on the table since trick {since}")
            parts.append(f"{{c{i}}} ({where})")
            fields[f"c{i}"] = card
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return said(text, **fields)
