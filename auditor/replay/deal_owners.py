"""Whose card each card of the deal is, as the deal lines are read.

A card written in two seats' lines (a sixth card copied from another line, S019) has no single owner the
record shows: building ``{card: seat}`` over the lines would give it silently to whichever line comes last,
and a second slip read on it (a seat letter written twice, two seat letters swapped, the up card) would be
judged on a guessed owner.  :func:`deal_owners` maps such a card to ``None``: it is a card of the deal
(``card in owners`` holds, so it fills no line cut short and is not the up card) that no seat is known to
hold (``owners.get(card) is seat`` holds for no seat), so nothing is confirmed, contradicted or judged on it.
The slip search reads the owners from the deal as read (:func:`.extra_card.deal_owners`): a sixth card the
record shows to be a slip (S019) is no card of its line there, and its owner is the other line's seat.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, Seat
from ..model import Holding


def owners(deal: Iterable[Holding]) -> dict[Card, Seat | None]:
    """Each card written in ``deal`` and its seat, or None where the lines write it for more than one seat (a seat's
    second entry in the deal, S021, is not read)."""
    owners: dict[Card, Seat | None] = {}
    read: set[Seat] = set()
    for holding in deal:
        if holding.seat in read:  # a seat written twice (S021): its second entry is no seat's, as the replay reads it
            continue
        read.add(holding.seat)
        for card in holding.cards:
            owners[card] = holding.seat if owners.get(card, holding.seat) is holding.seat else None
    return owners
