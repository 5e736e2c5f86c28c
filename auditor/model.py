"""The typed model of a recorded game, independent of how it was written down.

Readers (the text notation, EGN) build these objects; the replay engine reads
them.  Nothing here knows a rule of Euchre: a record may hold any nonsense a
scorekeeper wrote, and it is the replay's job to judge it.

Values are immutable.  Those made for every card, trick and holding of every
hand (:class:`Pos`, :class:`Play`, :class:`TrickRecord`, :class:`Holding`)
are typed named tuples rather than frozen dataclasses: a frozen dataclass sets
each field through ``object.__setattr__``, which made building them a tenth
of the whole audit's time over a million hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import NamedTuple

from .cards import Card, Seat, Side, Suit


class Pos(NamedTuple):
    """A 1-based line and column in the source file."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NOWHERE = Pos(0, 0)

#: written after a joker turned up in place of the suit named for it (``up JK ?``): the record does not say
#: which suit, if any, was named (EGN has no place for it)
NOT_RECORDED = "?"

#: ``new(Pos, (line, column))`` builds a Pos (or any of these named tuples) twice as fast as
#: ``Pos(line, column)``, whose ``__new__`` is Python code: for the readers' per-card loops.
new = tuple.__new__


class CallKind(Enum):
    PASS = "pass"
    ORDER = "order"  # round 1: the dealer takes the up card
    CALL = "call"  # round 2: name a suit
    HIGH = "high"  # round 2, a variation: no trump, the highest card of the suit led wins
    LOW = "low"  # round 2, a variation: no trump, the lowest card of the suit led wins


class Call(NamedTuple):
    """One bid: ``<seat> pass``, ``<seat> order [<suit>] [alone]``, ``<seat> call <suit>|high|low [alone]``.

    ``suit`` of an ``order`` is the suit its maker names for a joker turned up.  A named tuple, as a
    play is: a frozen dataclass cost a hand's reading about 2 microseconds in its four or so bids.
    """

    seat: Seat
    kind: CallKind
    pos: Pos
    suit: Suit | None = None
    alone: bool = False


@dataclass(frozen=True, slots=True)
class LoneDefense:
    """``<seat> defend alone``: a defender plays alone; their partner's cards are out of play.

    ``after`` is how many calls of the hand were written before it: the
    declaration belongs after the making call, and the replay checks it there.
    """

    seat: Seat
    pos: Pos
    after: int


class Play(NamedTuple):
    """One card played to a trick."""

    seat: Seat | None  # None: the record leaves it to the rules (EGN); the replay seats it
    card: Card
    pos: Pos


class TrickRecord(NamedTuple):
    plays: tuple[Play, ...]
    pos: Pos


class Holding(NamedTuple):
    """The cards a seat was dealt, as written in a ``deal`` line."""

    seat: Seat
    cards: tuple[Card, ...]
    pos: Pos
    #: where each card is written, when the reader knows (else findings point at ``pos``)
    card_positions: tuple[Pos, ...] = ()
    #: or, for a deal written on one line (the notation's), each card's column on ``pos``'s line: small
    #: ints the interpreter shares, where positions were twenty objects a hand to make and free
    card_columns: tuple[int, ...] = ()

    def card_pos(self, index: int) -> Pos:
        if index < len(self.card_positions):
            return self.card_positions[index]
        if index < len(self.card_columns):
            return Pos(self.pos.line, self.card_columns[index])
        return self.pos

    def positions(self) -> tuple[Pos, ...]:
        """Where each card is written, as far as the reader knows (what :meth:`card_pos` gives, as a tuple)."""
        if self.card_positions or not self.card_columns:
            return self.card_positions
        return tuple(Pos(self.pos.line, column) for column in self.card_columns)


class Pile(NamedTuple):
    """A pile of the tableau (seed 003's two-handed game): a card face up on a card face down."""

    up: Card
    down: Card


class Tableau(NamedTuple):
    """The piles a seat was dealt on the table, as written in a ``tableau`` line (``N: AS/7H TC/8D``)."""

    seat: Seat
    piles: tuple[Pile, ...]
    pos: Pos
    #: where each pile's two cards are written (up, down), when the reader knows
    card_positions: tuple[tuple[Pos, Pos], ...] = ()

    def card_pos(self, index: int, down: bool = False) -> Pos:
        return self.card_positions[index][down] if index < len(self.card_positions) else self.pos


