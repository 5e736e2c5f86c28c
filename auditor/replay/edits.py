"""The shapes a slip of the pen takes, what each costs, and how far a replayed hand is from agreeing with itself.

A scorekeeper's slips are few in kind: a line not written, two lines or two
words in the wrong order, a letter or a card written for another, words
added.  Each is an :class:`Edit` of one of these :class:`Shape`\\ s, with a
cost, and each is named as its own slip (a finding code of the syntax family,
a warning).  :mod:`.nearest` reads a doubtful hand as the record, a few edits
away from what is written, that the deal, the rotation and the tricks agree
with best: :func:`doubt` is how far a replay is from that.

An edit must be cheaper than what it explains away: an edit costs more than
one offence (a real lead out of turn, a real bid out of turn is never read as
a slip), and less than two, or than one thing no play can do (a card played
twice, a card its player never held).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..cards import Seat
from ..findings import (
    BID_AFTER_CLOSE,
    CARD_NOT_HELD,
    DISCARD_NOT_HELD,
    DUPLICATE_CARD,
    STATEMENT_REPEATED,
    TOO_MANY_TRICKS,
    UP_CARD_IN_HAND,
    WRONG_HAND_SIZE,
    Code,
    Finding,
    Severity,
)
from ..model import HandRecord, Pos
from ..results import HandResult


class Shape(Enum):
    """The shapes of a slip of the pen, in the words the documentation uses."""

    LINE_MISSING = "a line not written"
    LINES_SWAPPED = "two lines in the wrong order"
    WORDS_SWAPPED = "two words in the wrong order"
    LETTER_CHANGED = "a letter written for another"
    CARD_CHANGED = "a card written for another"
    WORDS_ADDED = "words added"


#: what an edit of each shape costs, in offences: more than one, so that a single real offence is never
#: read away as a slip, and less than two offences or one thing no play can do
COST = {
    Shape.LINE_MISSING: 1.5,
    Shape.LINES_SWAPPED: 1.5,
    Shape.WORDS_SWAPPED: 1.5,
    Shape.LETTER_CHANGED: 1.5,
    Shape.CARD_CHANGED: 1.5,
    Shape.WORDS_ADDED: 1.5,
}
#: a card written for one of another suit and another rank is a larger slip than QH for KH or KS for KH
UNLIKE_CARD = 2.5
#: two trick lines whose other order makes every lead right: a lead out of turn is shown only where no other
#: order of the lines does (where a wrong lead stays whichever way, the hand has a fault of its own, and a
#: swap must explain more than one wrong lead to be read)
EVERY_LEAD_RIGHT = 0.9

#: what no play can do, only a record: weighs as two offences
_IMPOSSIBLE = frozenset({DUPLICATE_CARD, CARD_NOT_HELD, WRONG_HAND_SIZE, TOO_MANY_TRICKS, STATEMENT_REPEATED,
                         DISCARD_NOT_HELD, UP_CARD_IN_HAND, BID_AFTER_CLOSE})
_ERROR = Severity.ERROR


def finding_weight(finding: Finding) -> int:
    """How much a finding says that the record disagrees with itself: 2 for what no play can do, 1 for an
    offence, 0 for a warning."""
    if finding.code in _IMPOSSIBLE:
        return 2
    return 1 if (finding.severity or finding.code.severity) is _ERROR else 0


def doubt(result: HandResult, record: HandRecord, expected_dealer: Seat | None) -> int:
    """How far the hand as replayed is from agreeing with itself and with the rotation of the deal."""
    weight = sum(finding_weight(f) for f in result.findings)
    if expected_dealer is not None and record.dealer is not expected_dealer:
        weight += 1
    return weight


@dataclass(frozen=True, slots=True)
class Edit:
    """One slip: its shape, the finding that names it (in the players' words, with the line to write), and
    ``group``, which tells edits that are alternatives to each other (two seats a card can have been)."""

    shape: Shape
    code: Code
    pos: Pos
    message: str
    proof: tuple[str, ...] = ()
    trick: int | None = None
    seat: Seat | None = None
    cost: float = 0.0
    group: tuple[object, ...] = ()
    #: the message when the readings tie on this group and nothing shows which alternative was meant
    alike: str | None = None
    alike_proof: tuple[str, ...] = ("each is read, and nothing that depends on which is judged",)
    #: whether the hand as written means anything to compare with (not where the dealer is not written)
    as_written: bool = True

    def finding(self, game: int, hand: int, alternatives: tuple[Edit, ...] = ()) -> Finding:
        if alternatives and self.alike is not None:
            return Finding(self.code, self.alike, self.pos, game, hand, self.trick, self.seat, proof=self.alike_proof)
        proof = self.proof
        if alternatives:
            others = "; ".join(a.message for a in alternatives)
            proof = (*proof, f"the record fits another reading as well ({others}): what the readings disagree on "
                             "is not a ruling")
        return Finding(self.code, self.message, self.pos, game, hand, self.trick, self.seat, proof=proof)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A reading of a hand: the record with some edits made, the plays they worked out (not judged)."""

    record: HandRecord
    edits: tuple[Edit, ...] = ()
    unjudged: frozenset[Pos] = frozenset()
    cost: float = 0.0
    result: HandResult | None = field(default=None, compare=False)

    def then(self, edit: Edit, record: HandRecord, unjudged: frozenset[Pos] = frozenset()) -> Candidate:
        return Candidate(record, (*self.edits, edit), self.unjudged | unjudged, self.cost + edit.cost)
