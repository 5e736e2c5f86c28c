"""Whose turn it is, by the rules: what the bidding made, who is in play, who leads, who wins a trick.

Pure functions of the record, the ruleset and the table.  The replay judges
every call and card on top of them; the EGN reader seats with them the cards
that EGN lists in order only (:mod:`auditor.egn.seating`), without the replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import Rank, Seat, Suit, trump_view
from .model import Call, CallKind, HandRecord, Play
from .rules.schema import FirstLead, JokerUp, Ruleset
from .table import Table

_PASS, _ORDER, _CALL, _HIGH, _LOW = CallKind.PASS, CallKind.ORDER, CallKind.CALL, CallKind.HIGH, CallKind.LOW


def offered_suit(record: HandRecord, rules: Ruleset, call: Call | None = None) -> Suit | None:
    """The suit the up card offers: its own, or for the joker the suit named for it (by the dealer on the up
    line, or by the maker with the order, as the ruleset has it)."""
    up = record.up
    if up is None:
        return None
    if up.rank is not Rank.JOKER:  # (not the is_joker property: every call of a hand asks)
        return up.suit
    if rules.bidding.joker_up is JokerUp.DEALER_NAMES:
        return record.up_suit
    return call.suit if call is not None else None


def takes_up_card(call: Call, offered: Suit | None) -> bool:
    """Whether ``call`` in round 1 makes the up card's suit trump (so the dealer takes it up); ``offered``:
    :func:`offered_suit` for the call."""
    return call.kind is _ORDER or (call.kind is _CALL and offered is not None and call.suit is offered)


class Made(NamedTuple):
    """What the bidding made: the maker, the contract, who plays alone.

    ``joker_open``: trump is the suit the joker turned up offered, which the record does not show.
    """

    maker: Seat
    trump: Suit | None
    low: bool  # a no-trump hand played low
    alone: bool
    defender: Seat | None  # a defender who defends alone
    joker_open: bool = False


def made(record: HandRecord, rules: Ruleset, table: Table) -> Made | None:
    """What the calls made, as the table played them (a call out of turn counts where it was made); None when
    nobody made trump (the hand was thrown in, or the bidding as written never closed)."""
    players, passes, first_round = table.players, 0, True
    for call in record.calls:
        if call.kind is _PASS:
            passes += 1
            if passes == players:
                first_round = False
            elif passes >= 2 * players or (passes == 2 * players - 1
                                            and rules.bidding.misdeal_when_round_two_reaches_dealer):
                return None
            continue
        trump, joker_open = None, False
        if call.kind is not _HIGH and call.kind is not _LOW:
            offered = offered_suit(record, rules, call)
            if first_round and takes_up_card(call, offered):
                trump, joker_open = offered, offered is None and record.up is not None and record.up.is_joker
            else:
                trump = call.suit
        defense = record.lone_defense
        side_of = table.side_of
        defender = defense.seat if defense is not None and side_of[defense.seat] is not side_of[call.seat] else None
        return Made(call.seat, trump, call.kind is _LOW, call.alone and table.partnerships, defender, joker_open)
    return None


def sitting_out(table: Table, maker: Seat | None, alone: bool, defender: Seat | None) -> tuple[Seat, ...]:
    """The partners of a lone maker and of a lone defender (nobody where there are no partners)."""
    out: tuple[Seat, ...] = ()
    partner = table.partner
    if alone and maker is not None and partner[maker] is not None:
        out += (partner[maker],)  # type: ignore[assignment]
    if defender is not None and partner[defender] is not None:
        out += (partner[defender],)  # type: ignore[assignment]
    return out


def in_play(table: Table, out: Sequence[Seat]) -> list[Seat]:
    """The seats that play the hand, clockwise from North, those sitting out left out."""
    seats = table.seats
    return [s for s in seats if s not in out] if out else list(seats)


def first_leader(table: Table, rules: Ruleset, dealer: Seat, maker: Seat | None, alone: bool,
                 active: Sequence[Seat]) -> Seat:
    """Who leads the first trick: the dealer's left, or the lone maker's (``play.first_lead``), the first
    seat in play from there."""
    left = table.left
    rule = rules.play.first_lead_for(alone, table.partnerships)
    start = left[maker] if rule is FirstLead.LONER_LEFT and maker is not None else left[dealer]
    while start not in active:
        start = left[start]
    return start


def next_in_play(table: Table, seat: Seat, active: Sequence[Seat]) -> Seat:
    """The next seat clockwise that plays the hand."""
    left = table.left
    nxt = left[seat]
    while nxt not in active:
        nxt = left[nxt]
    return nxt


def trick_winner(plays: Sequence[Play], trump: Suit | None, low: bool = False) -> Seat | None:
    """The seat whose card wins the trick: the highest trump, else the highest of the suit led (the lowest in a
    no-trump hand played low); None for a trick of no card."""
    if not plays:
        return None
    view = trump_view(trump, low)
    best = plays[0]
    led = view.suit_of[best.card]
    for play in plays[1:]:
        if view.strength(play.card, led) > view.strength(best.card, led):
            best = play
    return best.seat
