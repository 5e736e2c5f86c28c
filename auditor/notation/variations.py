"""The rare statements, built while the parser runs: ``misdeal``, ``farmer``, ``under``, ``best`` (rule variations), ``claim``.

:class:`VariationBuilder` is the part of the builder (``builder._Builder``)
whose methods Lark calls for these rules.  They are rare, so they are read
token by token through their grammar rules only (never in a ``STATEMENTS``
token).  ``farmer <seat>: <cards> [for <cards>]`` and ``under ...`` give cards
for the kitty's; ``best <seat>: <card> [discard <card>]`` passes a card to the
lone maker, who discards one.  ``claim <seat> [<n>]`` ends the written tricks:
the seat claims the rest, or ``n`` of them, for its side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token

from ..cards import Card, Seat
from ..model import NOWHERE, Claim, Exchange, ExchangeKind, Holding, MisdealCall, Pos


class VariationBuilder:
    """Builds the statements of rule variations (mixed into the notation's builder)."""

    # the builder's, which this part reads: the chunk's first line number (less one), where a token stands,
    # and a deal line's reading
    line_offset: int
    _pos: Callable[[Token], Pos]
    _deal: Callable[[str, int, int], tuple[str, Any]]

    def misdeal(self, children: list[Token]) -> tuple[str, Any]:
        (seat,) = children
        return ("misdeal", MisdealCall(Seat[seat.value.upper()], self._pos(seat)))

    def claim(self, children: list[Token]) -> tuple[str, Any]:
        seat = children[0]
        tricks = int(children[1].value) if len(children) > 1 else None
        return ("claim", Claim(Seat[seat.value.upper()], self._pos(seat), tricks))

    def _seat_cards(self, tok: Token) -> Holding:
        """``S: 9C TD 9H`` (a SEAT_CARDS token): one seat and its cards."""
        _, (holding,) = self._deal(tok.value, (tok.line or 0) + self.line_offset, tok.column or 1)
        return holding

    def received(self, children: list[Token]) -> tuple[str, tuple[tuple[Card, ...], tuple[Pos, ...]]]:
        return ("received", (tuple(Card.parse(c.value) for c in children), tuple(self._pos(c) for c in children)))

    def loner_discard(self, children: list[Token]) -> tuple[str, tuple[Card, Pos]]:
        (tok,) = children
        return ("discard", (Card.parse(tok.value), self._pos(tok)))

    def _exchange(self, kind: ExchangeKind, children: list[Any]) -> tuple[str, Any]:
        first = children[0]
        extra = dict(child for child in children[1:])
        received, received_at = extra.get("received", ((), ()))
        discard, discard_at = extra.get("discard", (None, NOWHERE))
        if first.type == "SEAT_ONLY":  # only the cards taken are written: the replay infers those given
            exchange = Exchange(kind, Seat[first.value[0].upper()], (), self._pos(first), (), received, received_at)
            return (kind.value, exchange)
        given = self._seat_cards(first)
        exchange = Exchange(kind, given.seat, given.cards, given.pos, given.positions(),
                            received, received_at, discard, discard_at)
        return (kind.value, exchange)

    def farmer(self, children: list[Any]) -> tuple[str, Any]:
        return self._exchange(ExchangeKind.FARMER, children)

    def under(self, children: list[Any]) -> tuple[str, Any]:
        return self._exchange(ExchangeKind.UNDER, children)

    def best(self, children: list[Any]) -> tuple[str, Any]:
        return self._exchange(ExchangeKind.BEST, children)
