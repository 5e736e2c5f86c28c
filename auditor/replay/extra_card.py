"""A deal line with one card too many: a card written twice, or one written too many, read as a slip.

``deal N: 9D KS AC KH JD TC`` where five cards are dealt: judged as written it charges N with a wrong hand
(D104) and, where TC is E's card too or the up card, with a card dealt twice; a card of the sixth that N
never holds makes a renege of every trick N could have followed with it.  A hand of six is a misdeal the
table would have seen at the first trick count, so where the record shows the line to be a slip it is read
as one (S019, a warning on nobody) and the line is read without the card:

- exactly one card of the line is written elsewhere too (another seat's line, the up card) and N never plays
  or discards it: it is read as written twice.  A card written twice in the line is one card, and the dealer's
  line that lists the up card was most likely written after the pickup: both are read so whether or not N
  plays the card;
- no card of the line is written elsewhere, and N plays (and, as the dealer, discards) all but one of them:
  that one is read as a card written too many.

Where N plays or discards the card, or the hand does not show which card is too many (nothing played, a
trick not written), the record shows no slip and the wrong hand size stands (D104).  No ruleset key deals a
hand of six (``deal.misdeal`` names the hands of five that are a misdeal for their cards, which the
replay judges on the cards read), and the variations whose cards come from elsewhere than the deal (an
exchange, a tableau) keep D104.
"""

from __future__ import annotations

from ..cards import Card, Seat
from ..model import HandRecord, Holding
from ..said import Said, said
from .deal_owners import owners


def extra_card(record: HandRecord, holding: Holding, size: int) -> tuple[int, Said] | None:
    """The index in ``holding`` (``size`` + 1 cards) of the card read as written too many, and the warning's words,
    or None where the record does not show the line to be a slip."""
    cards, seat = holding.cards, holding.seat
    if len(cards) != size + 1 or record.exchanges or record.tableau:
        return None
    elsewhere = owners(h for h in record.deal if h.seat is not seat)  # the other lines' cards
    if any(len(h.cards) > size and h.seat is not seat and not set(h.cards).isdisjoint(cards) for h in record.deal):
        return None  # a card two long lines share: the record does not show which of them is the slip
    seen = {p.card for t in record.tricks for p in t.plays if p.seat is seat}
    if seat is record.dealer and record.discard is not None:
        seen.add(record.discard)
    twice = [i for i, c in enumerate(cards) if c in elsewhere or c == record.up or c in cards[:i]]
    if len({cards[i] for i in twice}) > 1:
        return None
    how = "read as written twice"
    if twice:
        i = twice[-1]
        card = cards[i]
        if card in cards[:i]:
            why = said("{card} is written twice in it", card=card)
        elif card == record.up and seat is record.dealer and record.discard is not None:  # (taken up: it discarded)
            why = said("{card} is the up card, the dealer's to take", card=card)
        elif card in seen:
            return None
        else:
            where = (said("{card} is the up card", card=card) if card == record.up
                     else said("{card} is also written for {other}", card=card, other=elsewhere[card]) if elsewhere[card] is not None
                     else said("{card} is also written for two other seats", card=card))
            why = said("{where} and {seat} never plays it", where=where, seat=seat)
    else:
        unseen = [i for i, c in enumerate(cards) if c not in seen]
        if len(unseen) != 1:
            return None
        (i,) = unseen
        plays = "plays or discards" if seat is record.dealer and record.discard is not None else "plays"
        why = said("{card} is written nowhere else, and {seat} never plays it and {plays} the other {size}",
                   card=cards[i], seat=seat, plays=plays, size=size)
        how = "read as a card written too many"
    return i, said("the deal line of {seat} lists {n} of {size} cards: {why}: {how}",
                   seat=seat, n=len(cards), size=size, why=why, how=how)


def without(holding: Holding, index: int) -> Holding:
    """``holding`` without its card at ``index`` (the positions of the others kept)."""
    def drop(values: tuple) -> tuple:
        return values[:index] + values[index + 1:] if index < len(values) else values
    return Holding(holding.seat, drop(holding.cards), holding.pos, drop(holding.card_positions), drop(holding.card_columns))


def deal_owners(record: HandRecord, size: int) -> dict[Card, Seat | None]:
    """Each card of the deal as read (each sixth card the record shows to be a slip read without) and its seat,
    or None where the lines so read still write it for more than one seat (no owner to judge on)."""
    deal = []
    for holding in record.deal:
        extra = extra_card(record, holding, size) if len(holding.cards) == size + 1 else None
        deal.append(without(holding, extra[0]) if extra is not None else holding)
    return owners(deal)