@dataclass(frozen=True, slots=True)
class SidePoints:
    """A number per side, as written (``score NS 4 EW 2``; ``score N 4 E 2 W 7``), in the written order."""

    sides: tuple[Side, ...]
    values: tuple[int, ...]
    pos: Pos

    @classmethod
    def pair(cls, ns: int, ew: int, pos: Pos = NOWHERE) -> SidePoints:
        """The four-player form: NS and EW."""
        return cls(_PAIR, (ns, ew), pos)

    def of(self, side: Side) -> int | None:
        for s, v in zip(self.sides, self.values):
            if s is side:
                return v
        return None

    def in_order(self, sides: tuple[Side, ...]) -> tuple[int, ...] | None:
        """The values in the order of ``sides``; None when the line does not name exactly those sides."""
        if self.sides == sides:
            return self.values
        if len(self.sides) != len(sides) or set(self.sides) != set(sides):
            return None
        return tuple(self.of(s) or 0 for s in sides)

    @property
    def canonical(self) -> tuple[tuple[Side, int], ...]:
        """(side, value) in the order a score line lists sides (NS before EW, N E S W)."""
        return tuple(sorted(zip(self.sides, self.values), key=lambda sv: _SIDE_ORDER[sv[0]]))


_PAIR = (Side.NS, Side.EW)
_SIDE_ORDER = {side: i for i, side in enumerate(Side)}
#: The name four-player code knew per-side numbers by.
TeamPoints = SidePoints


@dataclass(frozen=True, slots=True)
class RenegeCall:
    """The table called a renege on ``seat`` during this hand."""

    seat: Seat
    pos: Pos


@dataclass(frozen=True, slots=True)
class Claim:
    """``claim <seat> [<n>]``: after the written tricks, ``seat`` shows its cards and claims ``tricks`` of the rest
    for its side (None: all of them); the rest are not played."""

    seat: Seat
    pos: Pos
    tricks: int | None = None


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``# ...`` comment, kept so that a formatter can put it back.

    ``anchor`` names the statement it belongs to (``hand``, ``deal``, ``up``,
    ``bid``, ``discard``, ``trick3``, ``renege``, ``score``, ``tricks``, or
    ``tags``); ``trailing`` is true for a comment at the end of that line.
    """

    text: str
    anchor: str
    trailing: bool
    pos: Pos


@dataclass(frozen=True, slots=True)
class MisdealCall:
    """``misdeal <seat>``: the seat declares a misdeal for the hand dealt to it (a variation)."""

    seat: Seat
    pos: Pos


class ExchangeKind(StrEnum):
    """The exchanges of cards that rule variations allow; the value is the statement's keyword."""

    FARMER = "farmer"  # the farmer's hand: three 9s and 10s for the kitty's face-down cards
    UNDER = "under"  # going under: three cards of a poor hand for the kitty's face-down cards
    BEST = "best"  # partner's best: a card passed to the lone maker, who discards one


@dataclass(frozen=True, slots=True)
class Exchange:
    """Cards that change hands before the play (a variation).

    ``farmer <seat>: <cards> [for <cards>]`` and ``under <seat>: <cards> [for <cards>]``: ``seat``
    gives ``cards`` for the face-down cards of the kitty (``received``, when written).
    ``best <seat>: <card> [discard <card>]``: ``seat`` passes ``cards`` (one card) to their lone
    partner, who discards ``discard``.
    """

    kind: ExchangeKind
    seat: Seat
    cards: tuple[Card, ...]
    pos: Pos
    card_positions: tuple[Pos, ...] = ()
    received: tuple[Card, ...] = ()
    received_positions: tuple[Pos, ...] = ()
    discard: Card | None = None
    discard_pos: Pos = NOWHERE

    @property
    def with_kitty(self) -> bool:
        """Whether the cards are exchanged for the kitty's (a farmer's hand, going under)."""
        return self.kind is not ExchangeKind.BEST


