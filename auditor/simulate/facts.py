"""What the simulator keeps of the games it generates: their lines, each hand's facts, the mistakes it made on purpose."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from ..cards import Card, Seat, Side, Suit
from ..rules.schema import NoTrumpCall

PLAYERS = (
    "Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Hank",
    "Ivy", "Jack", "Kim", "Leo", "Mia", "Ned", "Olga", "Pete",
)
EVENTS = ("Legion Hall Tuesday", "Oak Street League", "Friday Club", "Summer Open")

#: the kinds of mistake that can be injected, with how often each is tried
ERROR_KINDS = ("renege", "left-bower", "score")
#: ... and with a tableau (deck.tableau), a card played while it still lies face down too
TABLEAU_ERROR_KINDS = (*ERROR_KINDS, "face-down")
#: ... and where the ruleset lets a stolen deal stand (deal.stealing), the last dealer's partner deals
STEAL_KIND = "steal"
#: a game that has not ended after this many hands is cut short (never seen in practice)
MAX_HANDS_PER_GAME = 400

RENEGE_CODE = "R501"
LEFT_BOWER_ON_ITS_SUIT = "L601"
LEFT_BOWER_LED = "L602"
LEFT_BOWER_ONLY_TRUMP = "L603"
SCORE_CODE = "P701"
FACE_DOWN_CODE = "D112"
STEAL_CODE = "D114"


@dataclass(frozen=True, slots=True)
class InjectedError:
    """One mistake the simulator made on purpose, and what the audit must report."""

    game: int  # 1-based within the output
    hand: int  # the hand number written in the file
    trick: int | None
    seat: str | None
    code: str
    kind: str  # renege, left-bower, score, face-down or steal
    line: int  # the line of the play, of the score entry or of the stolen hand

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


@dataclass(slots=True)
class SimHand:
    """The facts of one simulated hand, as the simulator itself kept them."""

    number: int
    dealer: Seat
    maker: Seat | None = None
    trump: Suit | None = None
    round: int | None = None
    alone: bool = False
    no_trump: NoTrumpCall | None = None  # a high or low hand (trump None)
    defender: Seat | None = None  # a defender who defended alone
    misdeal: Seat | None = None  # the seat that declared a misdeal: the hand was not played
    farmer: Seat | None = None  # the seat that made the farmer's exchange
    farmer_gave: tuple[Card, ...] = ()
    under: Seat | None = None  # the seat that went under (deal.go_under)
    under_gave: tuple[Card, ...] = ()
    under_took: tuple[Card, ...] = ()
    best_from: Seat | None = None  # the lone maker's partner who passed their best card (bidding.partners_best)
    best_card: Card | None = None
    best_discard: Card | None = None  # the lone maker's discard for it
    up_suit: Suit | None = None  # the suit the dealer named for a joker turned up
    renege_called: Seat | None = None  # the table called a renege on this seat (the injected wrong card)
    fast_break: bool = False  # the defenders took the first two tricks and lost the rest: no score (scoring.fast_break)
    token: bool = False  # the makers earned a four-trick token (scoring.four_trick_tokens)
    token_point: bool = False  # ... which completed a set: one more point, in this hand's points
    #: the sides, and per side (in that order) the tricks taken and the points scored
    sides: tuple[Side, ...] = (Side.NS, Side.EW)
    tricks_won: tuple[int, ...] = (0, 0)
    points_won: tuple[int, ...] = (0, 0)

    def points_of(self, side: Side) -> int:
        return self.points_won[self.sides.index(side)]

    def tricks(self, side: Side) -> int:
        return self.tricks_won[self.sides.index(side)]


@dataclass(slots=True)
class SimGame:
    """One generated game: its text lines and what went into it."""

    number: int
    players: tuple[str, ...]  # by seat, for the seats in play
    event: str
    lines: list[str] = field(default_factory=list)
    hands: list[SimHand] = field(default_factory=list)
    errors: list[tuple[InjectedError, int]] = field(default_factory=list)  # error, line within the game
    sides: tuple[Side, ...] = (Side.NS, Side.EW)
    scores: tuple[int, ...] = (0, 0)  # the running score per side
    winner: Side | None = None
    tie: bool = False  # a game of a number of deals (game.deals) that ended with equal scores
    tokens: tuple[int, ...] = (0, 0)  # the four-trick tokens each side holds at the end
