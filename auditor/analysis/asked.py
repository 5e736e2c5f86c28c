"""What the replay asks the analysis, and what the analysis answers: two frozen values.

The analysis knows nothing of the replay.  For a hand with a claim or an
offence the replay builds a :class:`HandState` (the cards each seat still
holds, the plays so far, the contract, who leads, what the record lost) and
asks :func:`auditor.analysis.ruling.judge`; the :class:`Ruling` it gets back
says what the claim and the offences come to (findings, notes, the tricks the
hand is scored on), and the replay's settlement scores the hand on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..cards import Card, Seat, Suit, Team
from ..findings import Code, Finding, MarkedCard, Severity
from ..model import HandRecord, Pos
from ..results import PlayFact
from ..rules.schema import Ruleset


@dataclass(frozen=True, slots=True)
class HandState:
    """A hand as the replay leaves it after its written tricks (a four-handed table).

    ``held``: the cards each seat still holds, where the deal shows them (a seat
    left out: not known).  ``won``: the tricks each side is seen to win (NS, EW);
    ``tricks_won``: the hand's, where every trick is known.  ``lost_tricks``: the
    record lost the cards of a trick; ``worked_out``: plays worked out rather
    than written; ``unnamed``: cards dealt that the deck does not have (some of
    a hand is not known).
    """

    game: int
    record: HandRecord
    rules: Ruleset
    seats: tuple[Seat, ...]  # the seats in play, clockwise
    held: Mapping[Seat, frozenset[Card]]
    plays: tuple[PlayFact, ...]
    trump: Suit | None
    no_trump: str | None  # "high" or "low": a no-trump hand
    maker: Seat | None
    alone: bool
    defender_alone: bool
    played: bool  # trump was made and the hand not thrown in
    first_leader: Seat
    won: tuple[int, ...]
    tricks_won: tuple[int, ...] | None
    renege_seats: tuple[Seat, ...]
    findings: tuple[Finding, ...]  # the hand's findings so far
    lost_tricks: bool = False
    worked_out: bool = False
    unnamed: bool = False

    def finding(self, code: Code, message: str, pos: Pos, *, seat: Seat | None = None, proof: tuple[str, ...] = (),
                severity: Severity | None = None, cards: tuple[MarkedCard, ...] = ()) -> Finding:
        """A finding of this hand (as the replay reports one)."""
        return Finding(code, message, pos, self.game, self.record.number, None, seat, proof, severity, cards)


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the analysis makes of a hand.

    ``findings``: the hand's findings as the analysis leaves them (a failed or
    misplaced claim added, each offence's proof told what it gained).
    ``tricks_won``: the tricks of the hand with the claimed ones given;
    ``claimed``: who took each claimed trick, where one side took them all;
    ``equity``: the tricks the hand is scored on under ``renege.restore_equity``;
    ``decided``: the findings (code, seat) whose ruling decides the hand's points.
    """

    findings: tuple[Finding, ...]
    tricks_won: tuple[int, ...] | None
    notes: tuple[str, ...] = ()
    claimed: tuple[tuple[int, Team], ...] = ()
    equity: tuple[int, ...] | None = None
    decided: tuple[tuple[Code, Seat], ...] = ()
