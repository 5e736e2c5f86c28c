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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from ..cards import Seat
from ..findings import (
    BID_AFTER_CLOSE,
    CARD_NOT_HELD,
    DISCARD_NOT_HELD,
    DUPLICATE_CARD,
    NOT_FOLLOWED,
    STATEMENT_REPEATED,
    TOO_MANY_TRICKS,
    UP_CARD_IN_HAND,
    WRONG_HAND_SIZE,
    WRONG_LEADER,
    Code,
    Finding,
    Severity,
)
from ..model import HandRecord, Pos
from ..results import HandResult
from ..table import Table


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
#: two seat letters of a trick swapped where the deal lines, cut short, list neither card: whose each card was,
#: which tells the slip from a play out of turn, is what the cut lost, so the two are as likely (one offence)
UNSHOWN_SWAP = 1.0
#: two trick lines whose other order makes every lead right: a lead out of turn is shown only where no other
#: order of the lines does (where a wrong lead stays whichever way, the hand has a fault of its own, and a
#: swap must explain more than one wrong lead to be read)
EVERY_LEAD_RIGHT = 0.9

#: a deal line not written from the dealer's left (the order every record of the project writes it in): evidence
#: of who dealt, weaker than an offence; where it alone tells two dealers apart, they are as likely
DEAL_ORDER = 0.5
#: the least an edit costs: a reading that cannot come this much under the best is not edited further
LEAST_EDIT = min(EVERY_LEAD_RIGHT, *COST.values())

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


@dataclass(frozen=True, slots=True)
class Dealing:
    """What the record around a hand says of who dealt it: the dealer the rotation expects after the hand
    before, the seats that the next hand's written dealer says can have dealt it (the rotation read backwards;
    empty where there is no next hand to read), and each seat's left (the deal line starts there)."""

    expected: Seat | None = None
    before: frozenset[Seat] = frozenset()
    left: Sequence[Seat] | None = None

    def misfit(self, record: HandRecord) -> float:
        """How much the record around the hand, and its deal line, disagree with its dealer as written."""
        dealer = record.dealer
        weight = 0.0
        if self.expected is not None and dealer is not self.expected:
            weight += 1
        if self.before and dealer not in self.before:
            weight += 1
        if self.left is not None and record.deal and record.deal[0].seat is not self.left[dealer]:
            weight += DEAL_ORDER
        return weight


def second_slips(findings: Iterable[Finding], slips: Sequence[Candidate], written: HandRecord) -> list[Finding]:
    """``findings`` of the hand ``written``, read with ``slips``, where what rests on a slip no reading puts right
    is no ruling (a warning naming the slip, on nobody's charge): what no play can do (a card played twice, a
    card its player never held) still found on a line an edit was read on, which holds a second slip; and a
    card not followed in a trick whose led card an edit read as one of another suit, or a lead resting on who
    won that trick: the suit led is the reading's, not the record's; and a card not followed in a trick whose
    led card is that second slip: the suit led is not the record's either."""
    findings = list(findings)
    lines: dict[int, Edit] = {}
    for cand in slips:
        for edit in cand.edits:
            first = lines.setdefault(edit.pos.line, edit)
            if first != edit and first.alike is not None:  # readings as likely differ on the line: name it so
                lines[edit.pos.line] = replace(first, message=first.alike)
    leads = {t.pos: t.plays[0].card for t in written.tricks if t.plays}
    led_apart = {n: edit for cand in slips for n, t in enumerate(cand.record.tricks, 1) if t.plays
                 and t.pos in leads and leads[t.pos].suit is not t.plays[0].card.suit
                 for edit in cand.edits if edit.pos.line == t.pos.line}
    firsts = {t.plays[0].pos for cand in slips for t in cand.record.tricks if t.plays}
    led_slip = {f.trick: (f, lines[f.pos.line]) for f in findings if f.level is _ERROR and f.code in _IMPOSSIBLE
                and f.pos.line in lines and f.pos in firsts and f.trick is not None}
    out = []
    for f in findings:
        if f.level is not _ERROR:
            out.append(f)
            continue
        edit = lines.get(f.pos.line)
        apart = led_apart.get(f.trick) if f.category in NOT_FOLLOWED else \
            led_apart.get(f.trick - 1) if f.code is WRONG_LEADER and f.trick is not None else None
        if edit is not None and f.code in _IMPOSSIBLE:
            why = (f"line {f.pos.line} holds a slip already ({edit.message}): what is still wrong on it is most likely "
                   "a second slip on the same line, which the record cannot show, so it is not a ruling")
        elif apart is not None:
            why = (f"it rests on the suit led in trick {f.trick if f.category in NOT_FOLLOWED else f.trick - 1}, which "
                   f"is read from a slip ({apart.message}), not shown by the record: it is not a ruling")
        elif f.category in NOT_FOLLOWED and f.trick in led_slip:
            led, slip = led_slip[f.trick]
            card = f" ({led.cards[0].card})" if led.cards else ""
            why = (f"it rests on the card led in trick {f.trick}{card}, most likely a second slip on line {led.pos.line}, "
                   f"which holds a slip already ({slip.message}): it is not a ruling")
        else:
            out.append(f)
            continue
        out.append(replace(f, severity=Severity.WARNING, proof=(*f.proof, why)))
    return out


