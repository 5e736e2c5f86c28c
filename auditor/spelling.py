"""The canonical spelling of each statement of the notation, as a function of the model's values.

Shared by the notation's writer (``fmt``) and reader (which shows the canonical
line when it reads a line written another way), by the EGN annotations that
carry a statement, and by the replay's findings that quote a line as written
and as read: a model-level module, so that none of them needs another's.
"""

from __future__ import annotations

from .cards import Card, Seat, Suit
from .model import NOT_RECORDED, Call, CallKind, Claim, Exchange, Holding, LoneDefense, Play, SidePoints, Tableau, Tag


def tag_line(tag: Tag) -> str:
    value = tag.value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{tag.name} "{value}"]'


def hand_line(number: int, dealer: Seat) -> str:
    return f"hand {number} dealer {dealer}"


def call_text(call: Call) -> str:
    if call.kind is CallKind.PASS:
        return f"{call.seat} pass"
    alone = " alone" if call.alone else ""
    if call.kind is CallKind.ORDER:
        named = f" {call.suit.letter}" if call.suit is not None else ""  # the suit named for a joker turned up
        return f"{call.seat} order{named}{alone}"
    if call.kind in (CallKind.HIGH, CallKind.LOW):
        return f"{call.seat} call {call.kind.value}{alone}"
    suit = call.suit.letter if call.suit is not None else "?"
    return f"{call.seat} call {suit}{alone}"


def up_text(card: Card, named: Suit | None, unrecorded: bool = False) -> str:
    return f"up {card}" + (f" {named.letter}" if named is not None else f" {NOT_RECORDED}" if unrecorded else "")


def claim_text(claim: Claim) -> str:
    return f"claim {claim.seat}" + (f" {claim.tricks}" if claim.tricks is not None else "")


def defense_text(defense: LoneDefense) -> str:
    return f"{defense.seat} defend alone"


def holding_text(holding: Holding) -> str:
    return f"{holding.seat}: " + " ".join(str(c) for c in holding.cards)


def plays_text(plays: tuple[Play, ...] | list[Play]) -> str:
    return " ".join(f"{p.seat}:{p.card}" for p in plays)


def points_text(word: str, points: SidePoints) -> str:
    """``score NS 2 EW 0``, ``score N 4 E 2 W 7``: the sides in their canonical order."""
    return word + "".join(f" {side.value} {value}" for side, value in points.canonical)


def tableau_text(row: Tableau) -> str:
    """``N: AS/7H TC/8D``: a seat's piles, each face-up card over the card face down under it."""
    return f"{row.seat}: " + " ".join(f"{pile.up}/{pile.down}" for pile in row.piles)


def exchange_text(exchange: Exchange) -> str:
    """``farmer S: 9C TD 9H [for ...]``, ``under S: ... [for ...]``, ``best N: AS [discard 9C]``."""
    text = f"{exchange.kind.value} {exchange.seat}:" + "".join(f" {c}" for c in exchange.cards)
    if exchange.received:
        text += " for " + " ".join(str(c) for c in exchange.received)
    if exchange.discard is not None:
        text += f" discard {exchange.discard}"
    return text
