"""Exchanges of cards before the play: the farmer's hand, going under, partner's best.

:class:`Exchanges` is the part of :class:`~auditor.replay.hand.HandReplay`
that judges each exchange against the ruleset and the deal, and then moves the
cards as the table did, so that the play is judged on what each player held.

- ``farmer <seat>: <cards> [for <cards>]`` (``deal.farmers_hand``) and
  ``under <seat>: <cards> [for <cards>]`` (``deal.go_under``), before the
  bidding: three cards go to the kitty and its three face-down cards to the
  player.  The kitty is exchanged once a hand.  The cards taken are the ones
  written after ``for``; else, with the whole deal written, the kitty's
  face-down cards (when they are three); else they are not named.
- ``best <seat>: <card> [discard <card>]`` (``bidding.partners_best``), after
  the bidding and the dealer's pickup: the lone maker's partner passes a card,
  and the lone maker discards one.

A card given up in an exchange and played later is D103, naming the exchange.

A record may say less (EGN writes exchanges "if known"): the cards taken from
the kitty without those given (``under <seat>: for <cards>``), or a pass for
partner's best without the lone maker's discard.  Then the tricks, when every
one is written, show what went: the cards of the hand the player never plays.
The audit says so in a note and judges the hand on them; a received card never
played proves that a card given up was played (the exchange's finding).  When
the tricks do not show it, the player's cards are judged only by what the player
is seen to play, and nothing rests on what the record does not say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card, Rank, Seat, display_order, trump_view
from ..findings import BEST_EXCHANGE, FARMER_EXCHANGE, UNDER_EXCHANGE, Code
from ..model import Exchange, ExchangeKind, Play, Pos
from ..said import Said, said
from ..rules.schema import GoUnderHand, PartnersBestCard
from .tricks import cards_text, held_text

if TYPE_CHECKING:
    from .hand import HandReplay

#: the cards a farmer's hand or going under gives up (EGN: "swap three cards with the kitty cards";
#: seed 003: a farmer's "three 9s and 10s"), and so the kitty's face-down cards with a kitty of 4
KITTY_EXCHANGE_CARDS = 3
_LOW = (Rank.NINE, Rank.TEN)
_FACE = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER)
_CODES: dict[ExchangeKind, Code] = {
    ExchangeKind.FARMER: FARMER_EXCHANGE, ExchangeKind.UNDER: UNDER_EXCHANGE, ExchangeKind.BEST: BEST_EXCHANGE,
}
_NAMES = {ExchangeKind.FARMER: "a farmer's hand", ExchangeKind.UNDER: "going under", ExchangeKind.BEST: "partner's best"}


def may_go_under(cards: frozenset[Card] | set[Card], kinds: list[GoUnderHand]) -> bool:
    """Whether a hand of ``cards`` is one of the hands ``kinds`` that may go under."""
    if GoUnderHand.THREE_NINES_AND_TENS in kinds and sum(1 for c in cards if c.rank in _LOW) >= 3:
        return True
    return GoUnderHand.NO_FACE_CARDS in kinds and not any(c.rank in _FACE for c in cards)


class Exchanges:
    """Judges and applies the exchanges of a hand (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

    def exchange_with_kitty(self: HandReplay) -> None:
        """The farmer's hands and goings under of the hand, before the bidding, in the order written."""
        for exchange in self.record.exchanges:
            if exchange.with_kitty:
                self._kitty_exchange(exchange)

    def pass_best(self: HandReplay) -> None:
        """Partner's best, once trump is made and the dealer has taken the up card."""
        for exchange in self.record.exchanges:
            if exchange.kind is ExchangeKind.BEST:
                self._best(exchange)

    def _exchange_report(self: HandReplay, exchange: Exchange, problem: str, pos: Pos | None = None,
                         seat: Seat | None = None, proof: tuple[str, ...] = ()) -> None:
        what = cards_text(exchange.cards) if exchange.cards else "cards not written"
        verb = "passes" if exchange.kind is ExchangeKind.BEST else "exchanges"
        tail = " to their partner" if exchange.kind is ExchangeKind.BEST else " for the kitty"
        self.report(_CODES[exchange.kind], f"{exchange.seat} {verb} {what}{tail} ({_NAMES[exchange.kind]}): {problem}",
                    exchange.pos if pos is None else pos, seat=exchange.seat if seat is None else seat, proof=proof)

    # ------------------------------------------------------------ with the kitty
    def _kitty_exchange(self: HandReplay, exchange: Exchange) -> None:
        seat, given = exchange.seat, exchange.cards
        held = self.held.get(seat)
        for problem, proof in self._kitty_problems(exchange, held):
            self._exchange_report(exchange, problem, proof=proof)
        earlier = self.kitty_exchanged_by
        self.kitty_exchanged_by = seat
        kitty = self._face_down_kitty() if earlier is None else None
        received: tuple[Card, ...] = ()
        if exchange.received:  # what cannot have come from the kitty is a card not named
            received = self._check_received(exchange, kitty)
        elif kitty is not None and len(kitty) == len(given):
            received = tuple(sorted(kitty, key=str))
        how = f"{seat} gave up for the kitty ({_NAMES[exchange.kind]})"
        for card in given:
            self.put_away[card] = how
        if held is None:
            return
        held.difference_update(given)
        held.update(received)
        for card in received:
            self.dealt_to.setdefault(card, seat)
            self.put_away.pop(card, None)
        if len(received) < len(given):  # the kitty is not known without the whole deal: those cards are not named
            self.unnamed[seat] = self.unnamed.get(seat, 0) + len(given) - len(received)
        if not given:  # only the cards taken are written: the tricks may show those given
            self._leave_unwritten(seat, exchange)

    def _leave_unwritten(self: HandReplay, seat: Seat, exchange: Exchange) -> None:
        if self.unwritten is None:
            self.unwritten = {}
        self.unwritten[seat] = exchange

    def _kitty_problems(self: HandReplay, exchange: Exchange, held: set[Card] | None) -> list[tuple[str, tuple[str, ...]]]:
        seat, given, deal = exchange.seat, exchange.cards, self.rules.deal
        problems: list[tuple[str, tuple[str, ...]]] = []
        if exchange.kind is ExchangeKind.FARMER:
            if not deal.farmers_hand:
                problems.append(("this ruleset has no farmer's hand", ()))
            if given and (len(given) != KITTY_EXCHANGE_CARDS or any(c.rank not in _LOW for c in given)):
                problems.append((f"a farmer gives three 9s and 10s, not {cards_text(given)}", ()))
        else:
            if not deal.go_under:
                problems.append(("this ruleset has no going under", ()))
            if given and len(given) != KITTY_EXCHANGE_CARDS:
                problems.append((f"going under exchanges {KITTY_EXCHANGE_CARDS} cards, not {len(given)}", ()))
            dealt = self.dealt_cards(seat)
            if held is not None and not may_go_under(dealt, deal.go_under_hands):
                kinds = " or ".join(k.value for k in deal.go_under_hands)
                problems.append((f"{seat}'s hand is not one that may go under ({kinds})",
                                 (f"{seat} was dealt {held_text(dealt)}",)))
        if self.kitty_exchanged_by is not None:
            problems.append((f"the kitty was already exchanged in this hand (by {self.kitty_exchanged_by})", ()))
        if held is not None and not set(given) <= held:
            problems.append((f"{seat} does not hold {cards_text(sorted(set(given) - held, key=str))}",
                             (f"{seat} held {held_text(held)}",)))
        return problems

    def _check_received(self: HandReplay, exchange: Exchange, kitty: set[Card] | None) -> tuple[Card, ...]:
        """The cards written after ``for`` must be the kitty's face-down cards, as many as were given;
        those that can have come from the kitty."""
        seat, received = exchange.seat, exchange.received
        taken: list[Card] = []
        at = exchange.received_positions[0] if exchange.received_positions else exchange.pos
        if exchange.cards and len(received) != len(exchange.cards):
            self._exchange_report(exchange, f"{seat} takes {len(received)} cards for {len(exchange.cards)}", at)
        for i, card in enumerate(received):
            where = exchange.received_positions[i] if i < len(exchange.received_positions) else at
            owner = self.dealt_to.get(card)
            if card not in self.deck:
                self._check_in_deck(card, where, f"{seat} takes from the kitty", seat)
            elif card == self.record.up:
                self._exchange_report(exchange, f"{seat} takes {card}, the up card, which stays up", where)
            elif owner is not None:
                self._exchange_report(exchange, f"{seat} takes {card}, which was dealt to {owner}, not left in the kitty", where)
            elif kitty is not None and card not in kitty:
                self._exchange_report(exchange, f"{seat} takes {card}, which is not in the kitty", where,
                                      proof=(f"the kitty's face-down cards were {held_text(kitty)}",))
            else:
                taken.append(card)
        return tuple(taken[:len(exchange.cards) or len(received)])

    def _face_down_kitty(self: HandReplay) -> set[Card] | None:
        """The kitty's cards but the up card, when the whole deal shows them."""
        if len(self.held) < self.table.players or self.record.up is None:
            return None
        kitty = set(self.deck) - set(self.dealt_to) - {self.record.up}
        return kitty if len(kitty) == self.rules.deck.kitty - 1 else None

    # ------------------------------------------------------------ partner's best
    def _best(self: HandReplay, exchange: Exchange) -> None:
        partner, given = exchange.seat, exchange.cards
        loner = self.table.partner[partner]
        bidding = self.rules.bidding
        if loner is None:  # each plays for himself: nobody to pass a card to
            self._exchange_report(exchange, f"{partner} has no partner in this game ({self.table.described()})")
            return
        problems: list[tuple[str, tuple[str, ...]]] = []
        if not bidding.partners_best:
            problems.append(("this ruleset has no partner's best", ()))
        if self.best_passed:
            problems.append(("a card was already passed for partner's best in this hand", ()))
        if self.maker is None or not self.alone:
            problems.append(("nobody made trump alone in this hand: only a lone maker calls for best", ()))
        elif self.maker is not loner:
            problems.append((f"{loner} is not the lone maker ({self.maker} is): only the lone maker's partner passes a card", ()))
        if len(given) != 1:
            problems.append((f"partner's best passes one card, not {len(given)}", ()))
        held = self.held.get(partner)
        if held is not None and not set(given) <= held:
            problems.append((f"{partner} does not hold {cards_text(sorted(set(given) - held, key=str))}",
                             (f"{partner} held {held_text(held)}",)))
        elif held is not None and len(given) == 1 and bidding.partners_best_card is PartnersBestCard.HIGHEST_TRUMP:
            problems.extend(self._highest_trump(partner, given[0], held))
        for problem, proof in problems:
            self._exchange_report(exchange, problem, proof=proof)
        self.best_passed = True
        for card in given:
            self.passed_to[card] = loner
        if held is not None:
            held.difference_update(given)
        loner_held = self.held.get(loner)
        if loner_held is not None:
            loner_held.update(given)
        self._loner_discard(exchange, loner, loner_held)

    def _highest_trump(self: HandReplay, partner: Seat, card: Card, held: set[Card]) -> list[tuple[str, tuple[str, ...]]]:
        if self.trump is None:
            return []  # no trump: any card
        view = trump_view(self.trump)
        trumps = [c for c in held if view.suit_of[c] is self.trump]
        if not trumps:
            return []
        best = max(trumps, key=lambda c: view.power[c])
        if card == best:
            return []
        return [(f"{partner} holds a higher trump, {best}; under this ruleset the partner passes their highest trump",
                 (f"{partner} held {held_text(held)}",))]

    def _loner_discard(self: HandReplay, exchange: Exchange, loner: Seat, held: set[Card] | None) -> None:
        discard = exchange.discard
        if discard is None:  # not written (EGN records it "if known"): the tricks may show it
            if held is not None:
                self._leave_unwritten(loner, exchange)
            return
        if held is not None:
            if discard not in held and not self.owns_unnamed(loner, discard):
                self._exchange_report(exchange, f"{loner} discards {discard}, which {loner} does not hold",
                                      exchange.discard_pos, loner, (f"{loner} held {held_text(held)}",))
            held.discard(discard)
        self.put_away[discard] = f"{loner} discarded for partner's best"

    # ------------------------------------------------------------ what the record left out
    def infer_unwritten(self: HandReplay, seated: Sequence[tuple[Sequence[Play], Seat | None, Play | None]]) -> None:
        """Name, from the tricks, the cards an exchange took out of a hand without the record naming them: the
        cards of the hand the player never plays, when every trick is written whole.  Otherwise the player's cards
        are left unknown, so that only what the player is seen to play is judged."""
        pending, self.unwritten = self.unwritten or {}, None
        n_active = len(self.active_seats())
        whole = (not self.unknown and not self.unjudged and len(seated) == self.table.tricks
                 and all(len(plays) == n_active for plays, _, _ in seated))
        for seat, exchange in pending.items():
            held = self.held.get(seat)
            if held is None:
                continue
            mine = [p for plays, _, _ in seated for p in plays if p.seat is seat]
            played = {p.card for p in mine}
            shown = whole and played <= held and len(played) == self.table.tricks
            if exchange.with_kitty and shown:
                given = self._infer_given(seat, exchange, held, played)
                if given is False:  # a card given up was played: which one is not known, so none of them is judged
                    self.unjudged = self.unjudged | {p.pos for p in mine}
                shown = given is True
            elif shown:
                (discard,) = held - played
                self._unwritten_note(said("{seat}'s discard for partner's best is not written; the tricks show it: "
                                          "{card}, the card {seat} held and never played", seat=seat, card=discard))
                held.discard(discard)
                self.put_away[discard] = f"{seat} discarded for partner's best"
            if not shown:
                what = ("the cards {seat} gave for the kitty are" if exchange.with_kitty
                        else "{seat}'s discard for partner's best is")
                self._unwritten_note(said(what + " not written, and the tricks do not show which: {seat}'s cards are "
                                          "judged only by what {seat} is seen to play", seat=seat))
                del self.held[seat]

    def _infer_given(self: HandReplay, seat: Seat, exchange: Exchange, held: set[Card], played: set[Card]) -> bool | None:
        """The cards given for the kitty, where the exchange names only those taken: the dealt cards never played
        (every trick written).  True: the tricks show them; None: they do not; False: a card taken and never
        played proves that a card given up was played instead (the exchange's finding)."""
        taken = exchange.received
        kept = [c for c in taken if c in held and c not in played]  # (the dealer may have discarded one)
        if kept:
            m = len(kept)
            self._exchange_report(
                exchange, f"{seat} took {cards_text(taken)} from the kitty but never played {cards_text(kept)}: "
                f"{seat} played {m} card{'s' if m != 1 else ''} given up for the kitty in {'their' if m != 1 else 'its'} place",
                proof=(f"{seat} was dealt {held_text(self.dealt_cards(seat) - set(taken))} and took {cards_text(taken)}; "
                       "a player gives up as many cards as they take",
                       f"{seat} played {held_text(played)}"))
            return False
        given = held - played
        if len(given) != len(taken):  # a deal of the wrong size (its own finding): which cards went is not known
            return None
        self._unwritten_note(said("{seat}'s exchange with the kitty names only the cards taken, {taken}; the tricks "
                                  "show the cards given: {given}, the cards {seat} was dealt and never played",
                                  seat=seat, taken=taken, given=tuple(sorted(given, key=display_order))))
        if exchange.kind is ExchangeKind.FARMER and any(c.rank not in _LOW for c in given):
            self._exchange_report(exchange, f"a farmer gives three 9s and 10s, not {held_text(given)} (the cards "
                                  f"{seat} never played)")
        how = f"{seat} gave up for the kitty ({_NAMES[exchange.kind]})"
        for card in given:
            self.put_away[card] = how
        held.difference_update(given)
        return True

    def _unwritten_note(self: HandReplay, text: Said) -> None:
        self.result.notes = (*self.result.notes, said("hand {n}: {text}", n=self.record.number, text=text))
