"""What a replay produces: facts per play, per hand and per game.

These records know nothing of the notation or of the rules that produced
them.  They are values beside the model, below the replay that fills them,
so that the analysis, the readers and every presenter (the ruling, the
machine formats, the standings, the statistics) read them without the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .cards import Card, Seat, Side, Suit
from .findings import Finding
from .model import Call, Holding, Pos, SidePoints, Tag, Tableau
from .table import FOUR, SEAT_WORDS, Table

_PAIR = FOUR.sides


class Outcome(str, Enum):
    MAKE = "make"
    MARCH = "march"
    LONE_MAKE = "lone-make"
    LONE_MARCH = "lone-march"
    EUCHRE = "euchre"
    LONE_EUCHRE = "lone-euchre"
    THROWN_IN = "thrown-in"
    MISDEAL = "misdeal"  # a misdeal was declared for the cards dealt: nobody scores, the deal passes on
    FAST_BREAK = "fast-break"  # scoring.fast_break: the defenders took the first two tricks and lost the rest: no score
    UNKNOWN = "unknown"  # the record does not say enough to score the hand


class PlayFact(NamedTuple):
    """One card played (a row of the statistics' ``plays`` table)."""

    trick: int  # 1-based
    seat: Seat
    card: Card
    led: Suit  # the suit led to this trick (the left bower leads trump)
    leader: bool
    followed: bool  # played the suit led (always true for the leader)
    won: bool


@dataclass(frozen=True, slots=True)
class DealRead:
    """The deal as the replay read it, where it reads a line otherwise than written: each line's cards after its
    slip is read (the card written too many left out, S019; a line cut short filled with the cards the seat
    played, S018), in the order of the lines, and how many cards of each seat stay unknown (what the plays did
    not fill, a card the deck does not have).  A form that cannot hold such a slip as written (EGN) takes the
    deal from here, rather than read the slips again."""

    holdings: tuple[Holding, ...]
    unknown: tuple[tuple[Seat, int], ...] = ()


@dataclass(slots=True)
class HandResult:
    """A hand as replayed.  Per-side values (tricks, points, running totals) are tuples in the order of
    ``sides`` (the table's: ``(NS, EW)``, ``(N, E, W)``...)."""

    number: int
    pos: Pos
    dealer: Seat | None
    up: Card | None = None
    maker: Seat | None = None
    trump: Suit | None = None
    no_trump: str | None = None  # "high" or "low": a no-trump hand (trump is None)
    round: int | None = None  # 1: ordered up, 2: named
    alone: bool = False
    defender_alone: Seat | None = None  # the defender who defended alone (bidding.defend_alone)
    sides: tuple[Side, ...] = _PAIR
    tricks_won: tuple[int, ...] | None = None  # tricks each side took, when every trick is known
    points: tuple[int, ...] = (0, 0)
    outcome: Outcome = Outcome.UNKNOWN
    renege_seats: tuple[Seat, ...] = ()  # every failure to follow, called or not
    penalized: Side | None = None  # the side that paid a renege penalty
    recorded: SidePoints | None = None
    totals: tuple[int, ...] = (0, 0)  # the corrected running score after this hand
    counted: bool = True  # false when recorded after the game was won
    broken: bool = False  # the hand could not be read
    plays: tuple[PlayFact, ...] = ()
    findings: list[Finding] = field(default_factory=list)
    #: points the hand may have scored (each per side), when tricks the record lost leave it open
    possible: tuple[tuple[int, ...], ...] = ()
    #: scored although some tricks are not in the record (every way they went scores alike)
    settled: bool = False
    #: the points are the score sheet's entry: the record could not score the hand
    from_sheet: bool = False
    #: the side that earned a four-trick token in this hand (scoring.four_trick_tokens)
    token: Side | None = None
    #: the token completed a set, turned in for a point that is part of ``points``
    token_point: bool = False
    tokens_held: tuple[int, ...] = (0, 0)  # the tokens each side holds after this hand
    #: what the record says of the hand before the play, as written (a ruling shows the cards)
    deal: tuple[Holding, ...] = ()
    #: the deal as read, where a line of it is read otherwise than written or a card of it is not known (None: ``deal``)
    deal_read: DealRead | None = None
    tableau: tuple[Tableau, ...] = ()
    calls: tuple[Call, ...] = ()
    discard: Card | None = None
    taken_up: Card | None = None  # the up card, when the dealer took it into hand
    sitting_out: tuple[Seat, ...] = ()  # the partners of a lone maker and a lone defender
    first_leader: Seat | None = None  # who was to lead the first trick (the replay's, for reading the trick lines' order)
    #: what the ruling says of the hand besides its findings (a claim that holds)
    notes: tuple[str, ...] = ()

    def index(self, side: Side) -> int:
        return self.sides.index(side)

    def points_of(self, side: Side) -> int:
        return self.points[self.sides.index(side)]

    def tricks(self, side: Side) -> int | None:
        return self.tricks_won[self.sides.index(side)] if self.tricks_won is not None else None

    def recorded_values(self) -> tuple[int, ...] | None:
        """The sheet's running score after this hand in the order of ``sides`` (None: not written, or
        written for other sides)."""
        return self.recorded.in_order(self.sides) if self.recorded is not None else None


@dataclass(slots=True)
class GameResult:
    index: int
    pos: Pos
    ruleset: str
    tags: list[Tag] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)
    table: Table = FOUR
    initial: tuple[int, ...] = (0, 0)
    computed: tuple[int, ...] = (0, 0)
    recorded: SidePoints | None = None  # the sheet's last running score
    winner: Side | None = None
    won_in_hand: int | None = None  # the hand that ended the game (the last deal of a game of a number of deals)
    finished: bool = False  # the game reached its end by the rules: a side won, or the last deal ended in a tie
    #: the game's end where it rests on an open hand's score the record does not show (winner, won_in_hand and
    #: finished are then not ruled): what each score the hand allows gives (S024)
    open_end: str | None = None
    #: where ``open_end`` is set: each open hand's number and the score the corrected score counts it with (the one
    #: the cards allow nearest the sheet's entry), which the record does not show
    open_counted: tuple[tuple[int, tuple[int, ...]], ...] = ()
    deals: int = 0  # the hands dealt in the record, those the numbers show missing included
    deal_limit: int = 0  # game.deals: a game of this many deals (0: the target ends it)
    ranking: str = "points"  # standings.*: how players are ranked over the games (StandingsRules.text)
    tokens: tuple[int, ...] | None = None  # four-trick tokens held at the end, per side; None: no tokens in the rules
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # e.g. EGN keys that could not be honoured
    drinks: dict[str, list[tuple[int, str, int]]] | None = None

    @property
    def sides(self) -> tuple[Side, ...]:
        return self.table.sides

    def tag(self, name: str) -> str | None:
        lowered = name.lower()
        return next((t.value for t in self.tags if t.name.lower() == lowered), None)

    def player(self, seat: Seat) -> str | None:
        return self.tag(SEAT_WORDS[seat])

    def players(self) -> dict[Seat, str | None]:
        """:meth:`player` for every seat, the tags read once (the first tag of a name counts, as in :meth:`tag`)."""
        first: dict[str, str] = {}
        for t in self.tags:
            first.setdefault(t.name.lower(), t.value)
        return {seat: first.get(SEAT_WORDS[seat].lower()) for seat in Seat}

    def recorded_values(self) -> tuple[int, ...] | None:
        return self.recorded.in_order(self.sides) if self.recorded is not None else None

    def all_findings(self) -> list[Finding]:
        out = list(self.findings)
        for hand in self.hands:
            out.extend(hand.findings)
        out.sort(key=Finding.sort_key)
        return out
