"""A hand as the page lays it out: four seats around a table, the bidding, the tricks.

These are plain values for the template (:mod:`auditor.ruling.page`): which
cards each seat held (or, with no deal written, was seen to play), which are
at fault or prove a finding, who led and who won each trick.  Where things
stand on the page is the template's and the style sheet's business.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card, Rank, Seat, Suit
from ..findings import Finding, Role
from ..model import CallKind
from ..results import HandResult
from .words import SEAT_WORDS, SUIT_SYMBOLS, SUIT_WORDS, People, card_words, trump_words

_HANDS_WORDS = {2: "two hands", 3: "three hands", 4: "four hands"}

#: the suits of a seat's cards from left to right: the colours alternate
_SUIT_ORDER = {Suit.JOKER: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3, Suit.DIAMONDS: 4}
#: where each seat sits in the diagram (the style sheet's grid areas): North at the top
AREAS = {Seat.N: "n", Seat.E: "e", Seat.S: "s", Seat.W: "w"}


@dataclass(slots=True)
class CardView:
    rank: str
    symbol: str
    red: bool
    spelled: str  # as the notation writes it: QH
    mark: str | None = None  # "fault" or "proof"
    note: str = ""  # what else the card is: "the up card, taken", "discarded"
    gone: bool = False  # discarded, or the card of a seat that sits out


@dataclass(slots=True)
class SeatView:
    seat: str  # N
    word: str  # North
    area: str
    name: str | None
    roles: list[str] = field(default_factory=list)  # dealer, maker, alone, sits out, defends alone
    cards: list[CardView] = field(default_factory=list)
    known: str = "dealt"  # "dealt", or "played": the deal is not written, these are the cards seen


@dataclass(slots=True)
class Cell:
    card: CardView
    order: int  # 1 for the lead
    leads: bool
    wins: bool


@dataclass(slots=True)
class TrickView:
    number: int
    cells: dict[str, Cell | None]  # by seat letter, N E S W
    leader: str
    winner: str | None


@dataclass(slots=True)
class CallView:
    seat: str
    who: str
    words: str


@dataclass(slots=True)
class TableView:
    seats: list[SeatView]
    up: CardView | None
    trump: str | None  # the suit's symbol, or a word for no trump
    trump_red: bool
    trump_words: str
    dealer: str | None
    calls: list[CallView]
    tricks: list[TrickView]
    deal_known: bool
    columns: list[str] = field(default_factory=lambda: ["N", "E", "S", "W"])  # the seats in play, clockwise
    hands_words: str = "four hands"


def marks_of(findings: list[Finding]) -> dict[Card, str]:
    """Each card the hand's findings rest on, and how (a card at fault outranks a proof)."""
    marks: dict[Card, str] = {}
    for f in findings:
        for marked in f.cards:
            if marked.role is Role.FAULT or marks.get(marked.card) is None:
                marks[marked.card] = marked.role.value
    return marks


def card_view(card: Card, marks: dict[Card, str], note: str = "", gone: bool = False) -> CardView:
    rank, symbol, red = card_words(card)
    return CardView(rank, symbol, red, str(card), marks.get(card), note, gone)


def _sorted(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (_SUIT_ORDER[c.suit], -int(c.rank) if c.rank is not Rank.JOKER else 0))


def table_view(h: HandResult, people: People, marks: dict[Card, str], seats_too: bool = True) -> TableView:
    """The hand's bidding and tricks, and (``seats_too``) the four hands around the table."""
    out = set(h.sitting_out)
    dealt = {holding.seat: holding.cards for holding in h.deal}
    piles = {row.seat: row.piles for row in h.tableau}
    under = {pile.down: pile.up for row in h.tableau for pile in row.piles}
    in_play = people.table.seats
    seats = []
    for seat in in_play if seats_too else ():
        view = SeatView(seat.name, SEAT_WORDS[seat], AREAS[seat], people.names[seat], _roles(h, seat, out))
        if seat in dealt:
            cards = list(dealt[seat])
            if seat is h.dealer and h.taken_up is not None and h.taken_up not in cards:
                cards.append(h.taken_up)
        else:
            view.known = "played"
            cards = [p.card for p in h.plays if p.seat is seat]
        if seat is h.dealer and h.discard is not None and h.discard not in cards:
            cards.append(h.discard)
        if seat in dealt and seat in piles:  # the tableau: each face-up card, then the card face down under it
            cards += [card for pile in piles[seat] for card in pile]
        for card in _sorted(cards):
            note, gone = _note(h, seat, card, out)
            if card in under:
                note = f"face down under {under[card]}"
            elif seat in piles and any(card is pile.up for pile in piles[seat]):
                note = "face up on the table"
            view.cards.append(card_view(card, marks, note, gone))
        seats.append(view)
    up = card_view(h.up, marks, "the up card") if h.up is not None else None
    trump = SUIT_SYMBOLS[h.trump] if h.trump is not None else h.no_trump
    return TableView(
        seats, up, trump, h.trump is not None and h.trump.is_red, trump_words(h) if h.maker is not None else "not made",
        h.dealer.name if h.dealer is not None else None, _calls(h, people), _tricks(h, marks, in_play), bool(h.deal),
        [seat.name for seat in in_play], _HANDS_WORDS.get(len(in_play), "hands"),
    )


def _roles(h: HandResult, seat: Seat, out: set[Seat]) -> list[str]:
    roles = []
    if seat is h.dealer:
        roles.append("dealer")
    if seat is h.maker:
        roles.append("maker, alone" if h.alone else "maker")
    if seat is h.defender_alone:
        roles.append("defends alone")
    if seat in out:
        roles.append("sits out")
    return roles


def _note(h: HandResult, seat: Seat, card: Card, out: set[Seat]) -> tuple[str, bool]:
    if card is h.discard and seat is h.dealer:
        return "discarded", True
    return ("the up card, taken" if card is h.taken_up else ""), seat in out


def _calls(h: HandResult, people: People) -> list[CallView]:
    views = []
    for call in h.calls:
        if call.kind is CallKind.PASS:
            words = "pass"
        elif call.kind is CallKind.ORDER:
            words = "order up" + (f" ({SUIT_WORDS[call.suit]})" if call.suit is not None else "")
        elif call.kind is CallKind.CALL:
            words = f"call {SUIT_WORDS[call.suit]}" if call.suit is not None else "call"
        else:
            words = f"{call.kind.value} (no trump)"
        if call.alone:
            words += ", alone"
        views.append(CallView(call.seat.name, people.names[call.seat] or SEAT_WORDS[call.seat], words))
    if h.defender_alone is not None:
        seat = h.defender_alone
        views.append(CallView(seat.name, people.names[seat] or SEAT_WORDS[seat], "defends alone"))
    return views


def _tricks(h: HandResult, marks: dict[Card, str], in_play: tuple[Seat, ...]) -> list[TrickView]:
    tricks: dict[int, TrickView] = {}
    for play in h.plays:
        view = tricks.get(play.trick)
        if view is None:
            view = tricks[play.trick] = TrickView(play.trick, {s.name: None for s in in_play}, play.seat.name, None)
        order = sum(1 for c in view.cells.values() if c is not None) + 1
        view.cells[play.seat.name] = Cell(card_view(play.card, marks), order, play.leader, play.won)
        if play.leader:
            view.leader = play.seat.name
        if play.won:
            view.winner = play.seat.name
    return [tricks[n] for n in sorted(tricks)]
