"""A hand with a claim or an offence: what the replay asks the analysis, and what it does with the answer.

The double-dummy analysis (:mod:`auditor.analysis`) knows nothing of the
replay.  :class:`Analysed` gives it the hand as a frozen value (the cards
each seat still holds, the plays so far, the contract, who leads, what the
record lost) and takes back a ruling: findings and notes for the hand, the
tricks it is scored on, and which findings decide its points.  The
settlement (:mod:`.settle`) then scores the hand on those tricks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..results import PlayFact

if TYPE_CHECKING:
    from .hand import HandReplay


class Analysed:
    """Asks the analysis of a hand (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

    def ask_analysis(self: HandReplay, facts: list[PlayFact]) -> None:
        """The claim checked and the offences measured, before the hand is scored."""
        from ..analysis.asked import HandState  # (imported by the first hand that asks: most audits have none)
        from ..analysis.ruling import judge

        result = self.result
        active = self.active_seats()
        hand = HandState(
            game=self.game, record=self.record, rules=self.rules, seats=tuple(active),
            held={seat: frozenset(cards) for seat, cards in self.held.items() if seat in active},
            plays=tuple(facts), trump=self.trump, no_trump=self.no_trump, maker=self.maker, alone=self.alone,
            defender_alone=self.defender is not None, played=self.closed and not self.thrown_in,
            first_leader=self.first_leader(), won=self.won, tricks_won=result.tricks_won,
            renege_seats=result.renege_seats, findings=tuple(result.findings), lost_tricks=bool(self.unknown),
            worked_out=bool(self.unjudged), unnamed=any(self.unnamed.values()),
        )
        ruling = judge(hand)
        result.findings[:] = ruling.findings
        result.notes = (*result.notes, *ruling.notes)
        result.tricks_won = ruling.tricks_won
        self.claimed = dict(ruling.claimed)
        self.equity = ruling.equity
        self.scoring_findings = list(ruling.decided)

    def points_decided(self: HandReplay) -> None:
        """The hand's points on the findings whose ruling decided them: a failed claim, tricks restored to equity."""
        result = self.result
        points = tuple(zip(result.sides, result.points))
        for code, seat in self.scoring_findings:
            for i, f in enumerate(result.findings):
                if f.code is code and f.seat is seat and f.points is None:
                    result.findings[i] = replace(f, points=points)