@dataclass(frozen=True, slots=True)
class LostLine:
    """A statement line the reader could not read: only what it said is lost.

    ``kind`` is the statement it most likely was (``hand``, ``deal``, ``up``,
    ``bid``, ``discard``, ``trick``, ``renege``, ``score``, ``tricks``), told
    from its first word or its shape, or None when nothing tells; ``line``
    places it among the hand's other statements (a lost ``trick`` line is the
    trick between the written ones above and below it).
    """

    kind: str | None
    pos: Pos
    line: int
    message: str
    expected: tuple[str, ...] = ()
    #: the finding code that names the loss: None for a line that could not be read (S001); D113 for a
    #: statement that names a seat not at the table
    code: str | None = None
    #: where a reading of the hand puts a lost ``trick`` line among its tricks (from 0), the lines read in
    #: another order than written; None: between the written ones above and below it
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Repair:
    """A line read in a spelling the notation does not have, but whose meaning is plain.

    ``message`` says what was found (``the score is written '6-0'``, a
    look-alike character by its Unicode name); ``canonical`` is the line to
    write instead; ``kind`` is ``spelling`` or ``character``.
    """

    kind: str
    pos: Pos
    message: str
    canonical: str


@dataclass(slots=True)
class HandRecord:
    """Everything written about one hand (a deal and its play)."""

    number: int
    dealer: Seat
    pos: Pos
    deal: tuple[Holding, ...] = ()
    up: Card | None = None
    up_pos: Pos = NOWHERE
    up_suit: Suit | None = None  # the suit the dealer named for a joker turned up (``up JK H``)
    up_suit_unknown: bool = False  # the record does not show that suit (EGN, ``up JK ?``): its absence is no finding
    misdeals: tuple[MisdealCall, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    calls: tuple[Call, ...] = ()
    lone_defense: LoneDefense | None = None  # a ruleset extension (bidding.defend_alone)
    discard: Card | None = None
    discard_pos: Pos = NOWHERE
    tricks: tuple[TrickRecord, ...] = ()
    reneges: tuple[RenegeCall, ...] = ()
    claim: Claim | None = None  # the tricks after the written ones were claimed, not played
    score: SidePoints | None = None
    trick_counts: SidePoints | None = None
    #: the piles dealt face down and face up on the table (``deck.tableau``), per seat
    tableau: tuple[Tableau, ...] = ()
    comments: tuple[Comment, ...] = ()
    #: statements written twice where only one is allowed (``up``, ``score``...)
    repeated: tuple[tuple[str, Pos], ...] = ()
    #: lines of this hand that could not be read (each a syntax finding); the rest is replayed
    lost: tuple[LostLine, ...] = ()
    #: lines read in an unusual spelling or with a look-alike character (each a warning)
    repairs: tuple[Repair, ...] = ()
    #: the tricks are known to be the first ones in order (EGN): missing tricks are the last
    tricks_in_order: bool = False
    #: the next hand, when this one's lines run on into it (its ``hand`` line not written): the reader
    #: gives it to the game as a hand of its own
    run_on: HandRecord | None = None

    def has_full_deal(self, players: int = 4) -> bool:
        return len(self.deal) == players and len({h.seat for h in self.deal}) == players


@dataclass(frozen=True, slots=True)
class BrokenHand:
    """A hand that could not be read; the reason is a syntax finding."""

    pos: Pos
    end_line: int
    message: str
    expected: tuple[str, ...] = ()
    number: int | None = None
    score: SidePoints | None = None
    dealer: Seat | None = None  # when the hand line can still be read


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    value: str
    pos: Pos


@dataclass(slots=True)
class GameRecord:
    """One game: its tags and its hands in file order."""

    index: int  # 1-based within the file
    pos: Pos
    tags: list[Tag] = field(default_factory=list)
    hands: list[HandRecord | BrokenHand] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    #: the score the game starts from (None: every side at 0)
    initial_score: SidePoints | None = None
    #: what a reader could not honour (e.g. EGN analysis lines); the report shows each once
    notes: list[str] = field(default_factory=list)
    #: rules of the record's own that cannot be applied (EGN ruleset keys): each a G806 warning
    unhonoured_rules: list[str] = field(default_factory=list)
    #: tag lines that could not be read, and tag lines read with a repair
    lost: list[LostLine] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)

    def find_tag(self, name: str) -> Tag | None:
        """The first tag of that name, compared case-insensitively."""
        lowered = name.lower()
        return next((t for t in self.tags if t.name.lower() == lowered), None)

    def tag(self, name: str) -> str | None:
        found = self.find_tag(name)
        return found.value if found is not None else None

    def tag_pos(self, name: str) -> Pos:
        found = self.find_tag(name)
        return found.pos if found is not None else self.pos

    def player(self, seat: Seat) -> str | None:
        return self.tag(_SEAT_TAG[seat])


_SEAT_TAG = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SEAT_TAGS = _SEAT_TAG
