"""A deal line cut short: a seat's cards fewer than the ruleset deals, read as the start of its hand.

A line typed in haste or copied in part loses its end: ``deal N: 9C`` where five cards are dealt.  Judged
as a misdeal it would charge the player with a wrong hand and with every card the player went on to play.
Where the rest of the record fits the cards written as the start of the hand (the cards the seat plays and,
for the dealer, discards, less those written and the up card, are no more than the cards missing), the line
is read as cut short: a warning naming the slip (S018), the hand filled with those cards, and each card still
not known counted as one of the seat's cards the record does not name (no finding rests on it: a card dealt
to nobody that the seat plays is taken to be one, a renege is judged only on the cards known).  A card the
seat plays that was dealt to another seat is no filling: it is judged as the record writes it.  Where the
cards seen are more than the hand holds, the line is no truncation and the wrong hand size stands (D104).
The variations whose cards come from elsewhere than the deal (an exchange, a tableau) keep D104 too.
With a second slip in the hand: a card played twice where one of the two seats lost cards to the cut
(:func:`cards_lost`) is most likely written for one of them, a warning on no one's charge, and so is what
rests on it (:func:`on_a_doubtful_card`); a card another seat plays too fills no line; and two seat letters
swapped are read where one of the two cards is one the cut line does not list, or neither is and so read the
play goes in turn (``slips.seats_swapped``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import Card, Seat
from ..findings import CARD_NOT_HELD, DEAL_LINE_CUT_SHORT, DUPLICATE_CARD, NOT_FOLLOWED, WRONG_LEADER, Severity
from ..model import HandRecord, Holding
from ..said import Said, said
from .deal_owners import owners

if TYPE_CHECKING:
    from .hand import HandReplay


def filling(record: HandRecord, holding: Holding, size: int, deck: frozenset[Card],
            dealt_to: Mapping[Card, Seat | None]) -> list[Card] | None:
    """The cards that fill ``holding`` (fewer than ``size``), in the order they are seen, or None where the cards
    seen are more than the line lacks (no truncation).  ``dealt_to``: the cards the deal gives each seat."""
    if record.exchanges or record.tableau:
        return None
    seat, written = holding.seat, set(holding.cards)
    seen = [p.card for t in record.tricks for p in t.plays if p.seat is seat]
    if seat is record.dealer and record.discard is not None:
        seen.append(record.discard)
    # a card another seat plays too is written for another on one of the two lines: no evidence of this hand
    elsewhere = {p.card for t in record.tricks for p in t.plays if p.seat is not seat}
    fill: list[Card] = []
    for card in seen:
        if card in written or card == record.up or card in dealt_to or card not in deck or card in fill or card in elsewhere:
            continue
        fill.append(card)
    return fill if len(fill) <= size - len(holding.cards) else None


def cut_short_said(holding: Holding, size: int, fill: list[Card]) -> Said:
    """The warning's words: what the line lists, and what fills it."""
    return _cut_short_said(holding.seat, len(holding.cards), size, tuple(fill))


@lru_cache(maxsize=1024)
def _cut_short_said(seat: Seat, written: int, size: int, fill: tuple[Card, ...]) -> Said:
    """(Made once: each way of filling a hand's gaps replays its deal, and words its cut lines alike.)"""
    missing = size - written
    unknown = missing - len(fill)
    if not fill:
        how = said("the card not written is not known, and no finding rests on it" if missing == 1 else
                   "the {n} cards not written are not known, and no finding rests on them", n=missing)
    elif unknown:
        how = said("the cards {seat} played fill {k} of them ({cards}); the other {u} "
                   + ("is" if unknown == 1 else "are") + " not known", seat=seat, k=len(fill), cards=tuple(fill), u=unknown)
    else:
        how = said("the cards {seat} played fill it ({cards})", seat=seat, cards=tuple(fill))
    return said("the deal line of {seat} lists {n} of {size} cards: read as cut short; {how}",
                seat=seat, n=written, size=size, how=how)


