"""What a replay produces: facts per play, per hand and per game.

These records know nothing of the notation or of the rules that produced
them; reports and statistics read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from ..cards import Card, Seat, Suit, Team
from ..findings import Finding
from ..model import Call, Holding, Pos, Tag, TeamPoints


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


@dataclass(slots=True)
class HandResult:
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
    tricks_ns: int | None = None
    tricks_ew: int | None = None
    points_ns: int = 0
    points_ew: int = 0
    outcome: Outcome = Outcome.UNKNOWN
    renege_seats: tuple[Seat, ...] = ()  # every failure to follow, called or not
    penalized: Team | None = None  # the side that paid a renege penalty
    recorded: TeamPoints | None = None
    total_ns: int = 0  # the corrected running score after this hand
    total_ew: int = 0
    counted: bool = True  # false when recorded after the game was won
    broken: bool = False  # the hand could not be read
    plays: tuple[PlayFact, ...] = ()
    findings: list[Finding] = field(default_factory=list)
    #: (NS, EW) points the hand may have scored, when tricks the record lost leave it open
    possible: tuple[tuple[int, int], ...] = ()
    #: scored although some tricks are not in the record (every way they went scores alike)
    settled: bool = False
    #: the points are the score sheet's entry: the record could not score the hand
    from_sheet: bool = False
    #: the side that earned a four-trick token in this hand (scoring.four_trick_tokens)
    token: Team | None = None
    #: the token completed a set, turned in for a point that is part of ``points_ns``/``points_ew``
    token_point: bool = False
    tokens_ns: int = 0  # the tokens each side holds after this hand
    tokens_ew: int = 0
    #: what the record says of the hand before the play, as written (a ruling shows the cards)
    deal: tuple[Holding, ...] = ()
    calls: tuple[Call, ...] = ()
    discard: Card | None = None
    taken_up: Card | None = None  # the up card, when the dealer took it into hand
    sitting_out: tuple[Seat, ...] = ()  # the partners of a lone maker and a lone defender
    #: what the ruling says of the hand besides its findings (a claim that holds)
    notes: tuple[str, ...] = ()

    def points(self, team: Team) -> int:
        return self.points_ns if team is Team.NS else self.points_ew

    def tricks(self, team: Team) -> int | None:
        return self.tricks_ns if team is Team.NS else self.tricks_ew


@dataclass(slots=True)
class GameResult:
    index: int
    pos: Pos
    ruleset: str
    tags: list[Tag] = field(default_factory=list)
    hands: list[HandResult] = field(default_factory=list)
    initial: tuple[int, int] = (0, 0)
    computed_ns: int = 0
    computed_ew: int = 0
    recorded: TeamPoints | None = None  # the sheet's last running score
    winner: Team | None = None
    won_in_hand: int | None = None  # the hand that ended the game (the last deal of a game of a number of deals)
    finished: bool = False  # the game reached its end by the rules: a side won, or the last deal ended in a tie
    deals: int = 0  # the hands dealt in the record, those the numbers show missing included
    deal_limit: int = 0  # game.deals: a game of this many deals (0: the target ends it)
    ranking: str = "points"  # standings.*: how players are ranked over the games (StandingsRules.text)
    tokens: tuple[int, int] | None = None  # four-trick tokens held at the end (NS, EW); None: no tokens in the rules
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # e.g. EGN keys that could not be honoured
    drinks: dict[str, list[tuple[int, str, int]]] | None = None

    def tag(self, name: str) -> str | None:
        lowered = name.lower()
        return next((t.value for t in self.tags if t.name.lower() == lowered), None)

    def player(self, seat: Seat) -> str | None:
        return self.tag(("North", "East", "South", "West")[seat])

    def all_findings(self) -> list[Finding]:
        out = list(self.findings)
        for hand in self.hands:
            out.extend(hand.findings)
        out.sort(key=Finding.sort_key)
        return out