def doubt(findings: Iterable[Finding], record: HandRecord, dealing: Dealing) -> float:
    """How far the hand as replayed is from agreeing with itself and with the rotation of the deal."""
    return sum(finding_weight(f) for f in findings) + dealing.misfit(record) + _seat_twice(record)


def _seat_twice(record: HandRecord) -> int:
    """How many tricks name a seat twice: no player plays two cards to one trick, so each is a thing no play
    can do, which the replay finds only as a play out of turn (an offence); it weighs one more."""
    return sum(1 for t in record.tricks if len({p.seat for p in t.plays if p.seat is not None})
               < sum(1 for p in t.plays if p.seat is not None))


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
    #: the reading is at most as likely as the one it was made from, never more (an account of the record as
    #: good as another, not a better one): both are read, and what they disagree on is not a ruling
    only_alike: bool = False
    #: the message where ``only_alike``: the slip in doubt, the record fitting the reading without it as well
    doubt: str | None = None
    #: the record leaves the alternatives of the group as likely whatever their replays find (a card a gap
    #: can account for as well): each is read with it, and what they disagree on is not a ruling
    undecided: bool = False
    #: an order of the trick lines in which every trick is led by the winner of the one before
    leads_right: bool = False

    def finding(self, game: int, hand: int, alternatives: tuple[Edit, ...] = (), written_alike: bool = False) -> Finding:
        """The finding that names the edit; ``alternatives``: the edits of the readings as likely, and
        ``written_alike``: the hand as written is as likely as well."""
        if self.only_alike and self.doubt is not None:
            return Finding(self.code, self.doubt, self.pos, game, hand, self.trick, self.seat, proof=(
                "the record does not show which was played: each is read, and what they disagree on is not a ruling",))
        if (alternatives or written_alike) and self.alike is not None:
            return Finding(self.code, self.alike, self.pos, game, hand, self.trick, self.seat, proof=self.alike_proof)
        proof = self.proof
        others = [a.message for a in alternatives] + (["the hand as written"] if written_alike else [])
        if others:
            proof = (*proof, f"the record fits another reading as well ({'; '.join(others)}): what the readings "
                             "disagree on is not a ruling")
        return Finding(self.code, self.message, self.pos, game, hand, self.trick, self.seat, proof=proof)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A reading of a hand: the record with some edits made, the plays they worked out (not judged)."""

    record: HandRecord
    edits: tuple[Edit, ...] = ()
    unjudged: frozenset[Pos] = frozenset()
    cost: float = 0.0
    result: HandResult | None = field(default=None, compare=False)

    def then_in_doubt(self) -> Candidate:
        """The candidate with its last edit only as likely as the reading it was made from (:attr:`Edit.only_alike`)."""
        return Candidate(self.record, (*self.edits[:-1], replace(self.edits[-1], only_alike=True)), self.unjudged,
                         self.cost, self.result)

    def then(self, edit: Edit, record: HandRecord, unjudged: frozenset[Pos] = frozenset()) -> Candidate:
        return Candidate(record, (*self.edits, edit), self.unjudged | unjudged, self.cost + edit.cost)


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the hand is read against besides itself: the table, and what the hands around it say of its dealer."""

    table: Table
    dealing: Dealing = Dealing()


def shows(result: HandResult, *codes: object) -> bool:
    """Whether the replay found any of ``codes``: what a slip of one shape would leave behind."""
    return any(f.code in codes for f in result.findings)
