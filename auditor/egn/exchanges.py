"""EGN's ``cardExchanges`` <-> the notation's exchanges (``farmer``, ``under``, ``best``).

EGN records each exchange as ``{"sender"?: seat, "receiver": seat, "cards": [...]}`` and does not
say how an exchange with the kitty (which has no seat) is written.  The convention chosen, read
here and written by :mod:`.writer` (docs/egn.md, "Card exchanges"):

- ``{"sender": s, "receiver": s, "cards": [...]}``: ``s`` gives the cards up face down, to the
  kitty (a farmer's hand, going under), or, right after a pass to ``s``, as the lone maker's discard;
- ``{"receiver": s, "cards": [...]}`` (no sender): the cards ``s`` takes from the kitty (alone, without an
  entry for the cards given: an exchange whose given cards the replay infers from the tricks);
- ``{"sender": p, "receiver": l, "cards": [card]}``, ``l`` the partner of ``p``: partner's best.
"""

from __future__ import annotations

from ..cards import Card, Rank, Seat
from ..model import Exchange, ExchangeKind
from ..table import FOUR, Table
from .jsonpos import Node


def _card(node: Node) -> Card | None:
    try:
        return Card.parse(node.value)
    except ValueError:
        return None


def kitty_kind(cards: list[Card], farmers: bool, go_under: bool) -> ExchangeKind:
    """Which house rule an exchange with the kitty is: EGN's ruleset says, or (with both or neither) the cards
    do (three 9s and 10s are a farmer's hand)."""
    farm = len(cards) == 3 and all(c.rank in (Rank.NINE, Rank.TEN) for c in cards)
    if farmers and go_under or not farmers and not go_under:
        return ExchangeKind.FARMER if farm else ExchangeKind.UNDER
    return ExchangeKind.FARMER if farmers else ExchangeKind.UNDER


def read_exchanges(node: Node, farmers: bool, go_under: bool, table: Table = FOUR) -> tuple[Exchange, ...] | str:
    """EGN's ``cardExchanges`` as exchanges (the convention above), or why they cannot be read."""
    out: list[Exchange] = []
    taken: dict[Seat, Node] = {}
    players = table.players
    for entry in node.value:
        receiver_node, cards_node = entry.value["receiver"], entry.value["cards"]
        sender_node = entry.get("sender")
        seats = [n.value for n in (sender_node, receiver_node) if n is not None]
        if any(not 0 <= seat < players for seat in seats):
            return f"a card exchange names seat {max(seats)}; a {players}-handed game has seats 0-{players - 1}"
        cards = [_card(c) for c in cards_node.value]
        if any(c is None for c in cards) or not cards:
            return "a card exchange has no card, or a hidden card, that the auditor cannot follow"
        known = [c for c in cards if c is not None]
        where = tuple(c.pos for c in cards_node.value)
        receiver = table.seats[receiver_node.value]
        if sender_node is None:
            if receiver in taken:
                return f"seat {table.seats.index(receiver)} takes cards from the kitty twice"
            taken[receiver] = cards_node
            continue
        sender = table.seats[sender_node.value]
        passed = out[-1] if out and out[-1].kind is ExchangeKind.BEST and table.partner[out[-1].seat] is sender else None
        if sender is receiver and passed is not None and passed.discard is None and len(known) == 1:
            out[-1] = Exchange(ExchangeKind.BEST, passed.seat, passed.cards, passed.pos, passed.card_positions,
                               discard=known[0], discard_pos=where[0])
        elif sender is receiver:
            out.append(Exchange(kitty_kind(known, farmers, go_under), sender, tuple(known), entry.pos, where))
        elif receiver is table.partner[sender]:
            out.append(Exchange(ExchangeKind.BEST, sender, tuple(known), entry.pos, where))
        else:
            return (f"seat {table.seats.index(sender)} passes cards to seat {table.seats.index(receiver)}, not a partner: "
                    "no EGN rule does that")
    for seat, cards_node in taken.items():
        index = next((i for i, e in enumerate(out) if e.with_kitty and e.seat is seat), None)
        received = tuple(c for c in (_card(n) for n in cards_node.value) if c is not None)
        positions = tuple(n.pos for n in cards_node.value)
        if index is None:  # EGN records exchanges "if known": the cards given are not, and the tricks may show them
            out.append(Exchange(kitty_kind([], farmers, go_under), seat, (), cards_node.pos, (), received, positions))
            continue
        given = out[index]
        out[index] = Exchange(given.kind, given.seat, given.cards, given.pos, given.card_positions, received, positions)
    return tuple(out)
