"""Cards, suits, seats and teams: the domain values every other module shares.

Cards are identified by rank and suit only.  Whether a jack is the highest
or second-highest trump is a question answered by :func:`effective_suit` and
:func:`trick_strength` given the trump suit, never by a name stored on the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from types import MappingProxyType


class Suit(Enum):
    """A suit; the value is its canonical one-letter spelling.

    ``JOKER`` is not a suit a player can name: it is the joker's own, since the
    joker has no printed suit (EGN spells the joker ``B``).  A trump contract
    makes the joker a trump; in a no-trump hand it stays a suit of its own.
    Iterate :data:`SUITS` for the four suits.
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    JOKER = "B"

    # members are singletons compared by identity; Enum's own hash is Python code on the hot path
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (whose jack becomes the left bower)."""
        return _PARTNER_SUIT[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        return _SUIT_SPELLINGS[text.upper()] if text.upper() in _SUIT_SPELLINGS else _SUIT_SPELLINGS[text]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_PARTNER_SUIT = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}

_SUIT_SPELLINGS: dict[str, Suit] = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
}


class Rank(IntEnum):
    """A rank, ordered as in a plain (non-trump) suit."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 20  # the joker ("Best Bower", "Benny"): above every other card

    @property
    def letter(self) -> str:
        return _RANK_LETTER[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        return _RANK_SPELLINGS[text.upper()]


_RANK_LETTER = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_RANK_SPELLINGS: dict[str, Rank] = {letter: rank for rank, letter in _RANK_LETTER.items() if rank is not Rank.JOKER}
_RANK_SPELLINGS["10"] = Rank.TEN


_INTERNED: dict[tuple[Rank, Suit], Card] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card.  ``str(card)`` is the canonical spelling, e.g. ``JD``.

    Cards are interned: there is one object per rank and suit, so equality
    and hashing are identity (fast in the replay's sets and dicts).
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        existing = _INTERNED.get((rank, suit))
        if existing is not None:
            return existing
        made = object.__new__(cls)
        object.__setattr__(made, "rank", rank)
        object.__setattr__(made, "suit", suit)
        _INTERNED[(rank, suit)] = made
        return made

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        if self.rank is Rank.JOKER:
            return "JK"
        return self.rank.letter + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``KD``, ``10h``, ``9♣``, ``JK`` (the joker; also ``B``)...; raises ``ValueError`` on anything else."""
        card = _CARD_CACHE.get(text)
        if card is not None:
            return card
        body = text.strip()
        if body.upper() in _JOKER_SPELLINGS:
            return JOKER
        if len(body) < 2:
            raise ValueError(f"not a card: {text!r}")
        try:
            rank = Rank.parse(body[:-1])
            suit = Suit.parse(body[-1])
        except KeyError:
            raise ValueError(f"not a card: {text!r}") from None
        card = _ALL_CARDS[(rank, suit)]
        if len(_CARD_CACHE) < 4096:
            _CARD_CACHE[text] = card
        return card


#: The four suits a player can name (the enum also holds the joker's own).
SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: The ranks of the printed cards, low to high.
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)

_ALL_CARDS: dict[tuple[Rank, Suit], Card] = {(r, s): Card(r, s) for r in RANKS for s in SUITS}
#: The joker: one card, of no printed suit.
JOKER = Card(Rank.JOKER, Suit.JOKER)
_ALL_CARDS[(Rank.JOKER, Suit.JOKER)] = JOKER
_JOKER_SPELLINGS = frozenset({"JK", "B", "JOKER"})
_CARD_CACHE: dict[str, Card] = {}
for _c in _ALL_CARDS.values():
    if _c is JOKER:
        continue
    for _r in {_c.rank.letter, _c.rank.letter.lower(), "10" if _c.rank is Rank.TEN else _c.rank.letter}:
        for _s in (_c.suit.value, _c.suit.value.lower()):
            _CARD_CACHE[_r + _s] = _c
for _j in ("JK", "jk", "Jk", "jK", "B", "b"):
    _CARD_CACHE[_j] = JOKER
del _c, _r, _s, _j

#: The card that a spelling already seen names (``"KD"``, ``"10h"``...), or None: a fast path
#: for readers; :meth:`Card.parse` reads every spelling.
known_card = _CARD_CACHE.get
#: every spelling :data:`known_card` knows, with its card (read only)
CARD_SPELLINGS: Mapping[str, Card] = MappingProxyType(_CARD_CACHE)


def card(text: str) -> Card:
    """Shorthand used by tests and examples: ``card("JD")``."""
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """``cards("JD 9C AS")`` -> a tuple of three cards."""
    return tuple(Card.parse(t) for t in text.split())


def deck(ranks: tuple[Rank, ...], joker: bool = False) -> frozenset[Card]:
    """The deck made of the given ranks in every suit, and the joker if asked."""
    cards = {_ALL_CARDS[(r, s)] for r in ranks for s in SUITS}
    if joker:
        cards.add(JOKER)
    return frozenset(cards)


# --- trump-dependent views -------------------------------------------------


def display_order(c: Card) -> tuple[str, int]:
    """How cards are listed to people: the joker first, then by suit letter, highest rank first."""
    return ("" if c.rank is Rank.JOKER else c.suit.value, -int(c.rank))


def is_left_bower(c: Card, trump: Suit | None) -> bool:
    """The jack of the suit of the same colour as trump."""
    return trump is not None and c.rank is Rank.JACK and c.suit is trump.partner


def is_right_bower(c: Card, trump: Suit | None) -> bool:
    """The jack of the trump suit."""
    return trump is not None and c.rank is Rank.JACK and c.suit is trump


def effective_suit(c: Card, trump: Suit | None) -> Suit:
    """The suit a card belongs to for following, leading and voids.

    The left bower belongs to the trump suit for every purpose, and so does the
    joker.  With no trump (high or low) the joker is a suit of its own: it never
    follows a suit, and a joker led asks for nothing.
    """
    if c.rank is Rank.JOKER:
        return trump if trump is not None else Suit.JOKER
    if trump is not None and c.rank is Rank.JACK and c.suit is trump.partner:
        return trump
    return c.suit


def is_trump(c: Card, trump: Suit | None) -> bool:
    return trump is not None and effective_suit(c, trump) is trump


def trick_strength(c: Card, led: Suit, trump: Suit | None, low: bool = False) -> int:
    """A number that orders the cards of one trick: the highest wins.

    The joker beats everything; trumps beat the suit led, which beats
    everything else (worth 0).  ``low`` (a no-trump hand played low): the
    lowest card of the suit led wins.
    """
    if c.rank is Rank.JOKER:
        return 300
    if trump is not None:
        if c.rank is Rank.JACK and c.suit is trump:
            return 200
        if c.rank is Rank.JACK and c.suit is trump.partner:
            return 199
        if c.suit is trump:
            return 100 + int(c.rank)
    if c.suit is led:
        return 100 - int(c.rank) if low else int(c.rank)
    return 0


@dataclass(frozen=True, slots=True)
class TrumpView:
    """Lookup tables for one contract (a trump suit, or no trump high or low): the replay's hot path.

    ``suit_of[card]`` is :func:`effective_suit`; ``power[card]`` orders a
    trick's cards once filtered to trumps and the suit led (see
    :meth:`strength`), agreeing with :func:`trick_strength`.  ``trump`` is the
    suit that beats the suit led: with no trump it is the joker's own, so that
    the joker, and only the joker, beats every card.
    """

    trump: Suit | None
    suit_of: dict[Card, Suit]
    power: dict[Card, int]

    def strength(self, c: Card, led: Suit) -> int:
        suit = self.suit_of[c]
        if suit is self.trump or suit is led:
            return self.power[c]
        return 0


_VIEWS: dict[tuple[Suit | None, bool], TrumpView] = {}


def trump_view(trump: Suit | None, low: bool = False) -> TrumpView:
    """The tables of a trump contract, or of no trump (``trump`` None) played high or ``low``."""
    view = _VIEWS.get((trump, low))
    if view is None:
        every = list(_ALL_CARDS.values())
        suit_of = {c: effective_suit(c, trump) for c in every}
        power = {c: trick_strength(c, suit_of[c], trump, low) for c in every}
        view = _VIEWS[(trump, low)] = TrumpView(trump if trump is not None else Suit.JOKER, suit_of, power)
    return view


class Seat(IntEnum):
    """The four seats, clockwise from North.

    Which seats are in play, who sits on whose left and who partners whom
    are the ruleset's (``table.seats``, ``table.sides``): ask a
    :class:`~auditor.table.Table`, never the seat itself.
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def parse(cls, text: str) -> Seat:
        return _SEAT_SPELLINGS[text]

    def __str__(self) -> str:
        return self.name


#: The seats clockwise from North (looping over a tuple is much faster than over the enum).
SEATS: tuple[Seat, ...] = tuple(Seat)
_SEAT_SPELLINGS: dict[str, Seat] = {s.name: s for s in Seat} | {s.name.lower(): s for s in Seat}


class Side(Enum):
    """A side of a game: a partnership (``NS``, ``EW``) or a player on their own (``N``, ``E``, ``S``, ``W``).

    The members' order is the order a score line lists them in (``score NS 2 EW 0``, ``score N 4 E 2 W 7``).
    """

    NS = "NS"
    EW = "EW"
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    __hash__ = object.__hash__  # as Suit's

    @property
    def seats(self) -> tuple[Seat, ...]:
        return _SIDE_SEATS[self]

    @property
    def partnership(self) -> bool:
        return len(_SIDE_SEATS[self]) > 1

    @classmethod
    def parse(cls, text: str) -> Side:
        """``NS``, ``ew``, ``N``...; raises ``KeyError`` on anything else."""
        return _SIDE_SPELLINGS[text.upper()]

    def __str__(self) -> str:
        return self.value


#: The name four-player code knew sides by: a partnership is a team.
Team = Side

_SIDE_SEATS: dict[Side, tuple[Seat, ...]] = {
    Side.NS: (Seat.N, Seat.S), Side.EW: (Seat.E, Seat.W),
    Side.N: (Seat.N,), Side.E: (Seat.E,), Side.S: (Seat.S,), Side.W: (Seat.W,),
}
_SIDE_SPELLINGS: dict[str, Side] = {s.value: s for s in Side}
#: The sides in the order a score line lists them.
SIDES: tuple[Side, ...] = tuple(Side)