def read_cut_short(replay: HandReplay, holding: Holding, size: int) -> list[Card] | None:
    """Read ``holding`` (fewer cards than ``size``) as a line cut short, filled from the seat's plays: the cards
    that fill it (perhaps none) when it is so read and named, None when the record does not fit it (the caller
    reports the hand size)."""
    if replay.table.tableau:
        return None
    fill = filling(replay.record, holding, size, replay.deck, replay.dealt_to)
    if fill is None:
        return None
    seat = holding.seat
    replay.report(DEAL_LINE_CUT_SHORT, cut_short_said(holding, size, fill), holding.pos,
                  proof=(said("{seat}: {cards}", seat=seat, cards=holding.cards),))
    replay.held.setdefault(seat, set()).update(fill)
    replay.dealt_to.update(dict.fromkeys(fill, seat))
    unknown = size - len(holding.cards) - len(fill)
    if unknown:
        replay.unnamed[seat] = replay.unnamed.get(seat, 0) + unknown
    return fill


def cards_lost(replay: HandReplay, seat: Seat) -> bool:
    """Whether the deal line, read as cut short, lost cards of ``seat`` that the plays do not show: a line whose
    filling left cards not known, or a seat whose cards come after the cut (none written).  A card such a seat
    plays twice, or another seat plays after it, is most likely written for one of them: no charge rests on it."""
    if not replay.unnamed.get(seat) and seat in replay.held:
        return False
    return any(f.code is DEAL_LINE_CUT_SHORT for f in replay.result.findings)


def on_a_doubtful_card(replay: HandReplay) -> set[int]:
    """What rests on a card played twice where the deal line, cut short, leaves either of the two most likely
    written for another (:func:`cards_lost`), which the record cannot show: the same card as one its player did
    not hold (it was likely written for the card the cut lost), a lead out of turn after the trick it won (who
    won that trick rests on which card was meant), and a card not followed to it, led (the suit led rests on
    it).  None is a ruling (a warning saying so).  The tricks that hold such a card (from 1): who won them rests
    on it too."""
    findings = replay.result.findings
    doubtful = {m.card for f in findings if f.code is DUPLICATE_CARD and f.level is Severity.WARNING for m in f.cards}
    if not doubtful:
        return set()
    tricks = replay.record.tricks
    for i, f in enumerate(findings):
        if f.level is not Severity.ERROR or not f.trick:
            continue
        if f.code is CARD_NOT_HELD and f.seat is not None and cards_lost(replay, f.seat) and (
                card := next((m.card for m in f.cards if m.card in doubtful), None)) is not None:
            why = said("{c} is played twice, and the deal line is cut short and does not show {seat}'s cards: it is "
                       "most likely written for one of them, which the record cannot show, so it is not a ruling",
                       c=card, seat=f.seat)
        elif f.code is WRONG_LEADER and 2 <= f.trick <= len(tricks) + 1 and (
                held := [p.card for p in tricks[f.trick - 2].plays if p.card in doubtful]):
            why = said("who won trick {t} rests on {c}, a card played twice that is most likely written for another "
                       "(the deal line is cut short), which the record cannot show, so it is not a ruling",
                       t=f.trick - 1, c=held[0])
        elif f.category in NOT_FOLLOWED and f.trick <= len(tricks) and tricks[f.trick - 1].plays and (
                led := tricks[f.trick - 1].plays[0].card) in doubtful:
            why = said("it rests on the card led in trick {t}, {c}, a card played twice that is most likely written for "
                       "another (the deal line is cut short), which the record cannot show, so it is not a ruling",
                       t=f.trick, c=led)
        else:
            continue
        findings[i] = replace(f, severity=Severity.WARNING, proof=(*f.proof, why))
    return {t for t, trick in enumerate(tricks, 1) if any(p.card in doubtful for p in trick.plays)}

